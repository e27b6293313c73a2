# nsd_set_warnings(<target>): -Wall -Wextra -Wpedantic (and -Werror unless disabled) on nsdkit's
# own targets. Third-party headers are included as SYSTEM and do not trigger these.
function(nsd_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion)
  if(NSDKIT_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
