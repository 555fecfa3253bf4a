#!/usr/bin/env bash
# Checks the pages hooke-bench writes in a real browser (headless Chromium; Debian's `chromium`
# package is installed when missing): each page loads without console errors, the playground's
# wasm module instantiates, and the digest it computes over a fixed set of springs and curves is
# bit-identical to the same entry points built natively. Also rebuilds the committed wasm module
# and fails if it is stale. Writes screenshots at 390 and 1280 px to .ci/out/pages.
# Usage: bash .ci/browser-check.sh  (from the package root, after a release build of hooke-bench)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.ci/out/pages
mkdir -p "$out"
tool=.build/release/hooke-bench
[ -x "$tool" ] || swift build -c release --product hooke-bench

if ! command -v chromium > /dev/null; then
  echo "browser-check: installing Debian's chromium"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium
fi
chromium --version

# The committed module must be what its script builds today (this also builds the native digest).
bash Scripts/playground-wasm.sh --check
native=$(.build/playground-wasm/playground-native | sed -n 's/^digest //p')

browse() {  # browse FILE LOG: the DOM after scripts ran, browser log on LOG
  timeout 120 chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
    --virtual-time-budget=30000 --dump-dom "file://$(realpath "$1")" 2> "$2"
}
status=0
check_page() {  # check_page NAME FILE
  local name=$1 file=$2 dom
  dom=$(browse "$file" "$out/$name.log")
  if grep -q 'Uncaught' "$out/$name.log"; then
    echo "browser-check: $name: uncaught exception:" >&2
    grep 'CONSOLE' "$out/$name.log" >&2
    status=1
  fi
  if ! grep -q '<pre id="errors" hidden=""></pre>' <<< "$dom"; then
    echo "browser-check: $name: the page reported errors:" >&2
    grep -o '<pre id="errors"[^<]*' <<< "$dom" >&2 || true
    status=1
  fi
  for width in 390 1280; do
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=30000 \
      --window-size=$width,2200 --screenshot="$out/$name-$width.png" "file://$(realpath "$file")" 2> /dev/null
  done
  DOM=$dom
}

"$tool" playground --html "$out/playground.html" > /dev/null
size=$(wc -c < "$out/playground.html")
[ "$size" -lt 1000000 ] || { echo "browser-check: playground is $size bytes (limit 1 MB)" >&2; status=1; }
check_page playground "$out/playground.html"
wasm=$(grep -o 'data-digest="[0-9a-f]*"' <<< "$DOM" | sed 's/.*="\(.*\)"/\1/' || true)
logged=$(grep -o 'hooke-playground digest [0-9a-f]*' "$out/playground.log" | awk '{print $3}' || true)
if [ -n "$wasm" ] && [ "$wasm" = "$native" ] && [ "$logged" = "$native" ]; then
  echo "browser-check: playground ($size bytes): wasm digest $wasm = native digest $native"
else
  echo "browser-check: playground digest MISMATCH: page '$wasm', console '$logged', native '$native'" >&2
  status=1
fi
# Bad input typed into the controls (via the URL fragment the page restores): every field gets a
# note naming the rule that changed it, the plots are drawn, and no number shown is NaN.
bad='#spring-form=0&s0-a=-1&s0-b=abc&s-v=1e9&s-tol=&curve-kind=7&c-x1=2&c-y1=nan&c-x2=&c-y2=1e400'
dom=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=30000 --dump-dom \
  "file://$(realpath "$out/playground.html")$bad" 2> /dev/null | tr -d '\n')
notes=$(grep -o '<li>' <<< "$dom" | wc -l)
paths=$(grep -o ' d="M[^"]*"' <<< "$dom" | wc -l)
nan_paths=$(grep -o ' d="[^"]*"' <<< "$dom" | grep -c NaN || true)
derived=$(grep -o '<table class="derived" id="spring-derived">.*</table>' <<< "$dom" | sed 's:</table>.*::')
if [ "$notes" -ge 7 ] && [ "$paths" -ge 4 ] && [ "$nan_paths" -eq 0 ] && ! grep -q NaN <<< "$derived" \
  && grep -q '<pre id="errors" hidden=""></pre>' <<< "$dom"; then
  echo "browser-check: playground with bad input: $notes notes, $paths plotted series, no NaN shown"
else
  echo "browser-check: playground with bad input: notes $notes, paths $paths, NaN paths $nan_paths" >&2
  status=1
fi

for scenario in hero-grid grid-reflow; do
  "$tool" preview --scenario "$scenario" --elements 1000 --hz 60 --html "$out/preview-$scenario.html" > /dev/null
  check_page "preview-$scenario" "$out/preview-$scenario.html"
  frames=$(grep -o 'data-frames="[0-9]*"' <<< "$DOM" | grep -o '[0-9]*' || true)
  if [ "$frames" = 240 ]; then
    echo "browser-check: preview-$scenario plays $frames frames"
  else
    echo "browser-check: preview-$scenario: the player did not start (frames '$frames')" >&2
    status=1
  fi
done
exit $status
