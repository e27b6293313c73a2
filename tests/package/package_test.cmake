# Installs the build tree into a temporary prefix, then configures, builds and runs the
# downstream project of tests/package/downstream against it with find_package(nsdkit).
# -DBUILD_DIR=<nsdkit build> -DWORK=<scratch directory> -DSOURCE=<downstream source>
file(REMOVE_RECURSE ${WORK})
function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${step} failed (${rc}):\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()
run(install ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK}/prefix)
# Internal headers are not installed.
foreach(internal filippov/codim3_search_bounds.hpp filippov/interval_certificate.hpp
                 region/sweep_detail.hpp)
  if(EXISTS ${WORK}/prefix/include/nsdkit/${internal})
    message(FATAL_ERROR "internal header installed: ${internal}")
  endif()
endforeach()
run(configure ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/build -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_PREFIX_PATH=${WORK}/prefix)
run(build ${CMAKE_COMMAND} --build ${WORK}/build)
run(run ${WORK}/build/classify_one_torque)
if(NOT last_output MATCHES "realizable 1; \\(2,0,0\\) escapes RS\\|SR")
  message(FATAL_ERROR "unexpected output: ${last_output}")
endif()
message(STATUS "${last_output}")
