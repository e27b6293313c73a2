# Configures nsdkit with the heavy components off (no build): the configuration must succeed
# without looking for CGAL, Siconos, the engines, HDF5 or CLI11, and leave the light components.
# -DSOURCE=<nsdkit source> -DWORK=<scratch directory>
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK} -DNSDKIT_WITH_MESH=OFF
                        -DNSDKIT_WITH_SIMULATION=OFF -DNSDKIT_WITH_HDF5=OFF -DNSDKIT_BUILD_CLI=OFF
                        -DNSDKIT_BUILD_TESTS=OFF -DNSDKIT_BUILD_EXAMPLES=OFF
                        -DNSDKIT_BUILD_BENCHMARKS=OFF -DNSDKIT_BUILD_PYTHON=OFF
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "minimal configuration failed:\n${out}\n${err}")
endif()
file(READ ${WORK}/CMakeCache.txt cache)
foreach(heavy CGAL_DIR Siconos_KERNEL_LIBRARY mujoco_DIR CLI11_DIR DART_DIR MPI_CXX_COMPILER
              NSDKIT_H5CC)
  if(cache MATCHES "\n${heavy}:")
    message(FATAL_ERROR "the minimal configuration looked for ${heavy}")
  endif()
endforeach()
# A partial build refuses the parts that need every component, naming the option.
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}_tests -DNSDKIT_WITH_MESH=OFF
                        -DNSDKIT_BUILD_CLI=OFF -DNSDKIT_BUILD_TESTS=ON
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "NSDKIT_BUILD_TESTS needs every component")
  message(FATAL_ERROR "a partial build with tests was not refused: ${err}")
endif()
file(REMOVE_RECURSE ${WORK}_tests)
