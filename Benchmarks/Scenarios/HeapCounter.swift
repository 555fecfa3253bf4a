// The LD_PRELOAD heap-allocation counter, when the process runs under it.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The allocation counter of `Benchmarks/malloc-counter` (an LD_PRELOAD library that counts
/// every `malloc`, `calloc`, `realloc`, `posix_memalign` and `aligned_alloc`).
///
/// Build it with `cc -shared -fPIC -O2 -o /tmp/libmalloc_counter.so
/// Benchmarks/malloc-counter/malloc_counter.c -ldl` and run a tool under
/// `LD_PRELOAD=/tmp/libmalloc_counter.so`; the library exports `hooke_malloc_count`, found here
/// with `dlsym`. Without it, ``count`` is nil and nothing is counted.
package enum HeapCounter {
  /// Heap allocations of the process so far (nil when not run under the counter). One atomic
  /// load per call.
  package static let count: (@convention(c) () -> UInt64)? = {
    guard let sym = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "hooke_malloc_count") else { return nil }
    return unsafeBitCast(sym, to: (@convention(c) () -> UInt64).self)
  }()

  /// How to run under the counter, for messages.
  package static let howTo =
    "run under LD_PRELOAD of Benchmarks/malloc-counter: cc -shared -fPIC -O2 -o /tmp/libmalloc_counter.so "
    + "Benchmarks/malloc-counter/malloc_counter.c -ldl, then LD_PRELOAD=/tmp/libmalloc_counter.so hooke-bench …"
}

/// A workload that reports how many script transactions its last frame applied (a frame without
/// any is a steady frame: only the animations advance).
package protocol TransactionCounting: AnyObject {
  /// The transactions applied by the last `performFrame` call.
  var lastFrameTransactionCount: Int { get }
}
