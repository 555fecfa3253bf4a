// The one chunked dispatch of the package's parallel loops: a fixed split of an index space into
// chunks and a fixed assignment of chunks to workers, so what each worker does is a function of
// the sizes alone, and results that do not depend on the split are the same for every thread
// count and chunk size.

extension WorkerPool {
  /// The work on one chunk: `body(context, worker, segment, lower, upper)` handles the indices
  /// `lower..<upper` of `segment` on worker `worker` (a C function: its state travels in
  /// `context`, so nothing is boxed per call).
  public typealias ChunkBody =
    @convention(c) (
      _ context: UnsafeMutableRawPointer?, _ worker: Int, _ segment: Int, _ lower: Int, _ upper: Int
    ) -> Void

  /// The length of one segment: `length(context, segment)` (read by every worker as it walks the
  /// segments, so it must give the same value to all of them during a call).
  public typealias SegmentLength = @convention(c) (_ context: UnsafeMutableRawPointer?, _ segment: Int) -> Int

  /// Runs `body` over `0..<count` in chunks of `chunkSize` on the pool's workers: chunk `j` is
  /// `j·chunkSize ..< min(count, (j + 1)·chunkSize)` (segment 0) and runs on worker
  /// `j mod threads`; each worker takes its chunks in ascending order. Returns when every chunk
  /// is done. Allocation-free. `count ≤ 0` runs nothing; `chunkSize < 1` reads as 1. Calls must
  /// not overlap, as for ``run(context:_:)``.
  public func forEachChunk(
    count: Int, chunkSize: Int, context: UnsafeMutableRawPointer?, _ body: ChunkBody
  ) {
    guard count > 0 else { return }
    var job = _ChunkJob(
      context: context, body: body, length: nil, segments: 1, count: count,
      chunkSize: Swift.max(1, chunkSize), threads: threads)
    _dispatch(&job)
  }

  /// Runs `body` over several index spaces, segment `s` being `0..<length(context, s)` for `s`
  /// in `0..<segments`: each segment is split into chunks of `chunkSize` from its start (its
  /// last chunk shorter), the chunks of all segments are numbered `k = 0, 1, …` in segment
  /// order, and chunk `k` runs on worker `k mod threads`, each worker taking its chunks in
  /// ascending order. (So a batch engine's groups are stepped in chunks that never straddle two
  /// groups.) Allocation-free; negative lengths read as 0, `chunkSize < 1` as 1.
  public func forEachChunk(
    segments: Int, length: SegmentLength, chunkSize: Int, context: UnsafeMutableRawPointer?,
    _ body: ChunkBody
  ) {
    guard segments > 0 else { return }
    var job = _ChunkJob(
      context: context, body: body, length: length, segments: segments, count: 0,
      chunkSize: Swift.max(1, chunkSize), threads: threads)
    _dispatch(&job)
  }

  private func _dispatch(_ job: inout _ChunkJob) {
    // Safety: `job` lives on this frame until `run` returns, and `run` returns only after every
    // worker has finished with it; workers only read it.
    withUnsafeMutablePointer(to: &job) { job in
      run(context: UnsafeMutableRawPointer(job)) { raw, worker in
        raw.unsafelyUnwrapped.assumingMemoryBound(to: _ChunkJob.self).pointee.work(worker: worker)
      }
    }
  }
}

/// One ``WorkerPool/forEachChunk(segments:length:chunkSize:context:_:)`` call, passed to the
/// workers by pointer.
struct _ChunkJob {
  let context: UnsafeMutableRawPointer?
  let body: WorkerPool.ChunkBody
  /// nil: one segment of `count`.
  let length: WorkerPool.SegmentLength?
  let segments, count, chunkSize, threads: Int

  /// Worker `worker`'s chunks, in ascending order.
  func work(worker: Int) {
    var k = 0
    for s in 0..<segments {
      let n = length.map { Swift.max(0, $0(context, s)) } ?? count
      var lower = 0
      while lower < n {
        let upper = lower + Swift.min(chunkSize, n - lower)  // (no overflow for huge chunk sizes)
        if k % threads == worker { body(context, worker, s, lower, upper) }
        k += 1
        lower = upper
      }
    }
  }
}
