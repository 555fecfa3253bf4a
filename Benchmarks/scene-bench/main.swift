// scene-bench: transaction and frame cost of HookeScene for N matched elements.
//
// Usage: swift run -c release scene-bench [N] [frames] [--general] [--threads T]
//                                          [--mode retarget|grid-reflow|grid] [--hz H]
// (default: the batch fast path on 1 thread, mode `retarget`, 60 Hz). N is 1…10⁸, frames 1…10⁷,
// T 1…4096, H 1…10 000; anything else exits 64 naming the argument.
//
// retarget: N matched elements (a source cell in a 1000-wide grid each), one spring transaction
// retargets every element (N group retargets), then `frames` frames.
// grid-reflow (the frame-budget suite's scenario shape): N matched cards in a grid; every 20
// frames one spring transaction lays all N out again with a new column count (cycling
// 1000, 700, 1300, 850), re-triggered before the previous flight settles; `frames` frames in all.
// grid: grid-reflow's timeline on one ElementGrid of N cards (a reflow is one updateGrid).
//
// Prints ns per element for the transactions and per frame (median, p99, max), heap allocations
// per frame when run under Benchmarks/malloc-counter (LD_PRELOAD), and a hash of the last render
// list (so the work cannot be optimised away).
import Hooke
import HookeAnimation
import HookeScene

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Heap allocations so far, when run under Benchmarks/malloc-counter (LD_PRELOAD); nil otherwise.
let mallocCount: (@convention(c) () -> UInt64)? = {
  guard let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "hooke_malloc_count") else { return nil }
  return unsafeBitCast(sym, to: (@convention(c) () -> UInt64).self)
}()

func nowNanoseconds() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

let args = CommandLine.arguments
func option(_ name: String) -> String? {
  guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
  return args[i + 1]
}
let positional = args.dropFirst().enumerated().filter { k, a in
  !a.hasPrefix("--") && !(k > 0 && ["--threads", "--mode", "--hz"].contains(args[k]))
}.map(\.element)
/// `raw` as an integer in `range` (`fallback` when absent); anything else exits 64 naming the
/// argument (it used to fall back silently, or trap on a negative N or frame count).
func integer(_ raw: String?, _ what: String, _ range: ClosedRange<Int>, fallback: Int) -> Int {
  guard let raw else { return fallback }
  guard let value = Int(raw), range.contains(value) else {
    print("scene-bench: \(what): '\(raw)' is not an integer in \(range.lowerBound)…\(range.upperBound)")
    exit(64)
  }
  return value
}
let n = integer(positional.first, "N", 1...100_000_000, fallback: 1_000_000)
let mode = option("--mode") ?? "retarget"
let frames = integer(
  positional.count > 1 ? positional[1] : nil, "frames", 1...10_000_000,
  fallback: mode == "retarget" ? 30 : 120)
let general = args.contains("--general")
let threads = integer(option("--threads"), "--threads", 1...4096, fallback: 1)
let hz = Int64(integer(option("--hz"), "--hz", 1...10_000, fallback: 60))
guard mode == "retarget" || mode == "grid-reflow" || mode == "grid" else {
  print("scene-bench: unknown --mode \(mode) (retarget, grid-reflow, grid)")
  exit(64)
}

let scene = Scene(bounds: Rect(x: 0, y: 0, width: 4000, height: 4000), fastPath: !general, threads: threads)
let ns = scene.makeNamespace()
nonisolated func frame(_ i: Int, columns: Int, shift: Double) -> Rect {
  let cell = 4000.0 / Double(columns)
  return Rect(
    x: Double(i % columns) * cell + shift, y: Double(i / columns) * cell, width: cell * 0.8,
    height: cell * 0.8)
}
func time(_ tick: Int64) -> Double { PropertyAnimator<Double>.time(tick: tick, ticksPerSecond: hz) }

var t0 = nowNanoseconds()
func grid(columns: Int) -> ElementGrid {
  let cell = 4000.0 / Double(columns)
  return ElementGrid(
    id: 0, firstElementID: 0, count: n, columns: columns, bounds: Rect(x: 0, y: 0, width: 4000, height: 0),
    rowHeight: cell * 0.8, spacing: cell * 0.2
  ).matchedGeometry(in: ns)
}
scene.withoutAnimation(at: 0) { tx in
  if mode == "grid" {
    tx.insertGrid(grid(columns: 1000))
    return
  }
  tx.reserveCapacity(n)
  for i in 0..<n {
    tx.insert(
      Element(id: ElementID(i), frame: frame(i, columns: 1000, shift: 0)).matchedGeometry(id: .int(i), in: ns)
    )
  }
}
scene.advance(to: 0)
let build = nowNanoseconds() - t0

var transactionTimes: [UInt64] = []
var frameTimes: [UInt64] = []
var transactionFrameTimes: [UInt64] = []
frameTimes.reserveCapacity(frames)
// Reserved so the harness itself does not allocate inside the measured frames.
transactionTimes.reserveCapacity(frames / 20 + 2)
transactionFrameTimes.reserveCapacity(frames / 20 + 2)
var diagnostics = 0
let spring = Animation.spring(response: 0.5, dampingFraction: 0.8)
let layouts = [1000, 700, 1300, 850]
@MainActor func retarget(at tick: Int64, wave: Int) {
  let columns = mode == "retarget" ? 1000 : layouts[(wave + 1) % layouts.count]
  let shift = mode == "retarget" ? 100.0 : 0
  let s = nowNanoseconds()
  let result = scene.withAnimation(spring, at: time(tick)) { tx in
    if mode == "grid" {
      let g = grid(columns: columns)
      tx.updateGrid(0) { $0 = g }
      return
    }
    tx.reserveCapacity(n)
    for i in 0..<n { tx.setFrame(ElementID(i), frame(i, columns: columns, shift: shift)) }
  }
  transactionTimes.append(nowNanoseconds() - s)
  diagnostics += result.diagnostics.count
}

retarget(at: 1, wave: 0)
// The first frame after the first transaction may grow the render list's capacity; measure from
// the next one.
scene.advance(to: time(2))
let mallocsBefore = mallocCount?()
var mallocsInTransactions: UInt64 = 0
for k in Int64(3)..<(3 + Int64(frames)) {
  var transaction: UInt64 = 0
  if mode != "retarget" && k % 20 == 0 {
    let m0 = mallocCount?() ?? 0
    let s = nowNanoseconds()
    retarget(at: k, wave: Int(k / 20))
    transaction = nowNanoseconds() - s
    mallocsInTransactions += (mallocCount?() ?? 0) - m0
  }
  let s = nowNanoseconds()
  scene.advance(to: time(k))
  let f = nowNanoseconds() - s
  frameTimes.append(f)
  if transaction > 0 { transactionFrameTimes.append(f + transaction) }
}
let mallocsAfter = mallocCount?()
var hash: UInt64 = 0xcbf2_9ce4_8422_2325
let list = scene.renderList
for i in stride(from: 0, to: list.count, by: max(1, list.count / 4096)) {
  hash = (hash ^ list.x[i].bitPattern) &* 0x100_0000_01b3
  hash = (hash ^ list.width[i].bitPattern) &* 0x100_0000_01b3
}
frameTimes.sort()
func perElement(_ ns: UInt64) -> String { String(Double(ns) / Double(n)) }
func ms(_ ns: UInt64) -> String { String(Double(ns / 1000) / 1000) }
let median = frameTimes.isEmpty ? 0 : frameTimes[frameTimes.count / 2]
let p99 =
  frameTimes.isEmpty ? 0 : frameTimes[min(frameTimes.count - 1, (frameTimes.count * 99 + 99) / 100 - 1)]
let maxFrame = frameTimes.last ?? 0
print(
  "path: \(general ? "general (per-property animators)" : "batch fast path"), threads: \(threads), mode: \(mode), \(hz) Hz"
)
print("elements: \(n), diagnostics: \(diagnostics), render rows: \(list.count)")
print("build (insert, unanimated): \(perElement(build)) ns/element")
let txMedian = transactionTimes.sorted()[transactionTimes.count / 2]
print(
  "transaction (retarget \(n) matched groups, spring; median of \(transactionTimes.count)): \(perElement(txMedian)) ns/element (\(ms(txMedian)) ms)"
)
print(
  "frame (\(frames) frames): median \(perElement(median)) ns/element (\(ms(median)) ms), p99 \(ms(p99)) ms, max \(ms(maxFrame)) ms, budget \(ms(UInt64(1_000_000_000 / hz))) ms"
)
if !transactionFrameTimes.isEmpty {
  print("frames with a transaction (transaction + frame): max \(ms(transactionFrameTimes.max()!)) ms")
}
if let a = mallocsBefore, let b = mallocsAfter {
  let inFrames = b - a - mallocsInTransactions
  print(
    "heap allocations during the \(frames) measured frames (transactions excluded): \(inFrames) (\(Double(inFrames) / Double(max(frames, 1))) per frame)"
  )
} else {
  print("heap allocations: not counted (run under LD_PRELOAD of Benchmarks/malloc-counter)")
}
print("render-list hash: \(String(hash, radix: 16))")
