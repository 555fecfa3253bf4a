import Foundation
import Hooke
import HookeAnimation
import Testing
import _TestSupport

/// `.logicallyComplete` completions under streams of re-animations: they fire when SwiftUI's
/// private fork of the animation (as it was when the completion was registered) would report
/// logical completion, every callback exactly once, and the work per frame stays bounded.
/// Expectations come from the documented rules of each animation kind (ticks at 120 Hz, every
/// duration chosen at least 0.1 tick away from a tick so rounding cannot move a firing) and from
/// an independent re-implementation of the fork rule that copies everything
/// (``ForkingReference``).
@Suite struct PropertyAnimatorCompletionForkTests {
  static func time(_ tick: Int) -> Double {
    PropertyAnimator<Double>.time(tick: Int64(tick), ticksPerSecond: 120)
  }

  /// The tick at which each completion fired, and how often each fired.
  final class Ledger {
    var now = 0
    var firedAt: [Int: Int] = [:]
    var count: [Int: Int] = [:]
    func callback(_ key: Int) -> () -> Void {
      {
        self.firedAt[key] = self.firedAt[key] ?? self.now
        self.count[key, default: 0] += 1
      }
    }
  }

  /// Re-animates one property with `animation` on each of the first `frames` ticks (a new value
  /// each time, a completion with `criteria` keyed by its tick), then samples until it is idle.
  /// Returns the ledger, the largest ``PropertyAnimator/evaluatedEntryCount`` seen, and whether
  /// it went idle within 100 s. Stops early once more than 1,000 entries are evaluated in one
  /// frame (every bound checked is far below), so a growing implementation fails quickly.
  static func stream(
    _ animation: Animation, frames: Int, criteria: AnimationCompletionCriteria = .logicallyComplete
  ) -> (ledger: Ledger, largest: Int, idle: Bool) {
    let ledger = Ledger()
    var a = PropertyAnimator(0.0)
    var largest = 0
    for k in 0..<frames {
      ledger.now = k
      a.set(
        Double(k + 1), animation: animation, at: time(k), completionCriteria: criteria,
        completion: ledger.callback(k))
      largest = max(largest, a.evaluatedEntryCount)
      if largest > 1_000 { return (ledger, largest, false) }
    }
    var k = frames
    while a.isAnimating && k < frames + 12_000 {
      ledger.now = k
      a.sample(at: time(k))
      largest = max(largest, a.evaluatedEntryCount)
      k += 1
    }
    return (ledger, largest, !a.isAnimating)
  }

  /// One animation kind, the ticks from its start to its logical completion by its documented
  /// rule, and the ticks it runs (first tick at which it has ended).
  struct Kind: Sendable, CustomStringConvertible {
    var description: String
    var animation: Animation
    var logicalTicks: Int
    var lifeTicks: Int
  }

  /// The documented logical completion of each kind, computed here from the documents.
  static let kinds: [Kind] = {
    // Interpolating spring k = 100, c = 10 (ζ = 0.5, ω0 = 10): logically complete one undamped
    // period 2π/√k = 0.6283 s (75.4 ticks) after it starts; ends at
    // D = max(−ln(0.001/(1 + |A|))/(ζω0), 1) with A = ζω0/ωd.
    let zeta = 0.5
    let w0 = 10.0
    let a = zeta * w0 / (w0 * (1 - zeta * zeta).squareRoot())
    let springEnd = max(-log(0.001 / (1 + a)) / (zeta * w0), 1)
    let springLife = Int((springEnd * 120).rounded(.up))
    return [
      // Timing curves: logically complete when they end, the first frame after the duration
      // (0.3456 s = 41.5 ticks).
      Kind(
        description: "easeInOut", animation: .easeInOut(duration: 0.3456), logicalTicks: 42, lifeTicks: 42),
      Kind(
        description: "interpolatingSpring", animation: .interpolatingSpring(stiffness: 100, damping: 10),
        logicalTicks: 76, lifeTicks: springLife),
      // Springs merge; a merged spring is logically complete one response after the merge
      // (0.4321 s = 51.9 ticks), like a new one. Its end depends on the motion: not checked.
      Kind(
        description: "spring", animation: .spring(response: 0.4321, dampingFraction: 0.8), logicalTicks: 52,
        lifeTicks: -1),
      // `logicallyComplete(after: 0.1111)` (13.3 ticks) on a linear 0.2345 s curve (28.1 ticks).
      Kind(
        description: "linear.logicallyComplete(after:)",
        animation: .linear(duration: 0.2345).logicallyComplete(after: 0.1111), logicalTicks: 14, lifeTicks: 29
      ),
      // Delay 0.0555 s: the curve ends 0.4011 s (48.1 ticks) after the start.
      Kind(
        description: "easeInOut.delay", animation: .easeInOut(duration: 0.3456).delay(0.0555),
        logicalTicks: 49,
        lifeTicks: 49),
      // Speed 2: the spring's period is reached at 0.3142 s (37.7 ticks).
      Kind(
        description: "interpolatingSpring.speed",
        animation: .interpolatingSpring(stiffness: 100, damping: 10).speed(2),
        logicalTicks: 38, lifeTicks: Int((springEnd / 2 * 120).rounded(.up))),
      // Two cycles of 0.2222 s: the first ends at tick 27 (0.225 s, the new cycle's origin), the
      // second on the first tick after 0.225 + 0.2222 = 0.4472 s (53.7 ticks).
      Kind(
        description: "easeInOut.repeatCount",
        animation: .easeInOut(duration: 0.2222).repeatCount(2, autoreverses: false),
        logicalTicks: 54, lifeTicks: 54),
    ]
  }()

  /// Re-animating every frame for 2 s: each `.logicallyComplete` completion fires exactly once,
  /// at its own animation's documented logical completion — never delayed by the re-animations
  /// after it, never early.
  @Test(arguments: 0..<7)
  func logicalCompletionOfEveryReanimation(which: Int) {
    let kind = Self.kinds[which]
    let frames = 240
    let (ledger, _, idle) = Self.stream(kind.animation, frames: frames)
    #expect(idle, "\(kind) never ended")
    for j in 0..<frames {
      let expected = j + kind.logicalTicks
      #expect(ledger.count[j] == 1, "\(kind) completion \(j) fired \(ledger.count[j] ?? 0) times")
      #expect(
        ledger.firedAt[j] == expected,
        "\(kind) completion \(j) fired at \(ledger.firedAt[j] ?? -1), not \(expected)")
      if ledger.firedAt[j] != expected { return }
    }
  }

  /// `.removed` completions of combining kinds fire once the combination has ended: when its
  /// newest entry (started on the last frame) ends — all of them together, each exactly once.
  @Test(arguments: [0, 1, 3, 4, 5, 6])
  func removedCompletionsFireWhenTheNewestEntryEnds(which: Int) {
    let kind = Self.kinds[which]
    let frames = 240
    let (ledger, _, idle) = Self.stream(kind.animation, frames: frames, criteria: .removed)
    #expect(idle, "\(kind) never ended")
    let expected = frames - 1 + kind.lifeTicks
    for j in 0..<frames {
      #expect(ledger.count[j] == 1, "\(kind) completion \(j) fired \(ledger.count[j] ?? 0) times")
      #expect(
        ledger.firedAt[j] == expected,
        "\(kind) completion \(j) fired at \(ledger.firedAt[j] ?? -1), not \(expected)")
      if ledger.firedAt[j] != expected { return }
    }
  }

  /// A stream of 6,000 re-animations (50 s) evaluates no more entries per frame than were
  /// started within one lifetime (plus the newest finished one) — not one copy of the
  /// combination per pending completion, and not more as the stream goes on.
  @Test(arguments: [0, 1, 3, 4, 5, 6])
  func evaluatedEntriesStayBounded(which: Int) {
    let kind = Self.kinds[which]
    let (ledger, largest, idle) = Self.stream(kind.animation, frames: 6_000)
    #expect(idle)
    #expect(ledger.count.count == 6_000 && ledger.count.values.allSatisfy { $0 == 1 })
    #expect(largest <= kind.lifeTicks + 2, "\(kind): \(largest) entries evaluated in one frame")
  }

  /// Merging springs: a completion waits on the spring as merged at its tick, which the next
  /// merge replaces — each replaced spring stays evaluated only until its completion fires.
  @Test func mergedSpringsStayBounded() {
    let kind = Self.kinds[2]
    let (ledger, largest, idle) = Self.stream(kind.animation, frames: 6_000)
    #expect(idle)
    #expect(ledger.count.count == 6_000 && ledger.count.values.allSatisfy { $0 == 1 })
    // The running spring plus the replaced ones of the last 52 ticks.
    #expect(largest <= kind.logicalTicks + 1, "\(largest) entries evaluated in one frame")
  }

  /// Interpolating springs combine for ten frames, then a spring merges: the combination's
  /// completions still fire one period after each entry started (the merge neither fires nor
  /// delays them), the spring's 0.4321 s after the merge; once the last of them fired, only the
  /// running spring is evaluated.
  @Test func mergeAfterCombining() {
    let ledger = Ledger()
    var a = PropertyAnimator(0.0)
    for k in 0..<10 {
      ledger.now = k
      a.set(
        Double(k + 1), animation: .interpolatingSpring(stiffness: 100, damping: 10), at: Self.time(k),
        completion: ledger.callback(k))
    }
    ledger.now = 10
    a.set(
      50, animation: .spring(response: 0.4321, dampingFraction: 0.8), at: Self.time(10),
      completion: ledger.callback(10))
    var countAfterLast: Int? = nil
    for k in 11..<600 {
      ledger.now = k
      a.sample(at: Self.time(k))
      if k == 9 + 76 { countAfterLast = a.evaluatedEntryCount }
    }
    for j in 0..<10 { #expect(ledger.firedAt[j] == j + 76, "completion \(j) at \(ledger.firedAt[j] ?? -1)") }
    #expect(ledger.firedAt[10] == 10 + 52)
    #expect(ledger.count.values.allSatisfy { $0 == 1 })
    #expect(countAfterLast == 1, "\(countAfterLast ?? -1) entries after the last completion")
  }

  /// Pruning drops an entry a completion still waits on: a 2 s linear curve, interrupted by a
  /// short curve (which ends first, so everything older is dropped from the running
  /// combination) and then a 4.99 s curve. The first completion still fires when its 2 s curve
  /// ends (tick 241, the first frame after 2 s), not at the drop and not when all has ended.
  @Test func completionSurvivesPruning() {
    let ledger = Ledger()
    var a = PropertyAnimator(0.0)
    a.set(100, animation: .linear(duration: 2), at: 0, completion: ledger.callback(0))
    for k in 1...800 {
      ledger.now = k
      if k == 12 {
        a.set(200, animation: .easeInOut(duration: 0.1111), at: Self.time(k), completion: ledger.callback(12))
      } else if k == 18 {
        a.set(
          300, animation: .linear(duration: 4.99), at: Self.time(k), completionCriteria: .removed,
          completion: ledger.callback(18))
      } else {
        a.sample(at: Self.time(k))
      }
      if k == 40 {
        // The 2 s curve left the running combination (the short curve has ended), yet is kept.
        #expect(a.animation?.as(DefaultCombiningAnimation.self)?.entries.count == 2)
        #expect(a.evaluatedEntryCount == 3)
      }
    }
    #expect(ledger.firedAt[0] == 241)
    #expect(ledger.firedAt[12] == 12 + 14)
    // Removed when the newest curve ends: 18 ticks + 4.99 s = 616.8 ticks, the first frame after
    // is 617.
    #expect(ledger.firedAt[18] == 617)
    #expect(!a.isAnimating)
    #expect(ledger.count.values.allSatisfy { $0 == 1 })
  }

  /// Random scripts of re-animations (every kind above, merging and combining springs, curves,
  /// modifiers, cuts without animation, both criteria) at random frames: the completions fired
  /// by each call, in order, and the shown values are those of ``ForkingReference``.
  @Test(arguments: 0..<4)
  func randomScriptsMatchTheForkingRule(chunk: Int) {
    for script in 0..<50 {
      let seed = 0xF0_4C00 + UInt64(chunk * 50 + script)
      var random = SplitMix64(seed: seed)
      var a = PropertyAnimator(0.0)
      var reference = ForkingReference()
      var tick = 0
      var log: [String] = []
      for step in 0..<60 {
        tick += Int.random(in: 0...18, using: &random)
        let t = Self.time(tick)
        if Bool.random(using: &random) {
          let value = Double(Int.random(in: -3...3, using: &random)) * 25
          let animation = Self.randomAnimation(&random)
          let criteria: AnimationCompletionCriteria =
            Bool.random(using: &random) ? .logicallyComplete : .removed
          log.append("\(tick): set(\(value), \(animation.map { "\($0)" } ?? "nil"), \(criteria))")
          let id = a.set(value, animation: animation, at: t, completionCriteria: criteria)
          let referenceID = reference.set(value, animation: animation, at: t, criteria: criteria)
          #expect(id == referenceID)
        } else {
          log.append("\(tick): sample")
          a.sample(at: t)
          reference.sample(at: t)
        }
        let same =
          a.firedCompletions == reference.fired
          && a.presentationValue.bitPattern == reference.shown.bitPattern
        #expect(
          same,
          """
          seed \(seed) step \(step): fired \(a.firedCompletions) vs \(reference.fired), shown \
          \(a.presentationValue) vs \(reference.shown); \(log.joined(separator: "; "))
          """)
        if !same { return }
      }
      // Run out: every pending completion fires, at the same frames.
      for _ in 0..<2_400 where a.isAnimating || reference.main != nil {
        tick += 1
        a.sample(at: Self.time(tick))
        reference.sample(at: Self.time(tick))
        guard a.firedCompletions == reference.fired else {
          Issue.record("seed \(seed) tick \(tick): fired \(a.firedCompletions) vs \(reference.fired)")
          return
        }
      }
      #expect(!a.isAnimating && reference.main == nil, "seed \(seed): still animating")
    }
  }

  static func randomAnimation(_ r: inout SplitMix64) -> Animation? {
    func u(_ lo: Double, _ hi: Double) -> Double { Double.random(in: lo...hi, using: &r) }
    switch Int.random(in: 0..<12, using: &r) {
    case 0: return .easeInOut(duration: u(0.05, 0.6))
    case 1: return .linear(duration: u(0.05, 0.6))
    case 2: return .interpolatingSpring(stiffness: u(50, 400), damping: u(5, 30))
    case 3: return .interpolatingSpring
    case 4: return .spring(response: u(0.2, 0.8), dampingFraction: u(0.5, 1.2))
    case 5: return .default
    case 6: return .easeInOut(duration: u(0.05, 0.6)).logicallyComplete(after: u(0, 0.5))
    case 7: return .interpolatingSpring(stiffness: u(50, 400), damping: u(5, 30)).delay(u(0, 0.2))
    case 8: return .linear(duration: u(0.05, 0.6)).speed(u(0.5, 3))
    case 9:
      return .easeInOut(duration: u(0.05, 0.3)).repeatCount(
        Int.random(in: 2...3, using: &r), autoreverses: Bool.random(using: &r))
    case 10: return .spring(response: u(0.2, 0.8), dampingFraction: 0.9).logicallyComplete(after: u(0, 0.5))
    default: return nil
    }
  }
}

/// The documented completion rules with nothing shared and nothing dropped: each
/// `.logicallyComplete` completion keeps a private copy (fork) of the running animation, its
/// context, interval and begin time as they were at registration, evaluates it at every call and
/// fires when it returns `nil` or reports `isLogicallyComplete`; everything pending fires when the
/// running animation ends or is cut (`.logicallyComplete` first, then `.removed`, each in
/// registration order). Interruptions merge (`shouldMerge`) or combine into
/// ``ReferenceCombination``, which keeps every entry. Times must not go backwards.
struct ForkingReference {
  struct Run {
    var animation: Animation
    var context = AnimationContext<Double>()
    var interval: Double
    var begin: Double
  }
  struct Listener {
    var id: Int
    var criteria: AnimationCompletionCriteria
    var fork: Run?
  }
  var model = 0.0
  var shown = 0.0
  var main: Run?
  var listeners: [Listener] = []
  var nextID = 0
  var fired: [Int] = []

  mutating func sample(at t: Double) {
    fired = []
    advance(to: t)
  }

  mutating func advance(to t: Double) {
    var due: [Int] = []
    for i in listeners.indices {
      guard var fork = listeners[i].fork else { continue }
      let r = fork.animation.animate(value: fork.interval, time: t - fork.begin, context: &fork.context)
      listeners[i].fork = fork
      if r == nil || fork.context.isLogicallyComplete { due.append(listeners[i].id) }
    }
    var removed = false
    if var run = main {
      if let offset = run.animation.animate(value: run.interval, time: t - run.begin, context: &run.context),
        offset.isFinite
      {
        shown = model - run.interval + offset
      } else {
        removed = true
      }
      main = run
    }
    for id in due {
      listeners.removeAll { $0.id == id }
      fired.append(id)
    }
    if removed { remove() }
  }

  mutating func remove() {
    main = nil
    shown = model
    fired += listeners.filter { $0.criteria == .logicallyComplete }.map(\.id)
    fired += listeners.filter { $0.criteria == .removed }.map(\.id)
    listeners = []
  }

  mutating func set(
    _ value: Double, animation: Animation?, at t: Double, criteria: AnimationCompletionCriteria
  ) -> Int {
    fired = []
    advance(to: t)
    let id = nextID
    nextID += 1
    let delta = value - model
    guard let animation, delta != 0 else {
      model = value
      if delta != 0 {
        if main != nil { remove() }
        shown = value
      }
      fired.append(id)
      return id
    }
    model = value
    if var run = main {
      var ctx = run.context
      let elapsed = t - run.begin
      if animation.shouldMerge(previous: run.animation, value: run.interval, time: elapsed, context: &ctx) {
        run.animation = animation
        run.context = ctx
      } else {
        var combination: ReferenceCombination
        var state: ReferenceCombination.State
        if let c = run.animation.as(ReferenceCombination.self) {
          combination = c
          state = run.context.state[ReferenceCombination.State.self]
        } else {
          combination = ReferenceCombination(entries: [.init(animation: run.animation, start: 0)])
          state = .init(entries: [.init(target: run.interval, context: run.context)])
        }
        combination.entries.append(.init(animation: animation, start: elapsed))
        state.entries.append(.init(target: run.interval + delta, context: AnimationContext()))
        run.animation = Animation(combination)
        run.context = AnimationContext()
        run.context.state[ReferenceCombination.State.self] = state
      }
      run.interval += delta
      main = run
    } else {
      main = Run(animation: animation, interval: delta, begin: t)
    }
    listeners.append(Listener(id: id, criteria: criteria, fork: criteria == .logicallyComplete ? main : nil))
    return id
  }
}

/// The documented combination rule with every entry kept: `acc = 0`; per entry, finished →
/// `acc = target`, else `r = animate(target − acc, T − start)`, `nil` → finished and
/// `acc = target`, else `acc += r`; ends when the newest entry ends, logically complete when it
/// is.
struct ReferenceCombination: CustomAnimation {
  struct Entry: Hashable, Sendable {
    var animation: Animation
    var start: Double
  }
  var entries: [Entry]

  struct EntryState {
    var target: Double
    var context: AnimationContext<Double>
    var finished = false
  }
  struct State: AnimationStateKey {
    var entries: [EntryState] = []
    static var defaultValue: State { State() }
  }

  func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
    // The reference runs on `Double` only.
    guard var c = context as? AnimationContext<Double> else { return nil }
    var state = c.state[State.self]
    var acc = 0.0
    for i in entries.indices {
      if state.entries[i].finished {
        acc = state.entries[i].target
        continue
      }
      let target = state.entries[i].target
      if let r = entries[i].animation.animate(
        value: target - acc, time: time - entries[i].start, context: &state.entries[i].context)
      {
        acc += r
      } else {
        state.entries[i].finished = true
        acc = target
      }
    }
    let last = state.entries[state.entries.count - 1]
    if last.context.isLogicallyComplete { c.isLogicallyComplete = true }
    c.state[State.self] = state
    context = c as! AnimationContext<V>
    return last.finished ? nil : (acc as! V)
  }
}
