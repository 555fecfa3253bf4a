#!/usr/bin/env bash
# Builds Sources/Hooke with the determinism program natively (release and debug) and as Embedded
# Swift for the host and for wasm32, runs the wasm build under wasmkit, and fails unless every run
# prints the same digests. Usage: bash .ci/determinism.sh  (from the package root)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.ci/out
mkdir -p "$out"
mapfile -t sources < <(find Sources/Hooke -name '*.swift' | sort)
program=.ci/determinism/main.swift
# -lm: on Linux, squareRoot() goes through a C shim whose slow path (negative input, errno) calls
# libm sqrt; the result is IEEE-exact either way, but the native link needs the symbol.

echo "determinism: native release build"
swiftc -O -wmo -parse-as-library -module-name Hooke -package-name Hooke "${sources[@]}" "$program" -lm -o "$out/determinism-release"
echo "determinism: native debug build"
swiftc -Onone -wmo -parse-as-library -module-name Hooke -package-name Hooke "${sources[@]}" "$program" -lm -o "$out/determinism-debug"
echo "determinism: Embedded Swift, host target, -O and -Onone (compile only)"
swiftc -enable-experimental-feature Embedded -wmo -parse-as-library -O -module-name Hooke -package-name Hooke \
  "${sources[@]}" -c -o "$out/hooke-embedded-host.o"
swiftc -enable-experimental-feature Embedded -wmo -parse-as-library -Onone -module-name Hooke -package-name Hooke \
  "${sources[@]}" -c -o "$out/hooke-embedded-host-debug.o"
echo "determinism: Embedded Swift, wasm32-unknown-none-wasm"
swiftc -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded \
  -enable-experimental-feature Extern -wmo -parse-as-library -O -module-name Hooke -package-name Hooke \
  -Xfrontend -disable-stack-protector "${sources[@]}" "$program" -c -o "$out/determinism.o"
# The batch digest allocates: link a bump allocator (posix_memalign/malloc/free) for wasm32.
clang --target=wasm32-unknown-unknown -O2 -nostdlib -c .ci/determinism/bump_allocator.c -o "$out/bump_allocator.o"
wasm-ld --no-entry --export=_start "$out/determinism.o" "$out/bump_allocator.o" -o "$out/determinism.wasm"

"$out/determinism-release" > "$out/native-release.txt"
"$out/determinism-debug" > "$out/native-debug.txt"
wasmkit run "$out/determinism.wasm" > "$out/wasm32.txt"
echo "native release:"; sed 's/^/  /' "$out/native-release.txt"
status=0
for other in native-debug wasm32; do
  if cmp -s "$out/native-release.txt" "$out/$other.txt"; then
    echo "determinism: $other matches native release"
  else
    echo "determinism: MISMATCH between native release and $other:" >&2
    diff "$out/native-release.txt" "$out/$other.txt" >&2 || true
    status=1
  fi
done
[ "$(wc -l < "$out/native-release.txt")" -ge 4 ] || { echo "determinism: too few digests" >&2; status=1; }
exit $status
