#!/usr/bin/env bash
# Region sweeps killed with SIGKILL and resumed, single-process and over 2 MPI ranks: every
# output must be byte-identical to the uninterrupted single-process sweep. Also: a mismatched
# checkpoint is refused with one error line and exit status 2.
#   region_checkpoint_test.sh NSDKIT NSDKIT_MPI WORK
set -euo pipefail
nsdkit=$1 nsdkit_mpi=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# About 3 s on one core: 140 x 140 x 30 torques of the paper's ball, with refinement.
sweep=(region --axis mx:-1:1:140 --axis my:-1:1:140 --axis mz:-0.6:0.6:30 --refine-tol 1e-4
       --quiet --block-points 2048)
source "$(dirname "$0")/sweep_kill_helpers.sh"

"$nsdkit" "${sweep[@]}" --threads 2 --output "$work/reference.csv"

# The sweep's grid has 140 * 140 * 30 / 2048 -> 288 blocks (and refinement blocks after them).
total_grid_blocks=288

# Killed partway (SIGKILL), then resumed.
setsid "$nsdkit" "${sweep[@]}" --threads 1 --checkpoint "$work/ckpt" --output "$work/killed.csv" &
pid=$!
wait_for_first_block "$work/ckpt"
kill -KILL -- "-$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
expect_partial "$work/ckpt" "single process"
[ -e "$work/killed.csv" ] && fail "the killed sweep wrote its output"
"$nsdkit" "${sweep[@]}" --threads 2 --checkpoint "$work/ckpt" --resume --output "$work/resumed.csv"
ls "$work/ckpt" | grep -q 'tmp-nsdkit' && fail "temporary files of killed blocks left behind"
cmp "$work/reference.csv" "$work/resumed.csv" || fail "resumed output differs"

# Without --resume an existing checkpoint is refused; other parameters are refused.
set +e
err=$("$nsdkit" "${sweep[@]}" --checkpoint "$work/ckpt" --output "$work/x.csv" 2>&1 >/dev/null)
rc=$?
set -e
[ "$rc" = 2 ] && [[ "$err" == "nsdkit: error: checkpoint folder"*"--resume"* ]] || fail "no refusal: $rc $err"
set +e
err=$("$nsdkit" "${sweep[@]}" --mu 0.5 --checkpoint "$work/ckpt" --resume --output "$work/x.csv" 2>&1 >/dev/null)
rc=$?
set -e
[ "$rc" = 2 ] && [[ "$err" == *"model differs"* ]] || fail "mismatch accepted: $rc $err"
[ -e "$work/x.csv" ] && fail "a refused sweep wrote its output"
# --resume on a folder that does not exist is refused (a mistyped path); so is a folder with
# blocks and no manifest.
set +e
err=$("$nsdkit" "${sweep[@]}" --checkpoint "$work/no_such_folder" --resume --output "$work/x.csv" 2>&1 >/dev/null)
rc=$?
set -e
[ "$rc" = 2 ] && [[ "$err" == *"--resume: no checkpoint folder"* ]] || fail "resume of a missing folder: $rc $err"
mkdir -p "$work/orphans" && cp "$work/ckpt/grid-0.blk" "$work/orphans/"
set +e
err=$("$nsdkit" "${sweep[@]}" --checkpoint "$work/orphans" --resume --output "$work/x.csv" 2>&1 >/dev/null)
rc=$?
set -e
[ "$rc" = 2 ] && [[ "$err" == *"no manifest.json"* ]] || fail "blocks without a manifest accepted: $rc $err"
# A block of another sweep (same grid, other mu) with the right index and size, swapped into a
# complete folder: refused by name (its manifest digest differs), nothing written.
"$nsdkit" "${sweep[@]}" --mu 0.5 --threads 2 --checkpoint "$work/other" --output "$work/other.csv"
rm -rf "$work/swapped" && cp -r "$work/ckpt" "$work/swapped" && cp "$work/other/grid-7.blk" "$work/swapped/"
set +e
err=$("$nsdkit" "${sweep[@]}" --checkpoint "$work/swapped" --resume --output "$work/x.csv" 2>&1 >/dev/null)
rc=$?
set -e
[ "$rc" = 2 ] && [[ "$err" == *"grid-7.blk"*"another sweep"* ]] || fail "a block of another sweep accepted: $rc $err"
[ -e "$work/x.csv" ] && fail "a refused resume wrote its output"

# Two MPI ranks, uninterrupted and killed + resumed.
mpirun -np 2 --oversubscribe "$nsdkit_mpi" "${sweep[@]}" --threads 1 --checkpoint "$work/mpi" --output "$work/mpi.csv"
cmp "$work/reference.csv" "$work/mpi.csv" || fail "2-rank output differs"
setsid mpirun -np 2 --oversubscribe "$nsdkit_mpi" "${sweep[@]}" --threads 1 --checkpoint "$work/mpi_killed" \
  --output "$work/mpi_killed.csv" > /dev/null 2>&1 &
pid=$!
wait_for_first_block "$work/mpi_killed"
kill -KILL -- "-$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
expect_partial "$work/mpi_killed" "2 ranks"
mpirun -np 2 --oversubscribe "$nsdkit_mpi" "${sweep[@]}" --threads 1 --checkpoint "$work/mpi_killed" --resume \
  --output "$work/mpi_resumed.csv"
cmp "$work/reference.csv" "$work/mpi_resumed.csv" || fail "2-rank resumed output differs"
# A checkpoint written by one process resumes on two ranks, and vice versa.
mpirun -np 2 --oversubscribe "$nsdkit_mpi" "${sweep[@]}" --threads 1 --checkpoint "$work/ckpt" --resume \
  --output "$work/cross.csv"
cmp "$work/reference.csv" "$work/cross.csv" || fail "cross resume differs"
# MPI failures end every rank promptly with status 2 and name the error (no deadlock in a
# collective while a failing rank unwinds): a corrupt block found by whichever rank takes it,
# and a bad axis refused by every rank before the first collective (one line from rank 0).
rm -rf "$work/corrupt" && cp -r "$work/ckpt" "$work/corrupt"
printf 'garbage' | dd of="$work/corrupt/grid-100.blk" bs=1 seek=40 conv=notrunc 2>/dev/null
set +e
err=$(timeout 60 mpirun -np 2 --oversubscribe "$nsdkit_mpi" "${sweep[@]}" --threads 1 \
      --checkpoint "$work/corrupt" --resume --output "$work/x.csv" 2>&1 >/dev/null)
rc=$?
set -e
[ "$rc" = 2 ] || fail "a corrupt block on 2 ranks: exit $rc (124: hung) $err"
[ "$(grep -c '^nsdkit: error' <<<"$err")" = 1 ] && [[ "$err" == *"grid-100.blk"* ]] ||
  fail "a corrupt block on 2 ranks: not one line naming the block: $err"
[ -e "$work/x.csv" ] && fail "a failed MPI sweep wrote its output"
set +e
err=$(timeout 60 mpirun -np 2 --oversubscribe "$nsdkit_mpi" region --axis mx:-1:1:0 --axis my:-1:1:5 \
      --checkpoint "$work/never" --output "$work/x.csv" 2>&1 >/dev/null)
rc=$?
set -e
[ "$rc" = 2 ] && [ "$(grep -c '^nsdkit: error' <<<"$err")" = 1 ] && [[ "$err" == *"'mx'"* ]] ||
  fail "a bad axis on 2 ranks: exit $rc: $err"
[ -e "$work/never" ] && fail "a refused MPI sweep created its checkpoint folder"
echo "all outputs byte-identical"
