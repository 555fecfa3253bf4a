// The harness self-test workload: N exact springs, retargeted on a seeded schedule.
import Dispatch
import FrameBudget
import Hooke

/// `spring-field`, the built-in **harness self-test workload** (not one of the eight scene
/// scenarios of the benchmark suite): N one-dimensional channels, each driven by one of four
/// spring presets and stepped exactly with a `SpringTransitionMatrix` for one frame interval.
///
/// Script (all choices from `_SplitMix64` seeded by `setup.seed` and the frame index, so any frame
/// is reproducible without replaying earlier random draws):
/// - at frame 0 every channel starts at 0 with a target in [−100, 100);
/// - every frame, `max(1, N/64)` channels (picked with replacement) get a new target in
///   [−100, 100), keeping value and velocity (an interruption);
/// - a channel whose displacement and velocity both fall below 1e-3 snaps to its target and
///   stops being stepped until the next retarget.
///
/// Engine `hooke` only. Counters: `channelsStepped`, `retargets`, `transitionsStarted` (retargets
/// of resting channels, including the initial start), `transitionsFinished` (settle events).
/// Checksum: FNV-1a over the bit patterns of every channel's value in channel order. Threads split
/// the stepping into contiguous chunks; the order of arithmetic per channel is unchanged, so results
/// are identical for every thread count.
package final class SpringFieldWorkload: FrameWorkload {
  /// The scenario's descriptor (name `spring-field`, engine `hooke`).
  package static let descriptor = ScenarioDescriptor(
    name: "spring-field",
    summary: "harness self-test: N exact springs (SpringTransitionMatrix) retargeted on a seeded schedule",
    engines: ["hooke"]
  ) { engine, setup in
    guard engine == "hooke" else {
      throw WorkloadError.unknownEngine(scenario: "spring-field", engine: engine, available: ["hooke"])
    }
    return SpringFieldWorkload(setup: setup)
  }

  /// The setup the workload was created with.
  package let setup: WorkloadSetup
  private var values: [Double]
  private var velocities: [Double]
  private var targets: [Double]
  private var springIndex: [UInt8]
  private var active: [Bool]
  private let matrices: [SpringTransitionMatrix]
  private var stepped: UInt64 = 0
  private var retargets: UInt64 = 0
  private var started: UInt64 = 0
  private var finished: UInt64 = 0
  private var finishedPerChunk: [UInt64]
  private var steppedPerChunk: [UInt64]

  /// Settling threshold on |displacement| and |velocity|.
  static let restThreshold = 1e-3

  /// Creates the field; O(N) time and 4·8 + 2 bytes per element.
  package init(setup: WorkloadSetup) {
    self.setup = setup
    let n = setup.elements
    let springs: [Spring] = [.smooth, .snappy, .bouncy, Spring(response: 0.35, dampingRatio: 0.7)]
    matrices = springs.map { $0.transitionMatrix(deltaTime: setup.frameInterval) }
    values = Array(repeating: 0, count: n)
    velocities = Array(repeating: 0, count: n)
    targets = Array(repeating: 0, count: n)
    springIndex = Array(repeating: 0, count: n)
    active = Array(repeating: false, count: n)
    let chunks = min(setup.threads, n)
    finishedPerChunk = Array(repeating: 0, count: chunks)
    steppedPerChunk = Array(repeating: 0, count: chunks)
    var random = _SplitMix64(seed: setup.seed)
    for i in 0..<n {
      springIndex[i] = UInt8(truncatingIfNeeded: random.next() & 3)
      targets[i] = random.next(in: -100, 100)
      active[i] = true
    }
    started = UInt64(n)
  }

  /// Retargets this frame's channels (serially), then steps every active channel one frame.
  package func performFrame(_ k: Int) throws {
    let n = setup.elements
    if k > 0 {
      var random = _SplitMix64(seed: setup.seed ^ (UInt64(truncatingIfNeeded: k) &* 0x9E37_79B9_7F4A_7C15))
      for _ in 0..<max(1, n / 64) {
        let i = Int(random.next() % UInt64(n))
        targets[i] = random.next(in: -100, 100)
        retargets += 1
        if !active[i] {
          active[i] = true
          started += 1
        }
      }
    }
    let chunks = finishedPerChunk.count
    let size = (n + chunks - 1) / chunks
    // Raw pointers taken once: chunks touch disjoint ranges, so no exclusivity conflict.
    values.withUnsafeMutableBufferPointer { value in
      velocities.withUnsafeMutableBufferPointer { velocity in
        active.withUnsafeMutableBufferPointer { isActive in
          targets.withUnsafeBufferPointer { target in
            springIndex.withUnsafeBufferPointer { spring in
              finishedPerChunk.withUnsafeMutableBufferPointer { finishedOut in
                steppedPerChunk.withUnsafeMutableBufferPointer { steppedOut in
                  let state = _SpringFieldPointers(
                    value: value.baseAddress!, velocity: velocity.baseAddress!,
                    active: isActive.baseAddress!, target: target.baseAddress!,
                    spring: spring.baseAddress!, finished: finishedOut.baseAddress!,
                    stepped: steppedOut.baseAddress!)
                  let matrices = self.matrices
                  if chunks == 1 {
                    state.step(0..<n, chunk: 0, matrices: matrices)
                  } else {
                    DispatchQueue.concurrentPerform(iterations: chunks) { c in
                      state.step(c * size..<min(n, (c + 1) * size), chunk: c, matrices: matrices)
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    for c in 0..<chunks {
      finished += finishedPerChunk[c]
      stepped += steppedPerChunk[c]
    }
  }

  /// The presented value of channel `index` (0 for an index out of range).
  package func value(ofChannel index: Int) -> Double { values.indices.contains(index) ? values[index] : 0 }

  /// FNV-1a over every channel's value bit pattern, in channel order.
  package func renderListChecksum() -> UInt64 {
    var digest = _FNV1a()
    for v in values { digest.combine(v) }
    return digest.value
  }

  /// `channelsStepped`, `retargets`, `transitionsStarted`, `transitionsFinished`.
  package var counters: WorkCounters {
    [
      "channelsStepped": stepped, "retargets": retargets,
      "transitionsStarted": started, "transitionsFinished": finished,
    ]
  }
}

extension ScenarioRegistry {
  /// A registry holding only the harness self-test workload `spring-field`: N exact springs
  /// (Hooke's `SpringTransitionMatrix`) retargeted on a seeded schedule, engine `hooke`.
  public static var selfTest: ScenarioRegistry { ScenarioRegistry([SpringFieldWorkload.descriptor]) }
}

/// The field's storage as raw pointers, so worker threads can step disjoint chunks.
struct _SpringFieldPointers: @unchecked Sendable {
  let value: UnsafeMutablePointer<Double>
  let velocity: UnsafeMutablePointer<Double>
  let active: UnsafeMutablePointer<Bool>
  let target: UnsafePointer<Double>
  let spring: UnsafePointer<UInt8>
  let finished: UnsafeMutablePointer<UInt64>
  let stepped: UnsafeMutablePointer<UInt64>

  /// Steps the active channels of `range` exactly by one frame; settles those at rest.
  func step(_ range: Range<Int>, chunk: Int, matrices: [SpringTransitionMatrix]) {
    var settled: UInt64 = 0
    var count: UInt64 = 0
    for i in range where active[i] {
      let m = matrices[Int(spring[i])]
      let x = value[i] - target[i]
      let v = velocity[i]
      let nx = m.m00 * x + m.m01 * v
      let nv = m.m10 * x + m.m11 * v
      count += 1
      if abs(nx) < SpringFieldWorkload.restThreshold && abs(nv) < SpringFieldWorkload.restThreshold {
        value[i] = target[i]
        velocity[i] = 0
        active[i] = false
        settled += 1
      } else {
        value[i] = target[i] + nx
        velocity[i] = nv
      }
    }
    finished[chunk] = settled
    stepped[chunk] = count
  }
}
