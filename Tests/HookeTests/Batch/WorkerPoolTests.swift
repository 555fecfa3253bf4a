import Hooke
import HookeThreads
import Testing

/// `WorkerPool` (HookeThreads): every worker runs exactly once per `run`, all before `run`
/// returns, across many calls; thread counts below 1 read as 1.
@Suite struct WorkerPoolTests {
  @Test(arguments: [-3, 0, 1, 2, 5]) func everyWorkerRunsOncePerCall(threads: Int) {
    let pool = WorkerPool(threads: threads)
    #expect(pool.threads == Swift.max(1, threads))
    let counts = UnsafeMutablePointer<Int>.allocate(capacity: pool.threads)
    counts.initialize(repeating: 0, count: pool.threads)
    defer { counts.deallocate() }
    nonisolated(unsafe) let slots = counts
    for call in 1...200 {
      pool.run { worker in slots[worker] += 1 }
      for w in 0..<pool.threads {
        #expect(counts[w] == call, "threads \(threads), call \(call), worker \(w)")
      }
    }
  }

  /// Chunked work split by worker gives the same sums as a serial loop.
  @Test func chunkedSumsMatchSerial() {
    let pool = WorkerPool(threads: 3)
    let n = 10_000
    let out = UnsafeMutablePointer<Double>.allocate(capacity: n)
    defer { out.deallocate() }
    nonisolated(unsafe) let o = out
    pool.run { worker in
      var i = worker
      while i < n {
        o[i] = Double(i) * 0.5
        i += pool.threads
      }
    }
    for i in 0..<n { #expect(out[i] == Double(i) * 0.5) }
  }
}

#if canImport(Glibc)
  import Glibc
  import Synchronization

  private let barrier = Atomic<Int>(0)

  /// The workers really are other threads (worker 0 is the caller), running at the same time.
  @Suite struct WorkerPoolThreadTests {
    @Test func workersRunOnDistinctThreadsConcurrently() {
      let pool = WorkerPool(threads: 3)
      let ids = UnsafeMutablePointer<pthread_t>.allocate(capacity: 3)
      defer { ids.deallocate() }
      nonisolated(unsafe) let slots = ids
      barrier.store(0, ordering: .sequentiallyConsistent)
      pool.run { worker in
        slots[worker] = pthread_self()
        // A barrier: every body waits (bounded) until all three are inside at the same time.
        barrier.add(1, ordering: .sequentiallyConsistent)
        var spins = 0
        while barrier.load(ordering: .sequentiallyConsistent) < 3 && spins < 500_000_000 { spins += 1 }
      }
      #expect(barrier.load(ordering: .sequentiallyConsistent) == 3)
      #expect(pthread_equal(ids[0], pthread_self()) != 0)
      #expect(
        pthread_equal(ids[0], ids[1]) == 0 && pthread_equal(ids[1], ids[2]) == 0
          && pthread_equal(ids[0], ids[2]) == 0)
    }
  }
#endif

/// Absurd thread counts are clamped instead of starting millions of threads.
@Suite struct ThreadCountClampTests {
  @Test func absurdThreadCountsAreClamped() {
    #expect(WorkerPool(threads: .max).threads == WorkerPool.maximumThreads)
    let stepper = BatchThreadedStepper(engine: BatchEngine<Double>(), threads: .max)
    #expect(stepper.threads == WorkerPool.maximumThreads)
  }
}
