# Helpers of the sweep kill-and-resume tests (sourced): wait for the first finished block of a
# checkpoint folder, and check that a kill landed mid-sweep. Set total_grid_blocks first.
fail() { echo "FAIL: $*" >&2; exit 1; }
# Waits (up to 60 s) until a grid block is on disk, so that the kill lands mid-sweep.
wait_for_first_block() {
  for _ in $(seq 600); do
    ls "$1" 2>/dev/null | grep -q '^grid-.*\.blk$' && return 0
    sleep 0.1
  done
  fail "no block written within 60 s in $1"
}
# Checks that some but not all grid blocks were finished when the sweep was killed.
expect_partial() {
  local blocks
  blocks=$(ls "$1" | grep -c '^grid-.*\.blk$' || true)
  echo "$2: $blocks of $total_grid_blocks grid blocks finished before SIGKILL"
  [ "$blocks" -gt 0 ] && [ "$blocks" -lt "$total_grid_blocks" ] || fail "$2: the kill did not land mid-sweep"
}
# Starts "$@" in its own process group, waits for its first block in folder $1 (the first
# argument), kills the whole group with SIGKILL and waits for it.
kill_mid_sweep() {
  local folder=$1 pid
  shift
  setsid "$@" > /dev/null 2>&1 &
  pid=$!
  wait_for_first_block "$folder"
  kill -KILL -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
