import Hooke

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One row of `hooke-bench micro`.
package struct MicroResult: Sendable {
  /// "hooke", "naive", "euler" or "rk4".
  package var engine: String
  /// "exact" (closed-form spring) or "swiftui" (SwiftUI's animation-spring integrator).
  package var model: String
  /// "Float" or "Double".
  package var scalar: String
  /// Number of channels stepped.
  package var channels: Int
  /// Worker threads.
  package var threads: Int
  /// Timed step nanoseconds divided by channels × frames.
  package var nsPerChannelStep: Double
  /// Engine bytes read + written per channel-step × channel-steps per second.
  package var bytesPerSecond: Double
  /// Largest |value − Double closed form| over the sampled channels and all frames.
  package var maxAbsError: Double
}

/// One triad probe row: `a[i] = b[i] + s·c[i]` over `channels` Floats, best of several passes,
/// counted as 12 bytes per element (STREAM convention).
package struct TriadResult: Sendable {
  /// Elements per array.
  package var channels: Int
  /// 12 bytes × elements / best pass time.
  package var bytesPerSecond: Double
}

/// The micro workload: springs with response 0.5 s and damping ratio 0.8 at 120 Hz, channels
/// starting at rest at 0, every channel retargeted to a seeded random value in [−1000, 1000)
/// every 30 frames (first at frame 0). Only `step()` is timed (retargets are not).
package struct MicroBenchmark {
  /// The workload's spring: response 0.5 s, damping ratio 0.8.
  package static let spring = Spring(response: 0.5, dampingRatio: 0.8)
  /// Frames per second.
  package static let frameRate = 120
  /// Channel counts of a default run.
  package static let defaultChannels = [4_096, 65_536, 1_048_576, 16_777_216]
  /// Channel counts to run.
  package var channels: [Int]
  /// Short run: fewer frames and triad passes.
  package var quick: Bool
  /// Thread counts for Hooke's rows (reference engines are single-threaded).
  package var threadCounts: [Int]

  /// A benchmark over `channels` (see the properties).
  package init(
    channels: [Int] = MicroBenchmark.defaultChannels, quick: Bool = false, threadCounts: [Int] = [1, 2]
  ) {
    self.channels = channels
    self.quick = quick
    self.threadCounts = threadCounts
  }

  /// Frames per run: enough steps for stable timing, bounded so the biggest sizes stay short.
  func frames(_ n: Int, slow: Bool) -> Int {
    let budget = (quick ? 1 << 24 : 1 << 27) / (slow ? 8 : 1)
    return max(quick ? 10 : 30, min(quick ? 60 : 240, budget / max(n, 1)))
  }

  static func nanoseconds(_ d: Duration) -> Double {
    let (s, a) = d.components
    return Double(s) * 1e9 + Double(a) / 1e9
  }

  /// Runs the triad probe and every engine; `progress` receives one line per run.
  package func run(progress: (String) -> Void) -> (triad: [TriadResult], results: [MicroResult]) {
    var triad: [TriadResult] = []
    var results: [MicroResult] = []
    for n in channels {
      progress("triad \(n)")
      triad.append(Self.triad(n, passes: quick ? 3 : 10))
      var engines: [(MicroEngine, Bool)] = []
      for t in threadCounts {
        engines.append(
          (
            HookeMicroEngine<Float>(count: n, spring: Self.spring, frameRate: Self.frameRate, threads: t),
            false
          ))
        engines.append(
          (
            HookeMicroEngine<Double>(count: n, spring: Self.spring, frameRate: Self.frameRate, threads: t),
            false
          ))
      }
      for t in threadCounts {
        engines.append(
          (
            HookeMicroEngine<Float>(
              count: n, spring: Self.spring, frameRate: Self.frameRate, threads: t, model: "swiftui"), false
          ))
        engines.append(
          (
            HookeMicroEngine<Double>(
              count: n, spring: Self.spring, frameRate: Self.frameRate, threads: t, model: "swiftui"), false
          ))
      }
      // The default rest rule next to the bare kernel, one thread (the rest test's cost).
      engines.append(
        (
          HookeMicroEngine<Float>(
            count: n, spring: Self.spring, frameRate: Self.frameRate, threads: 1, defaultRestRule: true),
          false
        ))
      engines.append(
        (
          HookeMicroEngine<Double>(
            count: n, spring: Self.spring, frameRate: Self.frameRate, threads: 1, defaultRestRule: true),
          false
        ))
      engines.append(
        (NaiveClosedFormEngine(count: n, spring: Self.spring, frameRate: Double(Self.frameRate)), true))
      engines.append((EulerEngine(count: n, spring: Self.spring, frameRate: Double(Self.frameRate)), false))
      engines.append((RK4Engine(count: n, spring: Self.spring, frameRate: Double(Self.frameRate)), true))
      for (engine, slow) in engines {
        progress(
          "\(engine.name) \(engine.model) \(engine.scalarName) \(n) channels, \(engine.threads) thread(s)")
        results.append(measure(engine, channels: n, frames: frames(n, slow: slow)))
      }
    }
    return (triad, results)
  }

  func measure(_ engine: MicroEngine, channels n: Int, frames: Int) -> MicroResult {
    var rng = _SplitMix64(seed: 0x00C0_FFEE ^ UInt64(n))
    var targets = [Double](repeating: 0, count: n)
    // Double closed-form reference on a sample of channels, carried independently.
    let sampleStride = max(1, n / 512)
    let samples = Array(stride(from: 0, to: n, by: sampleStride))
    var refTarget = [Double](repeating: 0, count: samples.count)
    var refY0 = refTarget
    var refV0 = refTarget
    var refStart = refTarget
    let lambda = Self.spring.decayConstant
    let omega = Self.spring.angularFrequency
    let dt = 1 / Double(Self.frameRate)
    var nanos = 0.0
    var maxError = 0.0
    for frame in 0..<frames {
      if frame % 30 == 0 {
        for i in 0..<n { targets[i] = Double(rng.next() >> 11) * 0x1p-53 * 2000 - 1000 }
        let t = Double(frame) * dt
        for (k, i) in samples.enumerated() {
          let (y, v) = closedForm(
            lambda: lambda, omega: omega, y0: refY0[k], v0: refV0[k], t: t - refStart[k])
          let p = refTarget[k] + y
          refTarget[k] = targets[i]
          refY0[k] = p - targets[i]
          refV0[k] = v
          refStart[k] = t
        }
        targets.withUnsafeBufferPointer { engine.retarget($0) }
      }
      let start = ContinuousClock.now
      engine.step()
      nanos += Self.nanoseconds(ContinuousClock.now - start)
      let t = Double(frame + 1) * dt
      for (k, i) in samples.enumerated() {
        let (y, _) = closedForm(lambda: lambda, omega: omega, y0: refY0[k], v0: refV0[k], t: t - refStart[k])
        maxError = max(maxError, abs(engine.value(i) - (refTarget[k] + y)))
      }
    }
    let steps = Double(n) * Double(frames)
    return MicroResult(
      engine: engine.name, model: engine.model, scalar: engine.scalarName, channels: n,
      threads: engine.threads, nsPerChannelStep: nanos / steps,
      bytesPerSecond: Double(engine.bytesPerChannelStep) * steps / (nanos / 1e9), maxAbsError: maxError)
  }

  /// Best-of-`passes` triad bandwidth over `n` Floats.
  package static func triad(_ n: Int, passes: Int) -> TriadResult {
    let a = UnsafeMutablePointer<Float>.allocate(capacity: n)
    let b = UnsafeMutablePointer<Float>.allocate(capacity: n)
    let c = UnsafeMutablePointer<Float>.allocate(capacity: n)
    defer {
      a.deallocate()
      b.deallocate()
      c.deallocate()
    }
    a.initialize(repeating: 0, count: n)
    b.initialize(repeating: 1, count: n)
    c.initialize(repeating: 2, count: n)
    let repeats = max(1, (1 << 22) / n)
    var best = Double.infinity
    for pass in 0..<passes {
      let s = Float(pass + 1) * 0.5
      let start = ContinuousClock.now
      for _ in 0..<repeats { for i in 0..<n { a[i] = b[i] + s * c[i] } }
      best = min(best, nanoseconds(ContinuousClock.now - start) / Double(repeats))
      // Keep the stores observable.
      if a[n / 2] == -1 { print("") }
    }
    return TriadResult(channels: n, bytesPerSecond: 12 * Double(n) / (best / 1e9))
  }
}
