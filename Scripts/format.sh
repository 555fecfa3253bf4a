#!/usr/bin/env bash
# Formats the package with the toolchain's `swift format` (configuration: .swift-format), then
# lints it strictly, as CI does. Usage, from anywhere in the checkout:
#   Scripts/format.sh          regenerate the batch kernels from their template
#                              (Scripts/generate-kernels.sh), format in place, then lint (exit
#                              non-zero on any finding)
#   Scripts/format.sh --lint   lint only, change nothing (what .ci/run calls); fails too when the
#                              generated kernels differ from their template
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Benchmarks Tests Scripts/playground .ci/clients)
case "${1:-}" in
  --lint) bash Scripts/generate-kernels.sh --check ;;
  "")
    bash Scripts/generate-kernels.sh
    swift format format --in-place --recursive --parallel "${paths[@]}" ;;
  *) echo "usage: Scripts/format.sh [--lint]" >&2; exit 64 ;;
esac
swift format lint --strict --recursive --parallel "${paths[@]}"
echo "format: lint clean"
