#!/usr/bin/env bash
# Formats the package with the toolchain's `swift format` (configuration: .swift-format), then
# lints it strictly, as CI does, and checks that every unsafe site in Sources/ states its safety
# precondition (Scripts/check-safety.sh). Usage, from anywhere in the checkout:
#   Scripts/format.sh          regenerate the batch kernels from their template
#                              (Scripts/generate-kernels.sh), format in place, then lint (exit
#                              non-zero on any finding)
#   Scripts/format.sh --lint   lint only, change nothing (what .ci/run calls); fails too when the
#                              generated kernels differ from their template or an unsafe site
#                              has no `// Safety:` comment
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
bash Scripts/check-safety.sh
echo "format: lint clean"
