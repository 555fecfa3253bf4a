#!/usr/bin/env bash
# Runs every hooke-bench command of Documentation/CI.md, in order, in a scratch directory: the
# recipe's commands must work on this machine as written. GitHub-only steps are simulated: the
# job summary is a file, and main's downloaded record is this run's own results file.
# Usage: bash .ci/bench-recipe.sh   (after `swift build -c release --product hooke-bench`)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.build/release/hooke-bench"
[ -x "$bin" ] || { echo "bench-recipe: build first: swift build -c release --product hooke-bench" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
# The golden file `verify` reads lives in the checkout.
mkdir -p results && cp "$root/results/golden.json" results/
export GITHUB_STEP_SUMMARY="$scratch/summary.md"

# Every line of the workflow that calls the tool, with YAML's `run:` prefix removed.
mapfile -t commands < <(grep -E '^\s*(run: )?\.build/release/hooke-bench ' "$root/Documentation/CI.md" \
  | sed -E 's/^\s*(run: )?//')
[ "${#commands[@]}" -ge 5 ] || { echo "bench-recipe: found only ${#commands[@]} commands" >&2; exit 1; }
for command in "${commands[@]}"; do
  command=${command//.build\/release\/hooke-bench/$bin}
  if [[ "$command" == *" compare bench/main/current.json "* ]]; then
    # What "Fetch main's record" downloads: here, this machine's own record.
    mkdir -p bench/main && cp bench/current.json bench/main/current.json
  fi
  echo "bench-recipe: ${command#"$bin"}"
  status=0
  eval "$command" > "$scratch/out.txt" 2> "$scratch/err.txt" || status=$?
  # compare of a run with itself may still see host noise as a regression (exit 2); anything
  # else but 0 is a broken recipe.
  if [ "$status" -ne 0 ] && ! { [[ "$command" == *" compare "* ]] && [ "$status" -eq 2 ]; }; then
    cat "$scratch/err.txt" >&2
    echo "bench-recipe: exit $status" >&2
    exit 1
  fi
done
for file in bench/current.json bench/report.html bench/github-action-benchmark.json bench/bmf.json summary.md; do
  [ -s "$file" ] || { echo "bench-recipe: $file was not written" >&2; exit 1; }
done
grep -q '^## Benchmark comparison' summary.md
echo "bench-recipe: ${#commands[@]} commands ran"
