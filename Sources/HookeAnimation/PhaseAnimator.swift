import Hooke

/// Phase sequencing like SwiftUI's `PhaseAnimator` / `phaseAnimator(_:trigger:content:animation:)`
/// (as Apple documents them), for one animatable value derived from each phase.
///
/// Starts in the first phase, showing `value(phases[0])`. A run animates to each following phase
/// in turn with `animation(phase)` (default ``Animation/default``; `nil` = jump) and:
/// - ``Mode/repeating`` (SwiftUI without `trigger:`): cycles forever (…, last, first, second, …),
///   starting at construction;
/// - ``Mode/oncePerTrigger`` (with `trigger:`): each ``trigger(at:)`` runs through the phases once
///   and returns to the first, then stops. A trigger during a run restarts the run from the
///   current phase onwards (the next phase is the second again).
///
/// **Decision (SwiftUI's rule is undocumented):** a phase advances when its animation is *logically complete*
/// (`.logicallyComplete` completion: springs at `t ≥ response`, timing curves when they end),
/// not when it is removed — the next animation then merges with (springs) or combines with the
/// tail of the previous one, as SwiftUI does for overlapping changes. A phase whose animation is
/// `nil` or does not change the value completes at once; the next phase then starts at the
/// following ``sample(at:)`` (at most one phase change per call, so a cycle of jumps cannot
/// spin). Otherwise the next phase starts in the very call that saw the logical completion.
/// An empty phase list shows `.zero` and never animates (SwiftUI shows a warning view).
public struct PhaseAnimator<Phase, Value: VectorArithmetic> {
  /// How runs are started.
  public enum Mode: Hashable, Sendable {
    /// Cycle through the phases forever.
    case repeating
    /// Run through the phases once per ``PhaseAnimator/trigger(at:)``.
    case oncePerTrigger
  }

  /// The phases in order.
  public let phases: [Phase]
  /// The mode.
  public let mode: Mode
  let _value: (Phase) -> Value
  let _animation: (Phase) -> Animation?
  /// The property animator showing the value.
  public private(set) var animator: PropertyAnimator<Value>
  /// The index of the phase currently animated to (or shown).
  public private(set) var phaseIndex: Int
  var _pendingID: Int?
  var _stepsLeft: Int
  var _advanceDue = false

  /// Creates the sequencer at `time`; in ``Mode/repeating`` the first transition starts then.
  public init(
    phases: [Phase], mode: Mode = .repeating, time: Double = 0,
    value: @escaping (Phase) -> Value,
    animation: @escaping (Phase) -> Animation? = { _ in .default }
  ) {
    self.phases = phases
    self.mode = mode
    self._value = value
    self._animation = animation
    self.animator = PropertyAnimator(phases.first.map(value) ?? .zero, time: time)
    self.phaseIndex = 0
    self._stepsLeft = mode == .repeating ? Int.max : 0
    if mode == .repeating, phases.count > 1 { _go(to: 1, at: time) }
  }

  /// The current phase (`nil` when there are none).
  public var phase: Phase? { phases.isEmpty ? nil : phases[phaseIndex] }

  mutating func _go(to index: Int, at time: Double) {
    phaseIndex = index
    let p = phases[index]
    _pendingID = animator.set(_value(p), animation: _animation(p), at: time)
    if animator.firedCompletions.contains(_pendingID!) {
      _advanceDue = true
      _pendingID = nil
    }
    if _stepsLeft != Int.max { _stepsLeft -= 1 }
  }

  /// Starts a run through the phases (``Mode/oncePerTrigger``; ignored when repeating or when
  /// there are fewer than two phases).
  public mutating func trigger(at time: Double) {
    guard mode == .oncePerTrigger, phases.count > 1 else { return }
    _stepsLeft = phases.count
    _advanceDue = false
    _go(to: (phaseIndex + 1) % phases.count, at: time)
  }

  /// Advances to `time` and returns the value; moves to the next phase when the current phase's
  /// animation became logically complete.
  @discardableResult
  public mutating func sample(at time: Double) -> Value {
    animator.sample(at: time)
    if let id = _pendingID, animator.firedCompletions.contains(id) {
      _pendingID = nil
      _advanceDue = true
    }
    if _advanceDue {
      _advanceDue = false
      if _stepsLeft > 0, phases.count > 1 { _go(to: (phaseIndex + 1) % phases.count, at: time) }
    }
    return animator.presentationValue
  }
}
