#!/usr/bin/env bash
# A sweep of 10^8 grid points (the paper's ball: 1000 x 1000 x 100 torques, no refinement) into
# one HDF5 file, on 2 MPI ranks x 1 thread (nsdkit-mpi, checkpoint folder in WORK) and in one
# process x 2 threads without a checkpoint (nsdkit): wall time, peak resident memory of every
# process (GNU time's maximum RSS), file size. Targets (issue 35): peak memory per rank < 1 GB.
#   bench_region_hdf5.sh NSDKIT NSDKIT_MPI [WORK] [COUNT_X COUNT_Y COUNT_Z]
set -euo pipefail
nsdkit=$1 nsdkit_mpi=$2
work=${3:-$(mktemp -d)}
nx=${4:-1000} ny=${5:-1000} nz=${6:-100}
mkdir -p "$work"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
sweep=(region --axis "mx:-1:1:$nx" --axis "my:-1:1:$ny" --axis "mz:-0.6:0.6:$nz" --quiet
       --format hdf5 --block-points 1048576)
points=$((nx * ny * nz))
rm -rf "$work/ckpt" "$work"/*.h5 "$work"/rss-*
t0=$(date +%s.%N)
mpirun -np 2 bash -c '/usr/bin/time -f "%M" -o "$0/rss-rank$OMPI_COMM_WORLD_RANK" "$@"' "$work" \
  "$nsdkit_mpi" "${sweep[@]}" --threads 1 --checkpoint "$work/ckpt" --output "$work/mpi.h5"
t1=$(date +%s.%N)
/usr/bin/time -f "%M" -o "$work/rss-serial" "$nsdkit" "${sweep[@]}" --threads 2 \
  --output "$work/serial.h5"
t2=$(date +%s.%N)
awk -v p="$points" -v a="$t0" -v b="$t1" -v c="$t2" \
    -v r0="$(cat "$work/rss-rank0")" -v r1="$(cat "$work/rss-rank1")" -v rs="$(cat "$work/rss-serial")" \
    -v f="$(stat -c %s "$work/mpi.h5")" -v ck="$(du -sb "$work/ckpt" | cut -f1)" 'BEGIN {
  printf "grid points %d (no refinement), blocks of 1048576 points\n", p
  printf "2 ranks x 1 thread, checkpointed: %.1f s (%.2f us per point per rank)\n", b - a, 2e6 * (b - a) / p
  printf "  peak RSS rank 0 %.1f MB, rank 1 %.1f MB (target < 1024 MB)\n", r0 / 1024, r1 / 1024
  printf "  HDF5 file %.1f MB (%.3f bytes per point), checkpoint folder %.1f MB\n", f / 1e6, f / p, ck / 1e6
  printf "1 process x 2 threads, no checkpoint: %.1f s, peak RSS %.1f MB\n", c - b, rs / 1024
}'
/usr/bin/python3 "$(dirname "$0")/../tests/region/compare_sweep_outputs.py" "$work/mpi.h5" "$work/serial.h5"
