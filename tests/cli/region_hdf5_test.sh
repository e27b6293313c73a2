#!/usr/bin/env bash
# region --format hdf5 as a user runs it: the file of one process without a checkpoint holds
# exactly the in-memory CSV sweep; one process with a checkpoint folder, 2 MPI ranks, other
# thread counts, and sweeps killed with SIGKILL and resumed (1 process and 2 ranks) all write
# files with equal datasets; a killed sweep leaves no output file; bad targets and a folder of
# the other block layout are refused with exit status 2 before any work.
#   region_hdf5_test.sh NSDKIT NSDKIT_MPI PYTHON3 COMPARE_PY WORK
set -euo pipefail
nsdkit=$1 nsdkit_mpi=$2 python=$3 compare=$4 work=$5
rm -rf "$work" && mkdir -p "$work"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# About 3 s on one core: 140 x 140 x 30 torques of the paper's ball, with refinement; blocks of
# 68 x 30 points (chunk rows of the last two axes), 420 of them.
sweep=(region --axis mx:-1:1:140 --axis my:-1:1:140 --axis mz:-0.6:0.6:30 --refine-tol 1e-4
       --quiet --block-points 2048)
total_grid_blocks=420
source "$(dirname "$0")/sweep_kill_helpers.sh"
same() { "$python" "$compare" "$1" "$2" || fail "$1 and $2 differ"; }

"$nsdkit" "${sweep[@]}" --threads 2 --output "$work/reference.csv"
"$nsdkit" "${sweep[@]}" --threads 2 --format hdf5 --output "$work/reference.h5"
same "$work/reference.h5" "$work/reference.csv"
"$nsdkit" "${sweep[@]}" --threads 1 --format hdf5 --checkpoint "$work/one" --output "$work/one.h5"
same "$work/reference.h5" "$work/one.h5"
mpirun -np 2 --oversubscribe "$nsdkit_mpi" "${sweep[@]}" --threads 1 --format hdf5 \
  --checkpoint "$work/two" --output "$work/two.h5"
same "$work/reference.h5" "$work/two.h5"


# One process killed mid-sweep, resumed on two ranks; two ranks killed, resumed on one process.
kill_mid_sweep "$work/killed1" "$nsdkit" "${sweep[@]}" --threads 1 --format hdf5 \
  --checkpoint "$work/killed1" --output "$work/killed1.h5"
expect_partial "$work/killed1" "single process"
[ -e "$work/killed1.h5" ] && fail "the killed sweep left its output file"
mpirun -np 2 --oversubscribe "$nsdkit_mpi" "${sweep[@]}" --threads 1 --format hdf5 \
  --checkpoint "$work/killed1" --resume --output "$work/killed1.h5"
same "$work/reference.h5" "$work/killed1.h5"

kill_mid_sweep "$work/killed2" mpirun -np 2 --oversubscribe "$nsdkit_mpi" "${sweep[@]}" \
  --threads 1 --format hdf5 --checkpoint "$work/killed2" --output "$work/killed2.h5"
expect_partial "$work/killed2" "2 ranks"
[ -e "$work/killed2.h5" ] && fail "the killed 2-rank sweep left its output file"
"$nsdkit" "${sweep[@]}" --threads 2 --format hdf5 --checkpoint "$work/killed2" --resume \
  --output "$work/killed2.h5"
same "$work/reference.h5" "$work/killed2.h5"

# Refusals: exit 2, one line, before any work, nothing written.
refused() {  # refused EXPECTED_TEXT COMMAND...
  local expected=$1 err rc
  shift
  set +e
  err=$("$@" 2>&1 >/dev/null)
  rc=$?
  set -e
  [ "$rc" = 2 ] || fail "exit $rc (not 2) for: $* ($err)"
  [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] || fail "not one line: $err"
  [[ "$err" == *"$expected"* ]] || fail "message without '$expected': $err"
}
refused "no_such_folder" "$nsdkit" "${sweep[@]}" --format hdf5 --output "$work/no_such_folder/x.h5"
refused "is a folder" "$nsdkit" "${sweep[@]}" --format hdf5 --output "$work"
refused "needs a file path" "$nsdkit" "${sweep[@]}" --format hdf5 --output -
"$nsdkit" "${sweep[@]}" --checkpoint "$work/uniform" --output "$work/uniform.csv"
refused "block_layout differs" "$nsdkit" "${sweep[@]}" --format hdf5 --checkpoint "$work/uniform" \
  --resume --output "$work/x.h5"
[ -e "$work/x.h5" ] && fail "a refused sweep wrote its output"
ls "$work" | grep -q 'tmp-nsdkit' && fail "temporary files left behind"
echo "all HDF5 outputs equal"
