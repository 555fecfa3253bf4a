// A fixed pool of worker threads for per-frame parallel loops without per-call allocation
// (Dispatch's concurrentPerform allocates a few blocks per call, which a frame budget that
// promises zero allocations per frame cannot afford).
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a body on `threads` workers at once: worker 0 is the calling thread, workers
/// `1..<threads` are threads started once at initialisation and parked between calls.
///
/// ``run(_:)`` calls `body(worker)` once for every `worker` in `0..<threads` and returns when all
/// calls have returned. It allocates nothing per call (a mutex, a condition variable and the
/// threads are created in `init`), so a frame can use it and keep zero heap allocations. Calls
/// must not overlap (one caller at a time; a nested `run` from inside a body deadlocks). With
/// `threads ≤ 1` (values < 1 read as 1) no thread is started and `run` calls `body(0)` directly;
/// values above ``maximumThreads`` read as ``maximumThreads``.
/// The threads stop and are joined when the pool is released. Determinism is the caller's
/// business: give each worker fixed work (e.g. chunk `k` to worker `k mod threads`).
public final class WorkerPool: @unchecked Sendable {
  /// Number of workers, the calling thread included.
  public let threads: Int
  /// The most workers a pool starts (256): larger requests are clamped, so an absurd count
  /// cannot spend minutes creating threads or exhaust the process's thread limit.
  public static let maximumThreads = 256
  private let state: _WorkerPoolState
  private var handles: [pthread_t] = []

  /// Starts `threads − 1` parked threads (see the type's documentation for the clamp).
  public init(threads: Int) {
    self.threads = Swift.min(Swift.max(1, threads), WorkerPool.maximumThreads)
    state = _WorkerPoolState(workers: self.threads - 1)
    for index in 1..<Swift.max(self.threads, 1) {
      // Safety: the retained context is released exactly once: by the new thread
      // (`takeRetainedValue`), or below when the thread could not be created.
      let context = Unmanaged.passRetained(_WorkerContext(state: state, index: index)).toOpaque()
      var handle = pthread_t()
      let created = pthread_create(
        &handle, nil,
        { raw in
          let context = Unmanaged<_WorkerContext>.fromOpaque(raw!).takeRetainedValue()
          context.state.loop(worker: context.index)
          return nil
        }, context)
      if created == 0 {
        handles.append(handle)
      } else {
        Unmanaged<_WorkerContext>.fromOpaque(context).release()
        state.lost(index)  // run() then does that worker's share itself
      }
    }
  }

  deinit {
    state.stop()
    for h in handles { pthread_join(h, nil) }
  }

  /// Calls `work(context, worker)` for every worker in `0..<threads` concurrently (worker 0 on
  /// the calling thread) and returns when all have returned. Allocation-free: the work is a C
  /// function pointer and its state travels in `context` (e.g. a pointer to a struct on the
  /// caller's stack), so nothing is reabstracted or boxed per call.
  public func run(
    context: UnsafeMutableRawPointer?, _ work: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void
  ) {
    guard threads > 1 else {
      work(context, 0)
      return
    }
    state.start(context, work)
    work(context, 0)
    // Workers whose thread could not be started: done here.
    for w in state.missing { work(context, w) }
    state.wait()
  }

  /// Calls `body(worker)` for every worker in `0..<threads` concurrently (worker 0 on the
  /// calling thread) and returns when all have returned. Convenience over
  /// ``run(context:_:)``: passing a Swift closure to other threads reabstracts it, which costs a
  /// couple of small heap blocks per call; use ``run(context:_:)`` where a frame must not
  /// allocate.
  public func run(_ body: (Int) -> Void) {
    guard threads > 1 else {
      body(0)
      return
    }
    // Safety: `slot` lives on this frame until `run` returns, after every worker is done with it.
    withoutActuallyEscaping(body) { body in
      var slot = body
      withUnsafeMutablePointer(to: &slot) { p in
        run(context: UnsafeMutableRawPointer(p)) { raw, worker in
          raw!.assumingMemoryBound(to: ((Int) -> Void).self).pointee(worker)
        }
      }
    }
  }
}

final class _WorkerContext {
  let state: _WorkerPoolState
  let index: Int
  init(state: _WorkerPoolState, index: Int) {
    self.state = state
    self.index = index
  }
}

final class _WorkerPoolState: @unchecked Sendable {
  // Safety: the mutex and condition variable are initialised in init and destroyed and freed in
  // deinit, after the threads were joined (the pool joins them in its deinit, which releases this).
  let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  let wake = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// The running call's work and context (written before `generation` is bumped).
  var job: (@convention(c) (UnsafeMutableRawPointer?, Int) -> Void)?
  var context: UnsafeMutableRawPointer?
  /// Bumped (under `mutex`) once per call; workers run the job when it moves.
  let generation = Atomic<Int>(0)
  /// Workers still running the current call.
  let pending = Atomic<Int>(0)
  let stopping = Atomic<Bool>(false)
  let workers: Int
  /// Worker indices whose thread failed to start.
  var missing: [Int] = []
  /// Polls of `generation` before a worker parks on `wake`: a frame's consecutive parallel
  /// loops (step, scatter, rows) follow each other within microseconds, and a parked thread
  /// woken by the caller tends to start only once the caller blocks, which serialises the work.
  static let spinLimit = 1 << 17

  init(workers: Int) {
    self.workers = workers
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(wake, nil)
  }

  deinit {
    pthread_cond_destroy(wake)
    pthread_mutex_destroy(mutex)
    wake.deallocate()
    mutex.deallocate()
  }

  func lost(_ worker: Int) {
    missing.append(worker)
  }

  func start(
    _ context: UnsafeMutableRawPointer?, _ work: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void
  ) {
    job = work
    self.context = context
    pending.store(workers - missing.count, ordering: .releasing)
    pthread_mutex_lock(mutex)
    generation.add(1, ordering: .releasing)
    pthread_cond_broadcast(wake)
    pthread_mutex_unlock(mutex)
  }

  func wait() {
    var spins = 0
    while pending.load(ordering: .acquiring) > 0 {
      spins += 1
      if spins & 1023 == 0 { sched_yield() }
    }
    job = nil  // the context may live on the caller's stack
    context = nil
  }

  func stop() {
    pthread_mutex_lock(mutex)
    stopping.store(true, ordering: .releasing)
    pthread_cond_broadcast(wake)
    pthread_mutex_unlock(mutex)
  }

  func loop(worker: Int) {
    var seen = 0
    while true {
      var spins = 0
      while generation.load(ordering: .acquiring) == seen && !stopping.load(ordering: .acquiring)
        && spins < Self.spinLimit
      {
        spins += 1
      }
      if generation.load(ordering: .acquiring) == seen && !stopping.load(ordering: .acquiring) {
        pthread_mutex_lock(mutex)
        while generation.load(ordering: .acquiring) == seen && !stopping.load(ordering: .acquiring) {
          pthread_cond_wait(wake, mutex)
        }
        pthread_mutex_unlock(mutex)
      }
      if stopping.load(ordering: .acquiring) { break }
      seen = generation.load(ordering: .acquiring)
      // Safety: `job` and `context` were set before `generation` moved and stay set until `wait`
      // has seen every worker finish (`pending`); the context outlives the caller's `run`.
      job!(context, worker)
      pending.subtract(1, ordering: .releasing)
    }
  }
}
