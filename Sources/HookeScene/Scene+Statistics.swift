import Hooke

extension Scene {
  /// The number of batch channels animating on the fast path right now (0 without the fast
  /// path): the channels the next ``advance(to:)`` steps (combining channels count once). Animations on the general path
  /// (style, transition effects, custom animations) are not counted. O(batch groups); for
  /// benchmarks' work counters.
  public var fastPathActiveChannelCount: Int {
    guard let e = _fast?.engine else { return 0 }
    return e.activeCount + e.combiningCount
  }
}

extension Scene {
  /// The number of grid channels the next ``advance(to:)`` steps: per moving ``ElementGrid``,
  /// two per card (x, y) and two for the cards' shared size; 0 for grids at rest. O(grids); for
  /// benchmarks' work counters.
  public var gridActiveChannelCount: Int {
    var n = 0
    for g in _grids where g.live && g.motion.isMoving { n += 2 * g.grid.count + 2 }
    return n
  }
}
