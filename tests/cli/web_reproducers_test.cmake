# Every engine finding of engines/web/<engine>/FINDINGS.md ships a reproducer
# (reproducers/<name>.mjs) that prints "FINDING <name>: measured ..., analytic ..." and exits 0
# while the engine still shows the effect (1 when it no longer does: a fixed engine is noticed).
include(${CMAKE_CURRENT_LIST_DIR}/cli_test_helpers.cmake)
find_program(NODE node)
if(NOT NODE)
  message("SKIPPED: Node.js is absent (./nsdkit.sh deps installs it)")
  return()
endif()
file(GLOB reproducers ${ENGINES_DIR}/*/reproducers/*.mjs)
list(LENGTH reproducers count)
if(count LESS 20)
  message(FATAL_ERROR "expected the engines' reproducers, found ${count}")
endif()
foreach(script IN LISTS reproducers)
  get_filename_component(name ${script} NAME_WE)
  execute_process(COMMAND ${NODE} ${script} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "FINDING ${name}: measured ")
    message(FATAL_ERROR "${script}: exit ${rc}, the effect is not shown as documented:\n${out}\n${err}")
  endif()
  string(REGEX MATCH "FINDING ${name}: [^\n]*" line "${out}")
  message(STATUS "${line}")
endforeach()
