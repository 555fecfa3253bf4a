import Hooke

extension Scene {
  /// The number of batch channels animating on the fast path right now (0 without the fast
  /// path): the channels the next ``advance(to:)`` steps. Animations on the general path
  /// (style, transition effects, custom animations) are not counted. O(batch groups); for
  /// benchmarks' work counters.
  public var fastPathActiveChannelCount: Int { _fast?.engine.activeCount ?? 0 }
}
