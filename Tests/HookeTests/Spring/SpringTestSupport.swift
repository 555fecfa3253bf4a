import Hooke
import _TestSupport

/// The error measure of the Spring tests ("scaled relative error"):
/// `|got − exact| / scale`, where `scale` is the natural size of the motion:
/// - for positions and displacements: `max(|target|, |v0|·response)` (the travel, or how far the
///   initial velocity carries the value within one response);
/// - for velocities: that length times ω0 = 2π/response, i.e. `max(|target|·ω0, |v0|)`.
/// A pure relative error is meaningless at zero crossings and near t = 0 (the value starts at
/// exactly 0), so the scale is the one thing each comparison is relative to.
func scaledError(_ got: Double, _ exact: Double, scale: Double) -> Double {
  if got == exact { return 0 }
  return (got - exact).magnitude / scale
}

struct MotionScale {
  let position: Double
  let velocity: Double

  init(response: Double, target: Double, initialVelocity: Double) {
    let length = max(target.magnitude, initialVelocity.magnitude * response)
    position = length
    velocity = length * (2 * Double.pi / response)
  }
}

/// One row of `spring-motion.txt`.
struct MotionSample {
  let response, dampingRatio, target, initialVelocity, time, value, velocity: Double

  static func all() -> [MotionSample] {
    Fixture.rows("spring-motion.txt").map { f in
      let d = f.map(Fixture.double)
      return MotionSample(
        response: d[0], dampingRatio: d[1], target: d[2], initialVelocity: d[3], time: d[4],
        value: d[5], velocity: d[6])
    }
  }
}

/// The regimes every stepping test runs through: (response, damping ratio).
let springRegimes: [(response: Double, dampingRatio: Double)] = [
  (0.5, 0), (0.35, 0.1), (1.2, 0.5), (0.5, 0.825), (0.35, 0.999999), (1.2, 1), (0.5, 1.000001),
  (0.35, 1.5), (1.2, 5), (0.5, 40),
]
