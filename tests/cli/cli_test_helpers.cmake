# Shared by the CLI tests: a command that must fail with exactly one line
# "nsdkit: error: ..." on stderr and a non-zero exit.
function(expect_failure name)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "${name}: expected exit status 2, got ${rc}")
  endif()
  string(REGEX MATCHALL "\n" lines "${err}")
  list(LENGTH lines n)
  if(NOT n EQUAL 1 OR NOT err MATCHES "^nsdkit: error: ")
    message(FATAL_ERROR "${name}: expected one error line, got: ${err}")
  endif()
endfunction()

# A report.json row that passes: rows are flat objects, keys in alphabetical order (case ...
# solver ... status).
function(regex_escape text out)
  string(REGEX REPLACE "([][+.*?()^$|\\])" "\\\\\\1" escaped "${text}")
  set(${out} "${escaped}" PARENT_SCOPE)
endfunction()
function(expect_row_passes report solver case)
  regex_escape("${solver}" solver_re)
  regex_escape("${case}" case_re)
  if(NOT report MATCHES "\"case\": \"${case_re}\",[^{}]*\"solver\": \"${solver_re}\",[^{}]*\"status\": \"pass\"")
    message(FATAL_ERROR "report.json: the row of ${solver} on ${case} does not pass")
  endif()
endfunction()
