// Multi-core stepping for Hooke's BatchEngine. The core (module Hooke) has no threads: it exposes
// phased stepping where disjoint active ranges can be stepped from any thread. This module splits
// every group's active range into fixed chunks and hands chunk k to worker k mod threads. Every
// channel's arithmetic is independent of which call steps it, so the result is bit-identical to
// one thread for any thread count and chunk size.
import Dispatch
import Hooke

/// A reusable multi-threaded stepper for one `BatchEngine`.
///
/// `threads` workers (values < 1 are read as 1, values above `WorkerPool.maximumThreads` as that) step chunks of `chunkSize` active channels
/// (values < 1 are read as 1). Workers run on Dispatch's global concurrent pool via
/// `DispatchQueue.concurrentPerform`; with 1 thread everything runs on the calling thread.
/// Per-frame cost beyond the core step: one `concurrentPerform` and a fixed per-worker counter
/// buffer allocated once at initialisation.
public final class BatchThreadedStepper<Scalar: BatchScalar>: @unchecked Sendable {
  /// The engine stepped.
  public let engine: BatchEngine<Scalar>
  /// Number of workers.
  public let threads: Int
  /// Active channels per chunk.
  public let chunkSize: Int
  private let counts: UnsafeMutablePointer<Int>

  /// Creates a stepper (see the type's documentation for the clamps).
  public init(engine: BatchEngine<Scalar>, threads: Int, chunkSize: Int = 4096) {
    self.engine = engine
    self.threads = min(max(1, threads), WorkerPool.maximumThreads)
    self.chunkSize = max(1, chunkSize)
    counts = .allocate(capacity: self.threads)
    counts.initialize(repeating: 0, count: self.threads)
  }

  deinit { counts.deallocate() }

  /// Advances the engine by `ticks` on `threads` workers; same result, bit for bit, as
  /// `engine.step(ticks:)`. Returns the number of channels that settled. `ticks ≤ 0` is a no-op.
  // Float/Double specialisations for callers in other modules: the specialised body reaches the
  // engine's exported specialisations, the generic one the engine's generic phases.
  @_specialize(exported:true,where Scalar == Double)
  @_specialize(exported:true,where Scalar == Float)
  @discardableResult
  public func step(ticks: Int64) -> Int {
    guard engine.prepareStep(ticks: ticks) else { return 0 }
    if threads == 1 {
      counts[0] = work(worker: 0)
    } else {
      DispatchQueue.concurrentPerform(iterations: threads) { worker in
        self.counts[worker] = self.work(worker: worker)
      }
    }
    var snapped = 0
    for t in 0..<threads { snapped += counts[t] }
    snapped += engine.stepCombinations()
    engine.finishStep(snapped: snapped)
    return snapped
  }

  @_specialize(where Scalar == Double)
  @_specialize(where Scalar == Float)
  private func work(worker: Int) -> Int {
    var snapped = 0
    var chunk = 0
    for g in 0..<engine.groupCount {
      let group = BatchGroup(index: g)
      let active = engine.activeCount(of: group)
      var lower = 0
      while lower < active {
        let upper = min(active, lower + chunkSize)
        if chunk % threads == worker {
          snapped += engine.stepChannels(group: group, range: lower..<upper)
        }
        chunk += 1
        lower = upper
      }
    }
    return snapped
  }
}
