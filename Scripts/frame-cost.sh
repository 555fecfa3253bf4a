#!/usr/bin/env bash
# Counts what one scene frame costs, deterministically: instructions and (with --cache) the data
# cache misses of a modelled 2 MB last level, per `performFrame` call of `hooke-bench`'s `hooke`
# engine (or, with --engine, a channel engine such as `naive`), from valgrind's callgrind. Unlike a
# timing, the count does not depend on what else the machine is doing: two runs of the same binary
# agree within about 0.1 % (the C allocator's own bookkeeping differs with what ran before the
# frames), so two builds can be compared on a shared, noisy host. (The model has no hardware
# prefetcher: a streaming copy counts a miss per line that the real machine mostly hides. Use it for
# changes in scattered reads, not for absolute time.)
#
# Usage: Scripts/frame-cost.sh [--binary PATH] [--cache] [--checksum-every N] [--warmup N]
#                              [--engine NAME] SCENARIO ELEMENTS [FEW MANY]
#
# It runs the scenario twice, with FEW and with MANY measured frames (default 20 and 60, after
# --warmup frames, default 10), collecting inside `performFrame` only, and prints
# (count(MANY) - count(FEW)) / (MANY - FEW) / 2: the difference leaves out the setup and the
# warm-up, and the run's HTML report replays every frame once more for its filmstrip, so each
# measured frame is performed twice. --checksum-every 1 makes every frame follow an untimed
# checksum that reads the whole render list (the cold frames that set a p99). Some scripts reach
# their steady state only after seconds (shuffle's long moves pile up for about 300 frames at
# 120 Hz): --warmup 300 counts frames from there. --engine naive (or another channel engine)
# counts that engine's `performFrame` on the same script, for a cost to compare with. The binary
# defaults to .build/release/hooke-bench (`swift build -c release --product hooke-bench`).
set -euo pipefail

usage() { sed -n '/^# Usage:/,/^#$/p' "$0" | sed 's/^# \{0,1\}//'; exit 64; }
binary=.build/release/hooke-bench
cache=no
checksum=60
warmup=10
engine=hooke
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=${2:?--binary needs a path}; shift 2 ;;
    --cache) cache=yes; shift ;;
    --checksum-every) checksum=${2:?--checksum-every needs a number}; shift 2 ;;
    --warmup) warmup=${2:?--warmup needs a number}; shift 2 ;;
    --engine) engine=${2:?--engine needs a name}; shift 2 ;;
    -h | --help) usage ;;
    -*) echo "frame-cost: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || usage
scenario=$1
elements=$2
few=${3:-20}
many=${4:-60}
[ "$many" -gt "$few" ] || { echo "frame-cost: MANY ($many) must exceed FEW ($few)" >&2; exit 64; }
command -v valgrind > /dev/null || { echo "frame-cost: valgrind not found (apt-get install valgrind)" >&2; exit 1; }
[ -x "$binary" ] || { echo "frame-cost: no executable at $binary" >&2; exit 1; }

# The full scene's workload type, or the channel path's for any other engine.
if [ "$engine" = hooke ]; then
  workload='*SceneScenarioWorkloadC12performFrame*'
else
  workload='*ChannelScenarioWorkloadC12performFrame*'
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

count() {
  local frames=$1
  local options=(--tool=callgrind --callgrind-out-file="$work/$frames.out"
    --toggle-collect="$workload")
  [ "$cache" = yes ] && options+=(--cache-sim=yes --LL=2097152,16,64)
  # Swift seeds its hashing per process; fixed here, so that dictionaries probe the same way on
  # every run.
  SWIFT_DETERMINISTIC_HASHING=1 valgrind "${options[@]}" "$binary" run --scenario "$scenario" --elements "$elements" --hz 120 \
    --engine "$engine" --threads 1 --repetitions 1 --frames "$frames" --warmup "$warmup" \
    --checksum-every "$checksum" --no-compare --output "$work/$frames.json" \
    --html "$work/$frames.html" > "$work/$frames.log" 2>&1 \
    || { echo "frame-cost: the run with $frames frames failed:" >&2; grep -v "^==" "$work/$frames.log" | tail -5 >&2; return 1; }
}

# Both runs at once (one core each), then the totals line of each profile:
# `summary: <one count per event>`.
count "$few" &
few_job=$!
count "$many" &
many_job=$!
failed=0
wait "$few_job" || failed=1
wait "$many_job" || failed=1
[ "$failed" = 0 ] || exit 1
few_counts=$(grep '^summary:' "$work/$few.out" | cut -d' ' -f2-)
many_counts=$(grep '^summary:' "$work/$many.out" | cut -d' ' -f2-)
events=(Ir)
[ "$cache" = yes ] && events=(Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw)
read -r -a a <<< "$few_counts"
read -r -a b <<< "$many_counts"
line="$scenario $elements ($engine), per performFrame call:"
for i in "${!events[@]}"; do
  case "${events[$i]}" in
    Ir | D1mr | D1mw | DLmr | DLmw)
      line+=" ${events[$i]} $(((b[i] - a[i]) / (many - few) / 2))" ;;
  esac
done
echo "$line"
