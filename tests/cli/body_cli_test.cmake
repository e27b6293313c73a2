# `--body FILE` as a user runs it: the shipped paper ball gives byte-identical output to
# --model ball-trough; a malformed body file gives one line "nsdkit: error: FILE: field: ...",
# exit status 2 and no output file; region and mesh take the body's parameter names.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
include(${CMAKE_CURRENT_LIST_DIR}/cli_test_helpers.cmake)

# Torques on a lattice crossing every face of the body (and beyond it): m = (i, k, l)/10.
set(rows "mx,my,mz\n")
foreach(i RANGE -8 8 2)
  foreach(k RANGE -8 8 2)
    foreach(l RANGE -9 9 3)
      set(rows "${rows}${i}e-1,${k}e-1,${l}e-1\n")
    endforeach()
  endforeach()
endforeach()
file(WRITE ${WORK}/loads.csv "${rows}")
execute_process(COMMAND ${NSDKIT} classify --model ball-trough --input ${WORK}/loads.csv
                        --output ${WORK}/model.csv --quiet RESULT_VARIABLE rc1)
execute_process(COMMAND ${NSDKIT} classify --body ${BODIES}/ball_trough.json
                        --input ${WORK}/loads.csv --output ${WORK}/body.csv --quiet
                RESULT_VARIABLE rc2)
file(READ ${WORK}/model.csv a)
file(READ ${WORK}/body.csv b)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0 OR NOT a STREQUAL b)
  message(FATAL_ERROR "--body ball_trough.json differs from --model ball-trough")
endif()
string(REGEX MATCHALL ",1,\n" realizable "${b}")
string(REGEX MATCHALL ",0,[A-Z|]+\n" escapes "${b}")
list(LENGTH realizable n_in)
list(LENGTH escapes n_out)
if(n_in LESS 5 OR n_out LESS 5)
  message(FATAL_ERROR "the lattice must hold both verdicts (${n_in} realizable, ${n_out} not)")
endif()

# Malformed body files: the message names the file and the field; exit status 2.
function(expect_body_error name text expected)
  file(WRITE ${WORK}/${name}.json "${text}")
  execute_process(COMMAND ${NSDKIT} classify --body ${WORK}/${name}.json
                          --input ${WORK}/loads.csv --output ${WORK}/bad_out.csv
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "${name}: expected exit status 2, got ${rc}")
  endif()
  string(FIND "${err}" "nsdkit: error: ${WORK}/${name}.json: ${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${name}: expected '${expected}', got: ${err}")
  endif()
  expect_failure(${name} ${NSDKIT} classify --body ${WORK}/${name}.json
                 --input ${WORK}/loads.csv --output ${WORK}/bad_out.csv)
endfunction()
file(READ ${BODIES}/ball_trough.json ball)
string(REPLACE "\"mass\": 1.0," "" missing "${ball}")
expect_body_error(missing_mass "${missing}" "mass: missing field")
string(REPLACE "[0, 0, 0.0010000000000000002]]" "[0, 0, -0.001]]" not_spd "${ball}")
expect_body_error(not_spd "${not_spd}" "inertia: must be positive definite")
string(REPLACE "\"normal\": [1, 0, 0]" "\"normal\": [1, 0.1, 0]" not_unit "${ball}")
expect_body_error(not_unit "${not_unit}" "contacts[1].normal: must be a unit vector")
string(REPLACE "[-0.05, 0, 0]" "[0, -0.05, 0]" coincident "${ball}")
expect_body_error(coincident "${coincident}" "contacts: the two contact points coincide")
string(REPLACE "\"mu\": 0.3}}\n" "\"mu\": -0.3}}\n" negative_mu "${ball}")
expect_body_error(negative_mu "${negative_mu}" "contacts[1].friction.mu: must be >= 0")
expect_body_error(not_json "{\"format\": " "not valid JSON")
if(EXISTS ${WORK}/bad_out.csv)
  message(FATAL_ERROR "a failed run left an output file")
endif()
# An unknown parameter in the input's header, and --body with a trough option.
file(WRITE ${WORK}/wrong.csv "mx,mq\n0,0\n")
expect_failure(unknown_parameter ${NSDKIT} classify --body ${BODIES}/ball_trough.json
               --input ${WORK}/wrong.csv --output ${WORK}/bad_out.csv)
expect_failure(body_and_mu ${NSDKIT} classify --body ${BODIES}/ball_trough.json --mu 0.4
               --input ${WORK}/loads.csv --output ${WORK}/bad_out.csv)

# region over a body's own parameter names; the one-contact body's sticking limit under
# gravity alone is at tan(slope) = 3.5 mu (18.6 deg at mu = 0.1 < 25 deg: sliding).
execute_process(COMMAND ${NSDKIT} region --body ${BODIES}/ball_on_incline.json
                        --axis slope_deg:5:25:2 --fix mu=0.1 --output ${WORK}/incline.csv --quiet
                RESULT_VARIABLE rc)
file(READ ${WORK}/incline.csv incline)
if(NOT rc EQUAL 0 OR NOT incline MATCHES "\ngrid,5,1,realizable,0,0\ngrid,25,0,slip,0,0\n")
  message(FATAL_ERROR "region --body: rc ${rc}\n${incline}")
endif()

# mesh over three load parameters of the axle; a closed, manifold surface, by the shaped route
# (the exact route refuses the axle, with its reason).
execute_process(COMMAND ${NSDKIT} mesh --body ${BODIES}/axle_on_plane.json --axes fz,ty,fx
                        --resolution 10 --output ${WORK}/axle.off --threads 2
                RESULT_VARIABLE rc OUTPUT_VARIABLE report)
if(NOT rc EQUAL 0 OR NOT report MATCHES "\"closed\":true" OR NOT report MATCHES "\"manifold\":true"
   OR NOT EXISTS ${WORK}/axle.off OR NOT report MATCHES "\"route\":\"shaped\""
   OR NOT report MATCHES "\"exact_route_refused\":\"[^\"]+")
  message(FATAL_ERROR "mesh --body: rc ${rc}\n${report}")
endif()
# The wheelset's traction and braking torque cancel in every contact acceleration: the set over
# (fz, fx, tx) is unbounded, refused with the direction and no file.
execute_process(COMMAND ${NSDKIT} mesh --body ${BODIES}/wheelset.json --axes fz,fx,tx
                        --output ${WORK}/wheelset.off
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "unbounded" OR EXISTS ${WORK}/wheelset.off)
  message(FATAL_ERROR "mesh --body wheelset fz,fx,tx: rc ${rc}\n${err}")
endif()
# ... and a ball body by the exact route (its faces fit), with Def 11 checked across them;
# --route exact on the axle is refused with the reason and no file.
execute_process(COMMAND ${NSDKIT} mesh --body ${BODIES}/ball_inclined_trough.json --axes mx,my,mz
                        --output ${WORK}/inclined.ply
                RESULT_VARIABLE rc OUTPUT_VARIABLE report)
if(NOT rc EQUAL 0 OR NOT report MATCHES "\"route\":\"exact\"" OR NOT report MATCHES "\"sharp_edges\":12[,}]"
   OR report MATCHES "\"def11_checks\":0," OR NOT EXISTS ${WORK}/inclined.ply)
  message(FATAL_ERROR "mesh --body exact: rc ${rc}\n${report}")
endif()
execute_process(COMMAND ${NSDKIT} mesh --body ${BODIES}/axle_on_plane.json --axes fz,ty,fx
                        --route exact --output ${WORK}/axle_exact.off
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "folds over" OR EXISTS ${WORK}/axle_exact.off)
  message(FATAL_ERROR "mesh --route exact on the axle: rc ${rc}\n${err}")
endif()

# validate on a body: nsdkit's event-driven integrator and Siconos on a 2 x 2 subsample of the
# wheelset's section; a one-contact body is refused (both follow two-point contact).
execute_process(COMMAND ${NSDKIT} validate --body ${BODIES}/wheelset.json --body-grid 2
                        --t-end 0.1 --output ${WORK}/validate --quiet
                RESULT_VARIABLE rc OUTPUT_VARIABLE summary)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/validate/report.md
   OR NOT summary MATCHES "^12 of 12 runs pass")
  message(FATAL_ERROR "validate --body: rc ${rc}: ${summary}")
endif()
expect_failure(validate_one_contact ${NSDKIT} validate --body ${BODIES}/ball_on_incline.json
               --output ${WORK}/validate_one)

# body: the summary and the section named in the file.
execute_process(COMMAND ${NSDKIT} body --body ${BODIES}/ball_on_incline.json
                        --output-dir ${WORK}/incline_body --quiet RESULT_VARIABLE rc)
file(READ ${WORK}/incline_body/summary.json summary_json)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/incline_body/section.csv
   OR NOT summary_json MATCHES "Def 9" OR NOT summary_json MATCHES "\"realizable\": true")
  message(FATAL_ERROR "body: rc ${rc}\n${summary_json}")
endif()

# A checkpointed body sweep does not resume with an edited body file (its checksum is recorded).
file(READ ${BODIES}/ball_on_incline.json incline_text)
file(WRITE ${WORK}/incline.json "${incline_text}")
execute_process(COMMAND ${NSDKIT} region --body ${WORK}/incline.json --axis slope_deg:0:40:5
                        --checkpoint ${WORK}/incline_ckpt --output ${WORK}/incline_sweep.csv
                        --quiet RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "checkpointed body sweep failed")
endif()
string(REPLACE "\"mu\": 0.3}" "\"mu\": 0.4}" edited "${incline_text}")
file(WRITE ${WORK}/incline.json "${edited}")
expect_failure(edited_body_resume ${NSDKIT} region --body ${WORK}/incline.json
               --axis slope_deg:0:40:5 --checkpoint ${WORK}/incline_ckpt --resume
               --output ${WORK}/incline_sweep2.csv --quiet)

# --certify: the same verdicts as without it, each SS search re-checked in interval arithmetic
# (a lattice of 125 torques around the paper's body; all its fields have simple roots, so all are
# certified), the body file byte-identical to --model, and a one-contact body certified too.
set(lattice "mx,my,mz\n")
foreach(x -0.8 -0.4 0 0.4 0.8)
  foreach(y -0.8 -0.4 0 0.4 0.8)
    foreach(z 0 0.2 0.4 0.6 0.8)
      string(APPEND lattice "${x},${y},${z}\n")
    endforeach()
  endforeach()
endforeach()
file(WRITE ${WORK}/lattice.csv "${lattice}")
execute_process(COMMAND ${NSDKIT} classify --model ball-trough --input ${WORK}/lattice.csv
                        --output ${WORK}/plain.csv --quiet RESULT_VARIABLE rc1)
execute_process(COMMAND ${NSDKIT} classify --model ball-trough --input ${WORK}/lattice.csv
                        --output ${WORK}/certified.csv --certify --quiet RESULT_VARIABLE rc2)
execute_process(COMMAND ${NSDKIT} classify --body ${BODIES}/ball_trough.json
                        --input ${WORK}/lattice.csv --output ${WORK}/certified_body.csv
                        --certify --quiet RESULT_VARIABLE rc3)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0 OR NOT rc3 EQUAL 0)
  message(FATAL_ERROR "--certify runs failed: ${rc1} ${rc2} ${rc3}")
endif()
file(STRINGS ${WORK}/plain.csv plain)
file(STRINGS ${WORK}/certified.csv certified)
list(LENGTH certified n)
if(NOT n EQUAL 126)
  message(FATAL_ERROR "--certify: ${n} lines")
endif()
list(GET certified 0 header)
if(NOT header STREQUAL "mx,my,mz,realizable,escapes,certified")
  message(FATAL_ERROR "--certify header: ${header}")
endif()
foreach(i RANGE 1 125)
  list(GET plain ${i} p)
  list(GET certified ${i} c)
  if(NOT c STREQUAL "${p},1")
    message(FATAL_ERROR "--certify row ${i}: '${c}' against '${p}'")
  endif()
endforeach()
file(READ ${WORK}/certified.csv a)
file(READ ${WORK}/certified_body.csv b)
if(NOT a STREQUAL b)
  message(FATAL_ERROR "--certify: --body ball_trough.json differs from --model ball-trough")
endif()
file(WRITE ${WORK}/slopes.csv "slope_deg\n5\n60\n")
execute_process(COMMAND ${NSDKIT} classify --body ${BODIES}/ball_on_incline.json
                        --input ${WORK}/slopes.csv --output - --certify --quiet
                OUTPUT_VARIABLE incline RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT incline MATCHES "^slope_deg,realizable,escapes,certified\n5,1,,1\n60,0,slip,1\n")
  message(FATAL_ERROR "--certify one contact: ${rc} ${incline}")
endif()
expect_failure(certify_sampled ${NSDKIT} classify --model ball-trough --input ${WORK}/lattice.csv
               --output ${WORK}/s.csv --certify --method generic-sampled)
