import HookeThreads
import Testing

/// `WorkerPool.forEachChunk`: every chunk of the documented split runs exactly once, on the
/// documented worker, each worker's chunks in ascending order — checked against the split
/// written out from its definition, for several thread counts, chunk sizes and lengths (empty,
/// negative and huge chunk sizes included).
@Suite struct WorkerPoolChunkTests {
  /// One recorded call: worker, segment, lower, upper.
  typealias Call = (worker: Int, segment: Int, lower: Int, upper: Int)

  /// The recording a run writes: per worker a list of calls (each worker appends only to its
  /// own list), and the segment lengths the `length` callback reads.
  struct Recording {
    let calls: UnsafeMutablePointer<Int>  // per worker: capacity × 4 integers
    let counts: UnsafeMutablePointer<Int>  // per worker: calls recorded
    let capacity: Int
    let lengths: UnsafeBufferPointer<Int>
  }

  /// The definition: segments in order, each split from its start into chunks of `chunkSize`
  /// (negative lengths read as 0, chunk sizes below 1 as 1), chunk k on worker k mod threads.
  func expected(lengths: [Int], chunkSize: Int, threads: Int) -> [Call] {
    let size = max(1, chunkSize)
    var calls: [Call] = []
    var k = 0
    for (s, n) in lengths.enumerated() {
      var lower = 0
      while lower < n {
        let upper = n - lower > size ? lower + size : n
        calls.append((k % threads, s, lower, upper))
        k += 1
        lower = upper
      }
    }
    return calls
  }

  /// Runs the segmented form (or, for one segment and `single`, the `count:` form) and returns
  /// every worker's calls in the order the worker made them, workers in order.
  func record(pool: WorkerPool, lengths: [Int], chunkSize: Int, single: Bool) -> [Call] {
    let capacity = 2_100
    let calls = UnsafeMutablePointer<Int>.allocate(capacity: pool.threads * capacity * 4)
    let counts = UnsafeMutablePointer<Int>.allocate(capacity: pool.threads)
    counts.initialize(repeating: 0, count: pool.threads)
    defer {
      calls.deallocate()
      counts.deallocate()
    }
    lengths.withUnsafeBufferPointer { lengthBuffer in
      var recording = Recording(calls: calls, counts: counts, capacity: capacity, lengths: lengthBuffer)
      withUnsafeMutablePointer(to: &recording) { r in
        let body: WorkerPool.ChunkBody = { raw, worker, segment, lower, upper in
          let r = raw!.assumingMemoryBound(to: Recording.self).pointee
          let n = r.counts[worker]
          guard n < r.capacity else { return }
          let entry = r.calls + (worker * r.capacity + n) * 4
          (entry[0], entry[1], entry[2], entry[3]) = (worker, segment, lower, upper)
          r.counts[worker] = n + 1
        }
        if single {
          pool.forEachChunk(
            count: lengths[0], chunkSize: chunkSize, context: UnsafeMutableRawPointer(r), body)
        } else {
          pool.forEachChunk(
            segments: lengths.count,
            length: { raw, s in raw!.assumingMemoryBound(to: Recording.self).pointee.lengths[s] },
            chunkSize: chunkSize, context: UnsafeMutableRawPointer(r), body)
        }
      }
    }
    var result: [Call] = []
    for w in 0..<pool.threads {
      for n in 0..<counts[w] {
        let entry = calls + (w * capacity + n) * 4
        result.append((entry[0], entry[1], entry[2], entry[3]))
      }
    }
    return result
  }

  func same(_ a: [Call], _ b: [Call]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy {
        $0.worker == $1.worker && $0.segment == $1.segment && $0.lower == $1.lower && $0.upper == $1.upper
      }
  }

  @Test(arguments: [1, 2, 3, 5]) func chunksFollowTheDocumentedSplit(threads: Int) {
    let pool = WorkerPool(threads: threads)
    let segmentSets: [[Int]] = [[], [0], [1], [1000], [17, 0, -4, 64, 1, 130], [3, 3, 3, 3, 3, 3, 3]]
    for lengths in segmentSets {
      for chunkSize in [-2, 0, 1, 7, 64, 1000, Int.max] {
        // Each worker's calls in ascending chunk order = the definition's calls sorted stably by
        // worker.
        let byWorker = { (calls: [Call]) in
          (0..<pool.threads).flatMap { w in calls.filter { $0.worker == w } }
        }
        let want = byWorker(expected(lengths: lengths, chunkSize: chunkSize, threads: pool.threads))
        let got = record(pool: pool, lengths: lengths, chunkSize: chunkSize, single: false)
        #expect(same(got, want), "threads \(threads), lengths \(lengths), chunk \(chunkSize)")
        if lengths.count == 1 {
          let single = record(pool: pool, lengths: lengths, chunkSize: chunkSize, single: true)
          #expect(
            same(single, want), "count form: threads \(threads), count \(lengths[0]), chunk \(chunkSize)")
        }
      }
    }
  }
}
