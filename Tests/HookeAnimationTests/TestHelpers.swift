import Foundation
import Hooke
import HookeAnimation

/// Runs `animation` on `interval` at frame times n/hz (fresh context), returning the offsets
/// until (and excluding) the first nil, and the index of the frame that returned nil.
func run(_ animation: Animation, interval: Double, hz: Double, maxFrames: Int = 2000)
  -> (values: [Double], endFrame: Int?)
{
  var ctx = AnimationContext<Double>()
  var values: [Double] = []
  for n in 0...maxFrames {
    guard let v = animation.animate(value: interval, time: Double(n) / hz, context: &ctx) else {
      return (values, n)
    }
    values.append(v)
  }
  return (values, nil)
}

/// Independent cubic Bézier reference: solve x(s) = p by 200 bisection steps on the Bernstein
/// form, then y(s).
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ p: Double) -> Double {
  func bern(_ a: Double, _ b: Double, _ s: Double) -> Double {
    let m = 1 - s
    return 3 * m * m * s * a + 3 * m * s * s * b + s * s * s
  }
  var lo = 0.0
  var hi = 1.0
  for _ in 0..<200 {
    let mid = (lo + hi) / 2
    if bern(x1, x2, mid) < p { lo = mid } else { hi = mid }
  }
  return bern(y1, y2, (lo + hi) / 2)
}
