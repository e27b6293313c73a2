# The C++ quick start of docs/getting_started.md: installs the build into a temporary prefix,
# configures examples/quickstart against it with find_package(nsdkit), builds it and runs it on
# the checkout's ball_trough.json (it checks its results against the paper's eq. (90) and exits
# 1 when they differ), then checks what it prints and the files it writes. The pattern of tests/package/package_test.cmake.
# -DBUILD_DIR=<nsdkit build> -DSOURCE_DIR=<checkout> -DWORK=<scratch directory>
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/run)
function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err
                  WORKING_DIRECTORY ${WORK}/run)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${step} failed (${rc}):\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()
run(install ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK}/prefix)
run(configure ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/quickstart -B ${WORK}/build
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${WORK}/prefix)
run(build ${CMAKE_COMMAND} --build ${WORK}/build)
run(quickstart ${WORK}/build/quickstart ${SOURCE_DIR}/examples/bodies/ball_trough.json)
message(STATUS "${last_output}")
# m_z3 = 2 mu / (1 + mu^2) = 0.6 / 1.09 = 0.5504587156 (eq. (90), mu = 0.3).
foreach(expected "m_z = 0.5: realizable 1; m_z = 0.6: realizable 0, escapes [A-Z|]+"
                 "realizable up to m_z = 0.55045871" "ball.off: [0-9]+ triangles")
  if(NOT last_output MATCHES "${expected}")
    message(FATAL_ERROR "output does not match '${expected}'")
  endif()
endforeach()
file(STRINGS ${WORK}/run/ball.off off_header LIMIT_COUNT 1)
if(NOT off_header STREQUAL "OFF")
  message(FATAL_ERROR "ball.off does not start with OFF: '${off_header}'")
endif()
if(NOT EXISTS ${WORK}/run/ball_mz.csv)
  message(FATAL_ERROR "ball_mz.csv not written")
endif()
