#!/usr/bin/env bash
# Builds and runs, outside the repository, packages that depend on Hooke by path the way a user's
# package does, sharing one build directory:
# - .ci/clients: one executable per library product, each depending on and importing only that
#   product, in debug and in release. Catches link failures that in-repository builds hide (e.g.
#   a client of `Hooke` alone needing libm's floor).
# - Benchmarks/ExternalEngineExample: an outside engine benchmarked on Hooke's scenarios through
#   the `Scenarios` product (the README's "benchmark your own engine"), in release; it writes
#   its results file to a temporary directory, which `hooke-bench report` must then read.
# - Benchmarks/BatchStepBench: what a client's concrete `BatchEngine<Float>`/`<Double>` pays per
#   channel-step, default rest rule next to `.disabled`, in release at a small size: CI checks
#   that it runs and prints its figures, not the ratios (quote those from a full-size run).
# Each executable prints a "<name>: ok …" line, and exits non-zero when a check fails.
#
# Usage: bash .ci/clients.sh
#   HOOKE_CLIENTS_BUILD_DIR=DIR  build with --scratch-path DIR and keep it, so reruns are
#     incremental; the package copies then live under DIR/clients-package (stable paths: SwiftPM
#     rebuilds everything when a package's path changes), so DIR must be outside the
#     repository. Without it, the packages and their .build live in a fresh temporary directory
#     (a clean build, like a user's first one), removed on exit.
#   HOOKE_BENCH=PATH  the hooke-bench that reads the example's results (default:
#     .build/release/hooke-bench, built if missing).
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
clients=(hooke-client hooke-animation-client hooke-scene-client hooke-threads-client frame-budget-client)
example=external-engine-example
step_bench=batch-step-bench

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hooke-clients.XXXXXX")
tmp=$(cd "$tmp" && pwd -P)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ -n "${HOOKE_CLIENTS_BUILD_DIR:-}" ]; then
  mkdir -p "$HOOKE_CLIENTS_BUILD_DIR"
  scratch=$(cd "$HOOKE_CLIENTS_BUILD_DIR" && pwd -P)
  root=$scratch/clients-package
else
  scratch=$tmp/clients/.build
  root=$tmp
fi
case "$root/" in
  "$repo"/*) echo "clients: $root is inside the repository; the clients must build outside it" >&2; exit 1 ;;
esac

# The packages (recopied only when they changed, so an incremental rebuild stays incremental),
# and `Hooke` -> the repository: `.package(path: "../Hooke")` then has the identity "hooke"
# whatever the clone's folder is called (SwiftPM takes the identity from the path as written).
mkdir -p "$root"
copy_package() { # SOURCE_DIR NAME
  if ! diff -rq -x .build -x .swiftpm -x Package.resolved "$1" "$root/$2" > /dev/null 2>&1; then
    rm -rf "${root:?}/$2"
    tar -C "$(dirname "$1")" --exclude=.build --exclude=.swiftpm --exclude=Package.resolved -cf - "$(basename "$1")" \
      | tar -C "$root" -xf -
    [ "$(basename "$1")" = "$2" ] || mv "$root/$(basename "$1")" "$root/$2"
  fi
}
copy_package "$repo/.ci/clients" clients
copy_package "$repo/Benchmarks/ExternalEngineExample" ExternalEngineExample
copy_package "$repo/Benchmarks/BatchStepBench" BatchStepBench
ln -sfn "$repo" "$root/Hooke"

check_identity() { # PACKAGE_DIR
  (cd "$1" && swift package --scratch-path "$scratch" show-dependencies --format json) > "$tmp/dependencies.json"
  if ! grep -q '"identity": "hooke"' "$tmp/dependencies.json" || ! grep -q '"name": "Hooke"' "$tmp/dependencies.json"
  then
    echo "clients: ../Hooke did not resolve to the package Hooke with identity \"hooke\" in $1:" >&2
    cat "$tmp/dependencies.json" >&2
    exit 1
  fi
}

passed=0
failed=0
# Runs BIN/NAME [ARGS…] and counts it as passed when it exits 0 with a "NAME: ok" line.
run_client() { # LABEL BIN NAME [ARGS…]
  local label=$1 bin=$2 client=$3 output status
  shift 3
  # A failed check throws out of `main` (no Foundation or Glibc, which would link libm): the
  # runtime reports it as a fatal error; skip the crash backtrace, the message says it all.
  if output=$(SWIFT_BACKTRACE=enable=no "$bin/$client" "$@" 2>&1); then
    printf '%s\n' "$output" | sed "s/^/  [$label] /"
    if printf '%s\n' "$output" | grep -q "^$client: ok"; then
      passed=$((passed + 1))
      return 0
    fi
    echo "clients: $client ($label) exited 0 without an ok line" >&2
  else
    status=$?
    printf '%s\n' "$output" | sed "s/^/  [$label] /" >&2
    echo "clients: $client ($label) FAILED with exit status $status" >&2
  fi
  failed=$((failed + 1))
  return 1
}

check_identity "$root/clients"
cd "$root/clients"
for configuration in debug release; do
  echo "clients: swift build -c $configuration"
  swift build -c "$configuration" --scratch-path "$scratch"
  bin=$(swift build -c "$configuration" --scratch-path "$scratch" --show-bin-path)
  for client in "${clients[@]}"; do
    run_client "$configuration" "$bin" "$client" || true
  done
done

# The outside engine, in release (a benchmark), on the same scratch path: the Hooke modules it
# shares with the clients are already built.
check_identity "$root/ExternalEngineExample"
cd "$root/ExternalEngineExample"
echo "clients: swift build -c release ($example)"
swift build -c release --scratch-path "$scratch" --product "$example"
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)
if run_client release "$bin" "$example" "$tmp/external-engine.json"; then
  # The file is an ordinary results file: hooke-bench reads it.
  bench=${HOOKE_BENCH:-$repo/.build/release/hooke-bench}
  if [ ! -x "$bench" ]; then (cd "$repo" && swift build -c release --product hooke-bench); fi
  if "$bench" report "$tmp/external-engine.json" --html "$tmp/external-engine.html" > /dev/null; then
    echo "  [release] hooke-bench report read the example's results"
  else
    echo "clients: hooke-bench report could not read the example's results" >&2
    passed=$((passed - 1))
    failed=$((failed + 1))
  fi
fi
# The batch-step benchmark, in release, small (seconds): its figures are printed, not gated on.
check_identity "$root/BatchStepBench"
cd "$root/BatchStepBench"
echo "clients: swift build -c release ($step_bench)"
swift build -c release --scratch-path "$scratch" --product "$step_bench"
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)
run_client release "$bin" "$step_bench" --channels 1024 --frames 30 --rounds 2 || true
echo "clients: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
