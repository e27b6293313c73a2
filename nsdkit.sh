#!/usr/bin/env bash
# nsdkit set-up, build, run and test wrapper. Idempotent; needs root (or sudo) only to install
# missing Debian packages.
#   ./nsdkit.sh run    install what it needs, build nsdkit, nsdkit-mpi and the Python module, run
#                      the ball-in-trough analysis (outputs in out/)
#   ./nsdkit.sh test   install, build, run the test suite (ctest)
#   ./nsdkit.sh asan   install, build (clang) and test under AddressSanitizer + UBSan
#   ./nsdkit.sh asan-unit  the same for the unit tests only (what CI runs besides `test`)
#   ./nsdkit.sh asan-build  install clang, build what asan-unit and fuzz run (the unit-test
#                      executables and the libFuzzer targets of the asan tree), run nothing
#   ./nsdkit.sh bench  install, build, run the benchmarks
#   ./nsdkit.sh friction  install, build, friction error maps and heavy-ball figures -> out/friction
#   ./nsdkit.sh rattleback  install, build, Kane-Levinson Figs. 3-6 -> out/rattleback
#   ./nsdkit.sh rolling  install, build, transient rolling loops, FRF, V-groove loops -> out/rolling
#   ./nsdkit.sh validate  install, build, validation report of every solver and its maps -> out/validation
#   ./nsdkit.sh bodies  install, build, summary and cross-section of each shipped body -> out/bodies
#   ./nsdkit.sh fuzz   install clang, build the libFuzzer targets (in the asan tree), run each for
#                      60 s (FUZZ_SECONDS), one per core at a time
#   ./nsdkit.sh mutants  install, build, the mutation check of tests/mutation (every listed mutant caught)
#   ./nsdkit.sh docs   install, build the Python module, the documentation site (Sphinx, warnings
#                      are errors) -> build/docs/html
#   ./nsdkit.sh deps   install the Debian packages only (`deps sanitizer`: clang's as well)
set -euo pipefail
cd "$(dirname "$0")"

# What `run` needs: the compilers, the libraries nsdkit links (the release preset also finds
# GoogleTest and Google Benchmark when it configures), and the main job's figures and page.
RUN_PACKAGES=(cmake ninja-build g++ ccache pkg-config
  libeigen3-dev libboost-dev libcli11-dev nlohmann-json3-dev
  libcgal-dev libgmp-dev libmpfr-dev
  libsiconos-kernel-dev libsiconos-numerics-dev libsiconos-mechanics-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libmujoco-dev libqhull-dev libbullet-dev libode-dev libdart-dev libdart-collision-ode-dev
  libopenmpi-dev openmpi-bin libhdf5-dev libhdf5-openmpi-dev
  python3 python3-dev python3-numpy python3-matplotlib python3-plotly pybind11-dev
  python3-pybind11)
# What the test suite adds: the browser test (Chromium, Selenium), HDF5's tools and h5py, pytest,
# the pip-install test, the case schema, the report pages' scripts, the notebook, and Node and npm
# for the web engines (added by deps when missing).
TEST_PACKAGES=(hdf5-tools python3-h5py libjs-jquery libjs-jquery-datatables libjs-three
  chromium chromium-driver python3-selenium python3-venv python3-pip python3-jsonschema
  python3-pytest python3-nbconvert python3-nbformat python3-ipykernel)
# What the documentation site adds: Doxygen, Sphinx with Breathe and MyST, the notebook's renderer.
DOCS_PACKAGES=(doxygen python3-sphinx python3-breathe python3-myst-parser python3-sphinx-rtd-theme
  python3-nbconvert python3-nbformat python3-ipykernel)

# The sanitizer tree (asan preset: the unit tests under ASan + UBSan and the libFuzzer targets,
# one build for both) is compiled with clang.
SANITIZER_PACKAGES=(clang libclang-rt-14-dev)

# deps [run|docs|all] [extra packages...]: installs the missing Debian packages of that use
# (all: run, test and docs, with Node and npm and the web engines' npm packages).
deps() {
  local use=${1:-all}
  shift || true
  local wanted=("${RUN_PACKAGES[@]}")
  case "$use" in
    run) ;;
    docs) wanted+=("${DOCS_PACKAGES[@]}") ;;
    *) wanted+=("${TEST_PACKAGES[@]}" "${DOCS_PACKAGES[@]}") ;;
  esac
  local missing=()
  for p in "${wanted[@]}" "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  # Node and npm (Debian's nodejs and npm) unless the machine already has them (e.g. NodeSource's).
  if [ "$use" = all ] && { ! command -v node >/dev/null || ! command -v npm >/dev/null; }; then
    missing+=(nodejs npm)
  fi
  if ((${#missing[@]})); then
    echo "nsdkit.sh: installing ${missing[*]}" >&2
    local sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
      "${missing[@]}" >/dev/null
  fi
  # The WebAssembly/JS engines (engines/web/<engine>) and the report pages' plotly bundle
  # (engines/web/report-assets), each pinned by its lock file: npm ci where node_modules is
  # missing or older than the lock file.
  [ "$use" = all ] || return 0
  local folder
  for folder in engines/web/*/; do
    folder=${folder%/}
    [ -f "$folder/package-lock.json" ] || continue
    if [ ! -d "$folder/node_modules" ] || [ "$folder/package-lock.json" -nt "$folder/node_modules" ]; then
      if (cd "$folder" && npm ci --no-audit --no-fund --loglevel=error >/dev/null); then
        touch "$folder/node_modules"
      else
        echo "nsdkit.sh: npm ci failed in $folder (is the npm registry reachable?);" \
          "its engine's tests will fail" >&2
      fi
    fi
  done
}

# build PRESET [TARGET...]: configures and builds the targets (all when none is named). One
# compile job per core: on 2 cores from fresh clones with an empty ccache, `run`'s targets took
# 443 s at 2 jobs and 571 s at 4 (four heavy compiles on two cores slowed each other).
build() {
  local preset=$1
  shift
  cmake --preset "$preset" >/dev/null
  if (($#)); then
    cmake --build --preset "$preset" -j "$(nproc)" --target "$@"
  else
    cmake --build --preset "$preset" -j "$(nproc)"
  fi
}

# What a user runs after `run`: the two executables and the Python module (the README's next
# line puts them on PATH and PYTHONPATH), not the tests, examples and benchmarks.
USER_TARGETS=(nsdkit nsdkit-mpi nsdkit_python)

# The documentation site: Doxygen's XML of the headers, the notebook rendered, then Sphinx with -W
# (warnings are errors; the C++ pages per namespace and class are generated when it starts), then
# the check that every public declaration is documented and every header and Python function is
# in the API reference.
docs() {
  rm -rf build/docs && mkdir -p build/docs
  { cat docs/Doxyfile; echo "OUTPUT_DIRECTORY = build/docs/doxygen"
    echo "INPUT = $(/usr/bin/python3 docs/conf.py)"; } | doxygen -
  # The tour notebook, executed and rendered into docs/_generated (docs/tour.md includes it).
  PYTHONPATH=build/release/src/python /usr/bin/python3 docs/render_notebook.py
  PYTHONPATH=build/release/src/python NSDKIT_DOXYGEN_XML="$PWD/build/docs/doxygen/xml" \
    /usr/bin/python3 -m sphinx -W --keep-going -q -b html docs build/docs/html
  PYTHONPATH=build/release/src/python /usr/bin/python3 docs/check_api_reference.py build/docs/html
}

# The sanitizer tree's unit-test executables: only those the unit tests run (one per folder:
# <folder>_unit_tests), not the engines' and CGAL's translation units. (A test run by an
# interpreter needs nothing built.)
build_unit_tests_asan() {
  cmake --preset asan >/dev/null
  local targets
  mapfile -t targets < <(/usr/bin/python3 tests/ctest_targets.py build/asan -L unit)
  if ((${#targets[@]} == 0)); then
    echo "nsdkit.sh: no unit test executable found in build/asan (tests/ctest_targets.py)" >&2
    exit 1
  fi
  cmake --build --preset asan -j "$(nproc)" --target "${targets[@]}"
}
FUZZ_TARGETS=(csv_fuzz region_args_fuzz cli_region_fuzz body_file_fuzz case_file_fuzz
  sweep_file_fuzz)

export OPENBLAS_NUM_THREADS=1
case "${1:-help}" in
  deps)
    if [ "${2:-}" = sanitizer ]; then deps all "${SANITIZER_PACKAGES[@]}"; else deps; fi
    ;;
  docs)
    deps docs
    build release nsdkit_python  # the Python reference is read from the module
    docs
    ;;
  run)
    deps run
    build release "${USER_TARGETS[@]}"
    mkdir -p out/ball_trough
    ./build/release/src/cli/nsdkit ball-trough --output-dir out/ball_trough "${@:2}"
    /usr/bin/python3 analysis/plot_ball_trough.py out/ball_trough
    echo "figures: out/ball_trough/{physical_system,fig10_planes_and_surface,fig11_realizable_body,cross_sections}.png," \
      "out/ball_trough/stability_body.html (Fig. 11 in 3-D)"
    ;;
  test)
    deps
    build release
    NSDKIT_REQUIRE_BROWSER=1 ctest --preset release -j "$(nproc)"
    ;;
  asan)
    deps all "${SANITIZER_PACKAGES[@]}"
    build asan
    ctest --preset asan -j "$(nproc)"
    ;;
  friction)
    deps run
    build release "${USER_TARGETS[@]}"
    mkdir -p out/friction
    ./build/release/src/cli/nsdkit friction-map --output-dir out/friction
    ./build/release/src/cli/nsdkit heavy-ball --v0 1 --u0 3 --t-end 10 --dt 0.001 \
      --output out/friction/heavy_ball.csv
    /usr/bin/python3 analysis/plot_friction.py out/friction/friction_error_map.csv \
      out/friction/heavy_ball.csv out/friction
    echo "figures written to out/friction/"
    ;;
  asan-unit)
    deps all "${SANITIZER_PACKAGES[@]}"
    build_unit_tests_asan
    ctest --preset asan -L unit -j "$(nproc)"
    ;;
  asan-build)
    deps all "${SANITIZER_PACKAGES[@]}"
    build_unit_tests_asan
    cmake --build --preset asan -j "$(nproc)" --target "${FUZZ_TARGETS[@]}"
    ;;
  fuzz)
    deps all "${SANITIZER_PACKAGES[@]}"
    cmake --preset asan >/dev/null
    cmake --build --preset asan -j "$(nproc)" --target "${FUZZ_TARGETS[@]}"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    mkdir -p out/fuzz  # each target's log, and crash inputs if any
    # One libFuzzer process per core at a time (each runs its FUZZ_SECONDS on one core); each
    # target's exit status is kept in $work/<binary>.status and checked when all have ended.
    fuzz_one() {
      local corpus=$1 binary=$2
      mkdir -p "$work/$corpus"  # the sweep-file fuzzer starts from nothing: its input is a recipe
      if [ -d "tests/fuzz/corpus/$corpus" ]; then cp -r "tests/fuzz/corpus/$corpus/." "$work/$corpus"; fi
      local status=0
      "./build/asan/tests/fuzz/$binary" -max_total_time="${FUZZ_SECONDS:-60}" -print_final_stats=1 \
        -artifact_prefix=out/fuzz/ "$work/$corpus" > "out/fuzz/$binary.log" 2>&1 || status=$?
      echo "$status" > "$work/$binary.status"
    }
    for binary in "${FUZZ_TARGETS[@]}"; do  # the corpus of csv_fuzz is tests/fuzz/corpus/csv
      while (($(jobs -rp | wc -l) >= $(nproc))); do wait -n || true; done
      echo "fuzzing $binary for ${FUZZ_SECONDS:-60} s"
      fuzz_one "${binary%_fuzz}" "$binary" &
    done
    wait
    for binary in "${FUZZ_TARGETS[@]}"; do
      if [ "$(cat "$work/$binary.status" 2>/dev/null)" != 0 ]; then
        tail -40 "out/fuzz/$binary.log"
        echo "nsdkit.sh: $binary failed (exit status $(cat "$work/$binary.status" 2>/dev/null));" \
          "its log: out/fuzz/$binary.log" >&2
        exit 1
      fi
      echo "$binary:"
      tail -3 "out/fuzz/$binary.log"
    done
    ;;
  mutants)
    # Each mutation of tests/mutation/mutations.json applied alone, its catching tests rebuilt
    # and run, the source always restored (docs/tests.md, "Mutation check"). Extra arguments go
    # to the runner: --only ID ..., --sample N --seed S.
    deps
    cmake --preset release >/dev/null
    /usr/bin/python3 tests/mutation/run_mutations.py . build/release --jobs "$(nproc)" "${@:2}"
    ;;
  validate)
    deps
    build release "${USER_TARGETS[@]}"
    mkdir -p out/validation
    ./build/release/src/cli/nsdkit validate --output out/validation "${@:2}"
    /usr/bin/python3 analysis/plot_validation.py out/validation
    ;;
  bodies)
    deps run
    build release "${USER_TARGETS[@]}"
    for f in examples/bodies/*.json; do
      dir=out/bodies/$(basename "$f" .json)
      ./build/release/src/cli/nsdkit body --body "$f" --output-dir "$dir" --quiet
      /usr/bin/python3 analysis/plot_body_section.py "$dir"
      echo "$f -> $dir/{summary.json,section.csv,section.png}"
    done
    ;;
  rolling)
    deps run
    build release "${USER_TARGETS[@]}"
    mkdir -p out/rolling
    /usr/bin/python3 analysis/plot_rolling.py ./build/release/src/cli/nsdkit out/rolling
    ;;
  rattleback)
    deps run
    build release "${USER_TARGETS[@]}"
    mkdir -p out/rattleback
    nsd=./build/release/src/cli/nsdkit
    $nsd rattleback --model kane-levinson --t-end 20 --output out/rattleback/fig34.csv
    $nsd rattleback --model kane-levinson --sigma 1e-4 --t-end 20 --output out/rattleback/fig5.csv
    $nsd rattleback --model kane-levinson --sigma 1e-4 --omega3 5 --t-end 20 \
      --output out/rattleback/fig5_plus.csv
    $nsd rattleback --model kane-levinson --sigma 1e-4 --omega3 0 --alpha0-deg 5 --beta0-deg 0 \
      --t-end 20 --output out/rattleback/fig6_alpha.csv
    $nsd rattleback --model kane-levinson --sigma 1e-4 --omega3 0 --alpha0-deg 0 --beta0-deg 5 \
      --t-end 20 --output out/rattleback/fig6_beta.csv
    for preset in A B C C1 D D1 E F; do
      $nsd rattleback --model pade --preset $preset --omega3 5 --t-end 10 \
        --output out/rattleback/pade_$preset.csv
    done
    $nsd rattleback --model kane-levinson --t-end 3 --output out/rattleback/kl_3s.csv
    for eps in 1e-2 3e-3 1e-3; do
      $nsd rattleback --model pade --preset kane-levinson --eps1 $eps --t-end 3 \
        --output out/rattleback/kl_equivalent_eps$eps.csv
    done
    /usr/bin/python3 analysis/plot_rattleback.py out/rattleback
    echo "figures written to out/rattleback/"
    ;;
  bench)
    deps
    build release
    for b in build/release/bench/bench_*; do "$b" --benchmark_min_time=0.2; done
    bash bench/bench_region_mpi.sh build/release/src/cli/nsdkit build/release/src/mpi/nsdkit-mpi
    bash bench/bench_region_hdf5.sh build/release/src/cli/nsdkit build/release/src/mpi/nsdkit-mpi
    /usr/bin/python3 bench/bench_pages.py build/release/src/cli/nsdkit build/bench_pages
    ;;
  *)
    sed -n '2,17p' "$0"
    exit 1
    ;;
esac
