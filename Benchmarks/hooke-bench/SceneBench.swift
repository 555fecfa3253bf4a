// `hooke-bench scene`'s measurement: HookeScene's transaction and frame cost for N matched
// elements, with heap allocations counted when run under Benchmarks/malloc-counter.
import FrameBudget
import Hooke
import HookeAnimation
import HookeScene
import Scenarios

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One `scene` run: the scene shape and timeline of ``mode``, measured frame by frame.
struct SceneBench {
  /// What the run animates.
  enum Mode: String, CaseIterable {
    /// N matched elements (a source cell in a 1000-wide grid each); one spring transaction
    /// retargets every element (N group retargets), then the frames.
    case retarget
    /// N matched cards in a grid; every 20 frames one spring transaction lays all N out again with
    /// a new column count (cycling 1000, 700, 1300, 850), re-triggered before the previous flight
    /// settles.
    case gridReflow = "grid-reflow"
    /// grid-reflow's timeline on one `ElementGrid` of N cards (a reflow is one `updateGrid`).
    case grid
  }

  /// Elements N (1…10⁸).
  var n = 1_000_000
  /// Measured frames (1…10⁷; default 30 for retarget, 120 otherwise).
  var frames = 30
  /// The per-property reference scene (one animator per property) instead of the batch engine.
  var general = false
  /// The scene's worker threads (1…4096).
  var threads = 1
  /// The timeline.
  var mode = Mode.retarget
  /// Refresh rate (1…10 000 Hz).
  var hz: Int64 = 60

  static func nowNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  /// Builds the scene, runs the timeline and returns the report lines: ns per element of the
  /// transactions and frames (the harness's nearest-rank median and p99, and the max), heap
  /// allocations per measured frame (under the malloc counter), and a hash of the last render
  /// list (so the work cannot be optimised away).
  func run() -> String {
    let n = self.n
    let mode = self.mode.rawValue
    let frames = self.frames
    let general = self.general
    let threads = self.threads
    let hz = self.hz
    let mallocCount = HeapCounter.count
    let nowNanoseconds = Self.nowNanoseconds

    let bounds = Rect(x: 0, y: 0, width: 4000, height: 4000)
    let scene = general ? Scene(perPropertyReference: bounds) : Scene(bounds: bounds, threads: threads)
    let ns = scene.makeNamespace()
    func frame(_ i: Int, columns: Int, shift: Double) -> Rect {
      let cell = 4000.0 / Double(columns)
      return Rect(
        x: Double(i % columns) * cell + shift, y: Double(i / columns) * cell, width: cell * 0.8,
        height: cell * 0.8)
    }
    func time(_ tick: Int64) -> Double { PropertyAnimator<Double>.time(tick: tick, ticksPerSecond: hz) }

    let t0 = nowNanoseconds()
    func grid(columns: Int) -> ElementGrid {
      let cell = 4000.0 / Double(columns)
      return ElementGrid(
        id: 0, firstElementID: 0, count: n, columns: columns,
        bounds: Rect(x: 0, y: 0, width: 4000, height: 0),
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
          Element(id: ElementID(i), frame: frame(i, columns: 1000, shift: 0)).matchedGeometry(
            id: .int(i), in: ns)
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
    func retarget(at tick: Int64, wave: Int) {
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
    // The first frame after the first transaction may grow the render list's capacity; measure
    // from the next one.
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

    // The harness's frame metrics: nearest-rank percentiles against the frame deadline.
    let deadline = frameDeadlineNanoseconds(hz: Int(hz))
    let frameMetrics = FrameMetrics(frameTimes: frameTimes, deadlineNs: deadline)
    let transactionMetrics = FrameMetrics(frameTimes: transactionTimes, deadlineNs: deadline)
    func perElement(_ ns: UInt64) -> String { String(Double(ns) / Double(n)) }
    func ms(_ ns: UInt64) -> String { String(Double(ns / 1000) / 1000) }
    let median = frameMetrics.p50Ns
    let p99 = frameMetrics.p99Ns
    let maxFrame = frameMetrics.maxNs
    var out = ""
    out +=
      "path: \(general ? "per-property reference" : "batch engine"), threads: \(threads), mode: \(mode), \(hz) Hz\n"
    out += "elements: \(n), diagnostics: \(diagnostics), render rows: \(list.count)\n"
    out += "build (insert, unanimated): \(perElement(build)) ns/element\n"
    let txMedian = transactionMetrics.p50Ns
    out +=
      "transaction (retarget \(n) matched groups, spring; median of \(transactionTimes.count)): \(perElement(txMedian)) ns/element (\(ms(txMedian)) ms)\n"
    out +=
      "frame (\(frames) frames): median \(perElement(median)) ns/element (\(ms(median)) ms), p99 \(ms(p99)) ms, max \(ms(maxFrame)) ms, budget \(ms(deadline)) ms\n"
    if let worst = transactionFrameTimes.max() {
      out += "frames with a transaction (transaction + frame): max \(ms(worst)) ms\n"
    }
    if let a = mallocsBefore, let b = mallocsAfter {
      let inFrames = b - a - mallocsInTransactions
      out +=
        "heap allocations during the \(frames) measured frames (transactions excluded): \(inFrames) (\(Double(inFrames) / Double(max(frames, 1))) per frame)\n"
    } else {
      out += "heap allocations: not counted (run under LD_PRELOAD of Benchmarks/malloc-counter)\n"
    }
    out += "render-list hash: \(String(hash, radix: 16))\n"
    return out
  }
}
