#!/usr/bin/env bash
# Builds and runs, outside the repository, a small package that depends on Hooke by path the way a
# user's package does: one executable per library product, each depending on and importing only
# that product (.ci/clients), in debug and in release. Catches link failures that in-repository
# builds hide (e.g. a client of `Hooke` alone needing libm's floor). Each client prints a
# "<client>: ok …" line, and exits non-zero when a check fails.
#
# Usage: bash .ci/clients.sh
#   HOOKE_CLIENTS_BUILD_DIR=DIR  build with --scratch-path DIR and keep it, so reruns are
#     incremental; the package copy then lives at DIR/clients-package (stable paths: SwiftPM
#     rebuilds everything when the package's path changes), so DIR must be outside the
#     repository. Without it, the package and its .build live in a fresh temporary directory (a
#     clean build, like a user's first one), removed on exit.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
clients=(hooke-client hooke-animation-client hooke-scene-client hooke-threads-client frame-budget-client)

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

# The package (recopied only when it changed, so an incremental rebuild stays incremental), and
# `Hooke` -> the repository: `.package(path: "../Hooke")` then has the identity "hooke" whatever
# the clone's folder is called (SwiftPM takes the identity from the path as written).
mkdir -p "$root"
if ! diff -rq -x .build -x .swiftpm -x Package.resolved "$repo/.ci/clients" "$root/clients" > /dev/null 2>&1; then
  rm -rf "$root/clients"
  tar -C "$repo/.ci" --exclude=.build --exclude=.swiftpm --exclude=Package.resolved -cf - clients \
    | tar -C "$root" -xf -
fi
ln -sfn "$repo" "$root/Hooke"
cd "$root/clients"

swift package --scratch-path "$scratch" show-dependencies --format json > "$tmp/dependencies.json"
if ! grep -q '"identity": "hooke"' "$tmp/dependencies.json" || ! grep -q '"name": "Hooke"' "$tmp/dependencies.json"
then
  echo "clients: ../Hooke did not resolve to the package Hooke with identity \"hooke\":" >&2
  cat "$tmp/dependencies.json" >&2
  exit 1
fi

passed=0
failed=0
for configuration in debug release; do
  echo "clients: swift build -c $configuration"
  swift build -c "$configuration" --scratch-path "$scratch"
  bin=$(swift build -c "$configuration" --scratch-path "$scratch" --show-bin-path)
  for client in "${clients[@]}"; do
    # A failed check throws out of `main` (no Foundation or Glibc, which would link libm): the
    # runtime reports it as a fatal error; skip the crash backtrace, the message says it all.
    if output=$(SWIFT_BACKTRACE=enable=no "$bin/$client" 2>&1); then
      printf '%s\n' "$output" | sed "s/^/  [$configuration] /"
      if printf '%s\n' "$output" | grep -q "^$client: ok"; then
        passed=$((passed + 1))
        continue
      fi
      echo "clients: $client ($configuration) exited 0 without an ok line" >&2
    else
      status=$?
      printf '%s\n' "$output" | sed "s/^/  [$configuration] /" >&2
      echo "clients: $client ($configuration) FAILED with exit status $status" >&2
    fi
    failed=$((failed + 1))
  done
done
echo "clients: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
