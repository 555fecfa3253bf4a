// Multi-core stepping for Hooke's BatchEngine. The core (module Hooke) has no threads: it exposes
// phased stepping where disjoint active ranges can be stepped from any thread. This module splits
// every group's active range into fixed chunks and hands chunk k to worker k mod threads
// (`WorkerPool.forEachChunk`). Every channel's arithmetic is independent of which call steps it,
// so the result is bit-identical to one thread for any thread count and chunk size.
import Hooke

/// A reusable multi-threaded stepper for one `BatchEngine`.
///
/// `threads` workers (values < 1 are read as 1, values above `WorkerPool.maximumThreads` as that)
/// step chunks of `chunkSize` active channels (values < 1 are read as 1): each group's active
/// range is split into chunks from its start, the chunks of all groups are numbered in group
/// order, and chunk k runs on worker k mod threads (``WorkerPool/forEachChunk(segments:length:chunkSize:context:_:)``).
/// The workers are a ``WorkerPool`` started at initialisation (worker 0 is the calling thread;
/// with 1 thread no thread is started). Per-frame cost beyond the core step: one pool call; no
/// allocation (the per-worker counters are allocated once at initialisation).
public final class BatchThreadedStepper<Scalar: BatchScalar>: @unchecked Sendable, _ChunkStepping {
  /// The engine stepped.
  public let engine: BatchEngine<Scalar>
  /// Number of workers.
  public let threads: Int
  /// Active channels per chunk.
  public let chunkSize: Int
  private let counts: UnsafeMutablePointer<Int>
  private let pool: WorkerPool

  /// Creates a stepper (see the type's documentation for the clamps).
  public init(engine: BatchEngine<Scalar>, threads: Int, chunkSize: Int = 4096) {
    self.engine = engine
    self.threads = min(max(1, threads), WorkerPool.maximumThreads)
    self.chunkSize = max(1, chunkSize)
    pool = WorkerPool(threads: self.threads)
    // Safety: one counter per worker, initialised here and freed in deinit; worker w writes only
    // counts[w], and only during a pool call.
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
    for t in 0..<threads { counts[t] = 0 }
    var job = _StepperJob(stepper: self, counts: counts)
    // Safety: `job` outlives the pool call, which returns only after every worker is done with
    // it; worker w adds only to counts[w].
    withUnsafeMutablePointer(to: &job) { job in
      pool.forEachChunk(
        segments: engine.groupCount,
        length: { raw, group in
          raw.unsafelyUnwrapped.assumingMemoryBound(to: _StepperJob.self).pointee.stepper._activeCount(group)
        }, chunkSize: chunkSize, context: UnsafeMutableRawPointer(job)
      ) { raw, worker, group, lower, upper in
        let job = raw.unsafelyUnwrapped.assumingMemoryBound(to: _StepperJob.self)
        job.pointee.counts[worker] += job.pointee.stepper._stepChunk(group: group, lower: lower, upper: upper)
      }
    }
    var snapped = 0
    for t in 0..<threads { snapped += counts[t] }
    snapped += engine.stepCombinations()
    engine.finishStep(snapped: snapped)
    return snapped
  }

  // The workers reach the engine through these (the pool's C callbacks cannot be generic); the
  // generic entry points dispatch to the Float and Double specialisations at run time.
  @_specialize(where Scalar == Double)
  @_specialize(where Scalar == Float)
  func _activeCount(_ group: Int) -> Int { engine.activeCount(of: BatchGroup(index: group)) }

  @_specialize(where Scalar == Double)
  @_specialize(where Scalar == Float)
  func _stepChunk(group: Int, lower: Int, upper: Int) -> Int {
    engine.stepChannels(group: BatchGroup(index: group), range: lower..<upper)
  }
}

/// What a stepper's workers call, whatever its scalar type.
protocol _ChunkStepping: AnyObject {
  func _activeCount(_ group: Int) -> Int
  func _stepChunk(group: Int, lower: Int, upper: Int) -> Int
}

/// One threaded step, passed to the workers by pointer.
struct _StepperJob {
  let stepper: any _ChunkStepping
  let counts: UnsafeMutablePointer<Int>
}
