// scene-bench: transaction and frame cost of HookeScene for N matched elements.
//
// Usage: swift run -c release scene-bench [N] [frames] [--general]
// (default: the batch fast path; --general uses per-property animators).
// Builds N matched pairs (a source cell in a grid, and an invisible non-source follower), then
// one spring transaction retargets every source (N group retargets), then `frames` frames at
// 60 Hz. Prints ns per element for the transaction and per frame, and a hash of the last render
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
let n = args.count > 1 ? Int(args[1]) ?? 1_000_000 : 1_000_000
let frames = args.count > 2 ? Int(args[2]) ?? 30 : 30
let general = args.contains("--general")

var scene = Scene(bounds: Rect(x: 0, y: 0, width: 4000, height: 4000), fastPath: !general)
let ns = scene.makeNamespace()
let cell = 4000.0 / 1000
func frame(_ i: Int, shift: Double) -> Rect {
  Rect(x: Double(i % 1000) * cell + shift, y: Double(i / 1000 % 1000) * cell, width: cell * 0.8, height: cell * 0.8)
}

var t0 = nowNanoseconds()
scene.withoutAnimation(at: 0) { tx in
  tx.reserveCapacity(n)
  for i in 0..<n {
    tx.insert(Element(id: ElementID(i), frame: frame(i, shift: 0)).matchedGeometry(id: .int(i), in: ns))
  }
}
scene.advance(to: 0)
let build = nowNanoseconds() - t0

t0 = nowNanoseconds()
let result = scene.withAnimation(.spring(response: 0.5, dampingFraction: 0.8), at: 1.0 / 60) { tx in
  tx.reserveCapacity(n)
  for i in 0..<n { tx.setFrame(ElementID(i), frame(i, shift: 100)) }
}
let transaction = nowNanoseconds() - t0

var frameTimes: [UInt64] = []
frameTimes.reserveCapacity(frames)
var hash: UInt64 = 0xcbf2_9ce4_8422_2325
// The first frame after the transaction may grow the render list's capacity; count from the second.
scene.advance(to: PropertyAnimator<Double>.time(tick: 2, ticksPerSecond: 60))
let mallocsBefore = mallocCount?()
for k in 3..<(3 + frames) {
  let s = nowNanoseconds()
  scene.advance(to: PropertyAnimator<Double>.time(tick: Int64(k), ticksPerSecond: 60))
  frameTimes.append(nowNanoseconds() - s)
}
let mallocsAfter = mallocCount?()
let list = scene.renderList
for i in stride(from: 0, to: list.count, by: max(1, list.count / 4096)) {
  hash = (hash ^ list.x[i].bitPattern) &* 0x100_0000_01b3
  hash = (hash ^ list.width[i].bitPattern) &* 0x100_0000_01b3
}
frameTimes.sort()
let median = frameTimes.isEmpty ? 0 : frameTimes[frameTimes.count / 2]
print("path: \(general ? "general (per-property animators)" : "batch fast path")")
print("elements: \(n), diagnostics: \(result.diagnostics.count), render rows: \(list.count)")
print("build (insert, unanimated): \(Double(build) / Double(n)) ns/element")
print("transaction (retarget \(n) matched groups, spring): \(Double(transaction) / Double(n)) ns/element")
print("frame (median of \(frames), 60 Hz): \(Double(median) / Double(n)) ns/element  [min \(Double(frameTimes.first ?? 0) / Double(n)), max \(Double(frameTimes.last ?? 0) / Double(n))]")
if let a = mallocsBefore, let b = mallocsAfter {
  print("heap allocations during the \(frames) measured frames: \(b - a) (\(Double(b - a) / Double(max(frames, 1))) per frame)")
} else {
  print("heap allocations: not counted (run under LD_PRELOAD of Benchmarks/malloc-counter)")
}
print("render-list hash: \(String(hash, radix: 16))")
