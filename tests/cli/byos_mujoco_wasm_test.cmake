# A foreign solver through the scorer (issue 30): the official MuJoCo 3.3.8 WebAssembly build
# (engines/web/mujoco, installed by ./nsdkit.sh deps with npm ci) runs the exported launch
# and block cases; nsdkit validate --score judges them. At its exact settings (elliptic cone)
# every launch and block row passes (measured: 18 of 18 at h = 1e-3); a wrong frame, a wrong
# inertia or a wrong initial state in the runner fails them.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
find_program(NODE node)
if(NOT NODE)
  message("SKIPPED: Node.js is absent (./nsdkit.sh deps installs it)")
  return()
endif()
if(NOT EXISTS ${RUNNER_DIR}/node_modules/mujoco-js/package.json)
  message(FATAL_ERROR "mujoco-js is not installed in ${RUNNER_DIR}: run ./nsdkit.sh deps")
endif()
execute_process(COMMAND ${NSDKIT} validate --export-cases ${WORK}/cases --families launch,block
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "export failed")
endif()
execute_process(COMMAND ${NODE} ${RUNNER_DIR}/run_cases.mjs ${WORK}/cases ${WORK}/traj
                        --setting exact --step 1e-3
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "mujoco-3\\.3\\.8")
  message(FATAL_ERROR "the MuJoCo WebAssembly runner failed: ${rc} ${out} ${err}")
endif()
execute_process(COMMAND ${NSDKIT} validate --score --cases ${WORK}/cases --trajectories
                        ${WORK}/traj --solver-name mujoco-3.3.8/exact/h=0.001
                        --output ${WORK}/score
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^18 of 18 benchmark trajectories pass")
  message(FATAL_ERROR "MuJoCo 3.3.8 (exact) should pass every launch and block case: ${out}")
endif()
# The runner refuses bad options with exit status 2.
execute_process(COMMAND ${NODE} ${RUNNER_DIR}/run_cases.mjs ${WORK}/cases ${WORK}/traj2
                        --setting bogus RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "the runner accepted --setting bogus (${rc})")
endif()
