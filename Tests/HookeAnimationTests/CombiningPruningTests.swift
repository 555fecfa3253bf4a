import Hooke
import HookeAnimation
import Testing
import _TestSupport

/// Combining animations drop the entries that can no longer contribute, without changing a
/// single presented bit. The reference below re-implements the documented combination rule
/// with every entry kept (nothing dropped), independently of ``DefaultCombiningAnimation``.
@Suite struct CombiningPruningTests {
  /// The documented rule with all entries kept: `acc = 0`; per entry, finished → `acc = target`,
  /// else `r = animate(target − acc, T − start)`, nil → finished and `acc = target`, else
  /// `acc += r`; shown = `model − interval + acc`, idle once the newest entry has finished.
  struct UnprunedReference {
    struct Entry {
      var animation: Animation
      var start: Double
      var target: Double
      var context = AnimationContext<Double>()
      var finished = false
    }
    var model = 0.0
    var interval = 0.0
    var begin = 0.0
    var entries: [Entry] = []
    var shown = 0.0

    mutating func sample(at t: Double) {
      guard !entries.isEmpty else { return }
      var acc = 0.0
      for i in entries.indices {
        if entries[i].finished {
          acc = entries[i].target
          continue
        }
        let target = entries[i].target
        if let r = entries[i].animation.animate(
          value: target - acc, time: (t - begin) - entries[i].start, context: &entries[i].context)
        {
          acc += r
        } else {
          entries[i].finished = true
          acc = target
        }
      }
      if entries[entries.count - 1].finished {
        entries = []
        interval = 0
        shown = model
      } else {
        shown = model - interval + acc
      }
    }

    mutating func set(_ value: Double, _ animation: Animation, at t: Double) {
      sample(at: t)
      let delta = value - model
      model = value
      guard delta != 0 else { return }
      if entries.isEmpty {
        begin = t
        interval = delta
        entries = [Entry(animation: animation, start: 0, target: delta)]
      } else {
        entries.append(Entry(animation: animation, start: t - begin, target: interval + delta))
        interval = interval + delta
      }
    }
  }

  static let animations: [(String, Animation, Double)] = [
    ("easeInOut", .easeInOut(duration: 0.35), 0.35),
    (
      "interpolatingSpring", .interpolatingSpring,
      SpringAnimation(stiffness: 157.91367041742973, damping: 25.132741228718345).duration
    ),
    ("linear", .linear(duration: 1), 1),
  ]

  /// Re-animating every 120 Hz frame for 6 s: presented values equal the unpruned reference bit
  /// for bit, and the combination never holds more than the entries still running plus one.
  @Test(arguments: 0..<3)
  func reanimatingEveryFrameMatchesTheUnprunedRule(which: Int) {
    let (name, animation, life) = Self.animations[which]
    var random = SplitMix64(seed: 0xC0B1_0000 + UInt64(which))
    var animator = PropertyAnimator(0.0)
    var reference = UnprunedReference()
    var largest = 0
    for frame in 0..<720 {
      let t = PropertyAnimator<Double>.time(tick: Int64(frame), ticksPerSecond: 120)
      let value = Double.random(in: 0...100, using: &random)
      animator.set(value, animation: animation, at: t)
      reference.set(value, animation, at: t)
      let shown = animator.sample(at: t + 1.0 / 240)
      reference.sample(at: t + 1.0 / 240)
      #expect(
        shown.bitPattern == reference.shown.bitPattern,
        "\(name) seed \(random.seed) frame \(frame): \(shown) vs \(reference.shown)")
      if shown.bitPattern != reference.shown.bitPattern { return }
      let entries = animator.animation?.as(DefaultCombiningAnimation.self)?.entries.count ?? 1
      largest = max(largest, entries)
    }
    // Entries alive at once: those started within one lifetime, plus the newest finished one.
    let bound = Int((life * 120).rounded(.up)) + 2
    #expect(largest <= bound, "\(name): \(largest) entries > \(bound)")
    #expect(reference.entries.count > 700, "the reference keeps everything: \(reference.entries.count)")
  }

  /// A repeating phase animation with an interpolating spring (each phase combines with the tail
  /// of the previous one) stays at a handful of entries over 10 simulated minutes.
  @Test func repeatingPhasesStayBounded() {
    var phases = PhaseAnimator(
      phases: [0.0, 100.0], mode: .repeating, value: { $0 }, animation: { _ in .interpolatingSpring })
    var largest = 0
    for frame in 0..<18_000 {
      phases.sample(at: Double(frame) / 30)
      largest = max(
        largest, phases.animator.animation?.as(DefaultCombiningAnimation.self)?.entries.count ?? 1)
    }
    #expect(largest <= 4, "\(largest) entries")
    #expect(phases.animator.isAnimating)
  }
}
