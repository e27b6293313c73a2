# The WebAssembly/JS engines (engines/web, issue 46) in one `nsdkit validate` report: every web
# engine's two settings run on the launch and block families in one Node.js process per setting,
# judged by the one judge; rows that every run so far passed pass, a failure carries its computed
# cause, two runs give the same verdicts, an engine without its npm package is skipped and named,
# and a runner that fails fails its rows with the runner's own words.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
include(${CMAKE_CURRENT_LIST_DIR}/cli_test_helpers.cmake)
find_program(NODE node)
if(NOT NODE)
  message("SKIPPED: Node.js is absent (./nsdkit.sh deps installs it)")
  return()
endif()
foreach(engine rapier jolt havok cannon-es ammo mujoco)
  if(NOT EXISTS ${ENGINES_DIR}/${engine}/node_modules)
    message(FATAL_ERROR "the ${engine} runner's npm packages are not installed: ./nsdkit.sh deps")
  endif()
endforeach()

function(run_web_report dir)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env NSDKIT_WEB_ENGINES_DIR=${ENGINES_DIR}
                          ${NSDKIT} validate --output ${dir} --quick --engines web
                          --families launch,block --map-grid 5 --quiet
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "validate --engines web failed: ${rc} ${out} ${err}")
  endif()
endfunction()
run_web_report(${WORK}/first)
file(READ ${WORK}/first/report.json report)
foreach(engine "rapier" "jolt" "havok" "cannon-es" "ammo.js" "mujoco3")
  if(NOT report MATCHES "\"solver\": \"${engine}/defaults/h=0\\.001\"")
    message(FATAL_ERROR "report.json has no rows of ${engine} at its defaults")
  endif()
endforeach()
# Measured 2026-11-28 (FINDINGS.md of each engine): Jolt and MuJoCo 3 at their better settings
# pass every launch and block case, Rapier at its defaults too.
foreach(solver "jolt/exact/h=0.001" "mujoco3/exact/h=0.001" "rapier/defaults/h=0.001")
  foreach(case "launch/heading0/backspin0" "block/sliding/heading0"
               "block/incline/tan1.1mu/heading0")
    expect_row_passes("${report}" "${solver}" "${case}")
  endforeach()
endforeach()
# Jolt's defaults fail them, each with its cause computed (its contact cache sinks the sphere).
if(NOT report MATCHES "\"reason\": \"sank [0-9.]+ mm into a plane[^\"]*\",[^{}]*\"solver\": \"jolt/defaults/h=0\\.001\"")
  message(FATAL_ERROR "Jolt's defaults: the sinking sphere's cause is missing")
endif()

# Deterministic engines: a second run gives the same verdict on every row.
run_web_report(${WORK}/second)
file(READ ${WORK}/second/report.json second)
string(REGEX MATCHALL "\"pass\": (true|false)" verdicts_1 "${report}")
string(REGEX MATCHALL "\"pass\": (true|false)" verdicts_2 "${second}")
list(LENGTH verdicts_1 rows)
if(NOT verdicts_1 STREQUAL verdicts_2 OR rows LESS 100)
  message(FATAL_ERROR "two runs of the web engines differ (or too few rows: ${rows})")
endif()

# A folder of two fake engines: one without its npm package (skipped, named with the reason),
# one whose runner fails (its rows fail with the runner's first line of stderr).
file(MAKE_DIRECTORY ${WORK}/fake/absent ${WORK}/fake/failing/node_modules/fake-package)
file(WRITE ${WORK}/fake/absent/engine.json
     "{\"name\": \"absent\", \"package\": \"no-such-package\", \"settings\": [\"defaults\"], \"steps_s\": [0.001]}")
file(WRITE ${WORK}/fake/absent/run_cases.mjs "process.exit(0);\n")
file(WRITE ${WORK}/fake/failing/engine.json
     "{\"name\": \"failing\", \"package\": \"fake-package\", \"settings\": [\"defaults\"], \"steps_s\": [0.001]}")
file(WRITE ${WORK}/fake/failing/node_modules/fake-package/package.json "{}")
file(WRITE ${WORK}/fake/failing/run_cases.mjs
     "console.error('run_cases: the engine crashed on purpose'); process.exit(3);\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E env NSDKIT_WEB_ENGINES_DIR=${WORK}/fake
                        ${NSDKIT} validate --output ${WORK}/fake_report --quick --engines web
                        --families block --map-grid 5 --quiet
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "skipped absent: its npm package no-such-package is not installed")
  message(FATAL_ERROR "the engine without its package was not skipped by name: ${rc} ${out} ${err}")
endif()
file(READ ${WORK}/fake_report/report.json fake)
if(NOT fake MATCHES "\"solver\": \"absent\"" OR NOT fake MATCHES "skipped_solvers")
  message(FATAL_ERROR "report.json does not name the skipped engine")
endif()
if(NOT fake MATCHES "the failing runner \\(run_cases.mjs\\) exited with status 3: 'run_cases: the engine crashed on purpose'")
  message(FATAL_ERROR "the failing runner's rows do not say why")
endif()
file(READ ${WORK}/fake_report/report.md fake_md)
if(NOT fake_md MATCHES "Skipped on this machine")
  message(FATAL_ERROR "report.md does not name the skipped engine")
endif()
expect_failure(unknown_engine ${NSDKIT} validate --output ${WORK}/bad --engines warp-drive)
expect_failure(engines_with_score ${NSDKIT} validate --score --cases ${WORK}/x --trajectories
               ${WORK}/y --engines web)
