import Hooke
import HookeAnimation
import Testing

@testable import HookeScene

/// Frame clock: tick k at 60 Hz.
func frameTime(_ k: Int64) -> Double { PropertyAnimator<Double>.time(tick: k, ticksPerSecond: 60) }

/// An animation evaluated directly through `Animation.animate` (fresh context), independent of
/// the scene: `offset(t)` is the distance travelled towards `interval` after `t − begin` seconds.
struct Reference<V: VectorArithmetic> {
  let animation: Animation
  let interval: V
  let begin: Double
  var context = AnimationContext<V>()
  var finished = false

  init(_ animation: Animation, interval: V, begin: Double) {
    self.animation = animation
    self.interval = interval
    self.begin = begin
  }

  /// The offset at `t` (the whole interval once finished).
  mutating func offset(at t: Double) -> V {
    if finished { return interval }
    if let v = animation.animate(value: interval, time: t - begin, context: &context) { return v }
    finished = true
    return interval
  }
}

func shared(_ frame: Rect, _ anchor: UnitPoint = .center) -> SIMD4<Double> {
  let m = MatchedGeometryFrame(frame: frame, anchor: anchor)
  return SIMD4(m.anchorPosition.x, m.anchorPosition.y, m.size.width, m.size.height)
}

func rect(shared v: SIMD4<Double>, anchor: UnitPoint = .center) -> Rect {
  MatchedGeometryFrame(anchorPosition: Point(x: v[0], y: v[1]), size: Size(width: v[2], height: v[3])).rect(
    anchor: anchor)
}

func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool {
  (a - b).magnitude <= tol * Swift.max(1, b.magnitude)
}

func close(_ a: Rect, _ b: Rect, _ tol: Double = 1e-9) -> Bool {
  close(a.minX, b.minX, tol) && close(a.minY, b.minY, tol) && close(a.width, b.width, tol)
    && close(a.height, b.height, tol)
}

extension Scene {
  /// The rendered rectangle of element `id`, if it is in the render list.
  func rendered(_ id: ElementID) -> Rect? {
    renderList.index(of: id).map { renderList.frame(at: $0) }
  }
  func renderedOpacity(_ id: ElementID) -> Double? {
    renderList.index(of: id).map { renderList.opacity[$0] }
  }
}

/// Every value of the render list is finite (clip bounds may be ±∞) and opacity is in [0, 1].
func renderListIsValid(_ list: RenderList) -> Bool {
  for i in 0..<list.count {
    for v in [
      list.x[i], list.y[i], list.width[i], list.height[i], list.rotation[i], list.cornerRadius[i],
      list.blurRadius[i],
    ]
    where !v.isFinite { return false }
    if !(list.opacity[i] >= 0 && list.opacity[i] <= 1) { return false }
    if list.width[i] < 0 || list.height[i] < 0 { return false }
  }
  return Set(zip(list.ids, list.kinds.map(\.rawValue)).map { "\($0.0.rawValue)-\($0.1)" }).count == list.count
}

extension Scene {
  /// A scene on the batch engine (`batch`), or the per-property reference scene that runs every
  /// animation on `PropertyAnimator`s: tests compare the two.
  static func make(batch: Bool, threads: Int = 1) -> Scene {
    batch ? Scene(threads: threads) : Scene(perPropertyReference: Rect(x: 0, y: 0, width: 390, height: 844))
  }
}
