# Runs `nsdkit validate` as a user would: a quick report with rows for every solver and setting,
# the case export, scoring of a user's folder, and one-line errors for bad input.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

include(${CMAKE_CURRENT_LIST_DIR}/cli_test_helpers.cmake)

execute_process(COMMAND ${NSDKIT} validate --output ${WORK}/report --quick --map-grid 5 --quiet
                        --engines builtin
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "validate --quick failed")
endif()
file(READ ${WORK}/report/report.json report)
foreach(solver "nsdkit-event-driven" "siconos/h=0.001" "mujoco/defaults/h=0.001"
               "mujoco/exact/h=0.001" "bullet/defaults/h=0.001" "bullet/exact/h=0.001"
               "ode/defaults/h=0.001" "ode/exact/h=0.001" "dart/defaults/h=0.001"
               "dart/exact/h=0.001")
  if(NOT report MATCHES "\"solver\": \"${solver}\"")
    message(FATAL_ERROR "report.json has no rows of ${solver}")
  endif()
endforeach()
# Rows that must pass, not merely exist (issue 50): each engine at its exact setting, Siconos and
# nsdkit's own integrators on a case every one of them met in every run so far (the trough's
# inside, two-point rolling; the incline at half its threshold, rolling), by the row's status.
foreach(solver "siconos/h=0.001" "mujoco/exact/h=0.001" "bullet/exact/h=0.001"
               "ode/exact/h=0.001" "dart/exact/h=0.001")
  expect_row_passes("${report}" "${solver}" "mu0.3_j0.4/inside")
  expect_row_passes("${report}" "${solver}" "incline/mu0.3/tan0.5x/heading0")
endforeach()
expect_row_passes("${report}" "nsdkit-event-driven" "mu0.3_j0.4/inside")
expect_row_passes("${report}" "nsdkit-stick-slip" "incline/mu0.3/tan0.5x/heading0")
# ... and the check can fail: DART's defaults row of the same case does not pass (the measured
# wrench breaks Coulomb's law, the report's cause).
regex_escape("dart/defaults/h=0.001" dart_re)
if(report MATCHES "\"case\": \"mu0\\.3_j0\\.4/inside\",[^{}]*\"solver\": \"${dart_re}\",[^{}]*\"status\": \"pass\"")
  message(FATAL_ERROR "the row check cannot tell a failing row: dart/defaults passes")
endif()
foreach(section "mz=0" "mz=mz2")
  if(NOT EXISTS "${WORK}/report/maps/mujoco_exact_h=0.001_${section}.csv")
    message(FATAL_ERROR "map ${section} missing")
  endif()
endforeach()
file(READ ${WORK}/report/report.md md)
if(NOT md MATCHES "## Confusion tables" OR NOT md MATCHES "cone=\\\"elliptic\\\"")
  message(FATAL_ERROR "report.md lacks the confusion tables or the settings")
endif()

execute_process(COMMAND ${NSDKIT} validate --export-cases ${WORK}/cases RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/cases/index.json OR NOT EXISTS ${WORK}/cases/0.json)
  message(FATAL_ERROR "validate --export-cases failed")
endif()
# An empty trajectory folder: every row fails as missing, the command itself succeeds.
file(MAKE_DIRECTORY ${WORK}/empty)
execute_process(COMMAND ${NSDKIT} validate --score --cases ${WORK}/cases --trajectories
                        ${WORK}/empty --output ${WORK}/score
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^0 of [0-9]+ benchmark trajectories pass")
  message(FATAL_ERROR "validate --score on an empty folder: ${rc} ${out}")
endif()
file(READ ${WORK}/score/report.json scored)
if(NOT scored MATCHES "missing trajectory file")
  message(FATAL_ERROR "missing files are not reported")
endif()

expect_failure(score_without_cases ${NSDKIT} validate --score --trajectories ${WORK}/empty)
expect_failure(negative_duration ${NSDKIT} validate --t-end -1 --output ${WORK}/bad)
expect_failure(no_such_cases ${NSDKIT} validate --score --cases ${WORK}/nothing --trajectories
               ${WORK}/empty --output ${WORK}/bad2)

# The trusted scorer (issue 30): a case relabelled as rolling is refused by name, not believed.
file(READ ${WORK}/cases/2.json case1)
string(REGEX REPLACE "\"modes\": \\[[^]]*\\]" "\"modes\": [\"RR\"]" forged "${case1}")
if(forged STREQUAL case1)
  message(FATAL_ERROR "could not forge case 2")
endif()
file(WRITE ${WORK}/cases/2.json "${forged}")
execute_process(COMMAND ${NSDKIT} validate --score --cases ${WORK}/cases --trajectories
                        ${WORK}/empty --output ${WORK}/score_forged
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "; 1 cases refused")
  message(FATAL_ERROR "a forged case was not refused: ${rc} ${out}")
endif()
file(READ ${WORK}/score_forged/report.json scored)
if(NOT scored MATCHES "case 2 \\(2.json\\): expected modes differ from the model's")
  message(FATAL_ERROR "the refused row does not name the forged field")
endif()
file(WRITE ${WORK}/cases/2.json "${case1}")
expect_failure(solver_name_newline ${NSDKIT} validate --score --cases ${WORK}/cases
               --trajectories ${WORK}/empty --solver-name "a\nb" --output ${WORK}/bad3)
# --score takes each case's own duration and every case: --t-end and --quick are refused; a
# solver.json whose name differs from --solver-name is refused (issue 44).
expect_failure(score_with_t_end ${NSDKIT} validate --score --cases ${WORK}/cases
               --trajectories ${WORK}/empty --t-end 1 --output ${WORK}/bad8)
expect_failure(score_with_quick ${NSDKIT} validate --score --cases ${WORK}/cases
               --trajectories ${WORK}/empty --quick --output ${WORK}/bad9)
file(MAKE_DIRECTORY ${WORK}/named)
file(WRITE ${WORK}/named/solver.json "{\"name\": \"engine-a\"}")
expect_failure(manifest_name_differs ${NSDKIT} validate --score --cases ${WORK}/cases
               --trajectories ${WORK}/named --solver-name engine-b --output ${WORK}/bad10)
# --families with --score: only those families are scored (8 launch rows).
execute_process(COMMAND ${NSDKIT} validate --score --cases ${WORK}/cases --trajectories
                        ${WORK}/named --families launch --output ${WORK}/score_launch
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^0 of 8 benchmark trajectories pass")
  message(FATAL_ERROR "validate --score --families launch: ${rc} ${out}")
endif()
file(READ ${WORK}/score_launch/report.md launch_md)
if(NOT launch_md MATCHES "engine-a")
  message(FATAL_ERROR "the report does not name the solver of solver.json")
endif()
expect_failure(unknown_family ${NSDKIT} validate --families trough,box --output ${WORK}/bad4)
expect_failure(duplicate_family ${NSDKIT} validate --families launch,launch --output ${WORK}/bad5)

# Case folders that are not what they claim end with one line and exit 2: a path in index.json
# other than <i>.json, a case file symlinked out of the folder.
file(READ ${WORK}/cases/index.json index_json)
string(REPLACE "\"file\": \"3.json\"" "\"file\": \"../../3.json\"" traversal "${index_json}")
file(WRITE ${WORK}/cases/index.json "${traversal}")
expect_failure(index_path_traversal ${NSDKIT} validate --score --cases ${WORK}/cases
               --trajectories ${WORK}/empty --output ${WORK}/bad6)
file(WRITE ${WORK}/cases/index.json "${index_json}")
file(RENAME ${WORK}/cases/4.json ${WORK}/outside_4.json)
file(CREATE_LINK ${WORK}/outside_4.json ${WORK}/cases/4.json SYMBOLIC)
expect_failure(case_symlink_out ${NSDKIT} validate --score --cases ${WORK}/cases
               --trajectories ${WORK}/empty --output ${WORK}/bad7)
file(REMOVE ${WORK}/cases/4.json)
file(RENAME ${WORK}/outside_4.json ${WORK}/cases/4.json)

# Input limits (issue 45): a case file nested 100,000 levels deep is refused naming the file
# (it crashed the digest with a stack overflow); a solver name with markup is refused.
file(READ ${WORK}/cases/5.json case5)
string(REPEAT "[" 100000 deep_open)
string(REPEAT "]" 100000 deep_close)
string(REGEX REPLACE "}[ \n]*$" ", \"deep\": ${deep_open}${deep_close}}" deep_case "${case5}")
file(WRITE ${WORK}/cases/5.json "${deep_case}")
execute_process(COMMAND ${NSDKIT} validate --score --cases ${WORK}/cases --trajectories
                        ${WORK}/empty --output ${WORK}/bad11
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "5.json.*nested deeper than 64")
  message(FATAL_ERROR "a deeply nested case file: ${rc} ${err}")
endif()
file(WRITE ${WORK}/cases/5.json "${case5}")
expect_failure(solver_name_script ${NSDKIT} validate --score --cases ${WORK}/cases
               --trajectories ${WORK}/empty --solver-name "<script>" --output ${WORK}/bad12)
