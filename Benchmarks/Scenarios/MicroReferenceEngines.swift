import Hooke

// The approaches other spring libraries use (closed form per spring, one Euler step per frame,
// fixed-step RK4), as references for `hooke-bench micro`. These may use the platform's libm: they
// are measured against Hooke, not part of it.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An engine stepping `channels` spring-driven scalars at a fixed frame interval.
package protocol MicroEngine: AnyObject {
  /// Engine name in the results ("hooke", "naive", "euler", "rk4").
  var name: String { get }
  /// Model name in the results ("exact" or "swiftui").
  var model: String { get }
  /// "Float" or "Double".
  var scalarName: String { get }
  /// Worker threads used by ``step()``.
  var threads: Int { get }
  /// Bytes read and written per channel-step (STREAM convention: no write-allocate traffic).
  var bytesPerChannelStep: Int { get }
  /// Retargets channel i to targets[i], keeping position and velocity.
  func retarget(_ targets: UnsafeBufferPointer<Double>)
  /// Advances one frame.
  func step()
  /// Channel i's current value, widened to Double.
  func value(_ i: Int) -> Double
}

/// Closed form of a spring (λ, ω > 0 under-damped) from displacement y₀ and velocity v₀:
/// `y(t) = e^(−λt)(y₀ cos ωt + (v₀ + λy₀)/ω · sin ωt)` and its derivative; libm exp/cos/sin.
@inline(__always)
func closedForm(lambda: Double, omega: Double, y0: Double, v0: Double, t: Double) -> (Double, Double) {
  let e = exp(-lambda * t)
  let c = cos(omega * t)
  let s = sin(omega * t)
  let b = (v0 + lambda * y0) / omega
  let y = e * (y0 * c + b * s)
  let v = e * ((b * omega - lambda * y0) * c - (y0 * omega + lambda * b) * s)
  return (y, v)
}

/// The naive closed form, array of structs: every frame, each channel evaluates exp, cos and sin
/// from its last retarget (what per-element spring objects do).
package final class NaiveClosedFormEngine: MicroEngine {
  struct Channel {
    var target: Double
    var y0: Double
    var v0: Double
    var start: Double
    var value: Double
  }
  package let name = "naive", model = "exact", scalarName = "Double"
  package let threads = 1
  package var bytesPerChannelStep: Int { MemoryLayout<Channel>.stride + 8 }
  var channels: [Channel]
  let lambda: Double, omega: Double, dt: Double
  var time = 0.0
  var frame = 0

  package init(count: Int, spring: Spring, frameRate: Double) {
    channels = Array(repeating: Channel(target: 0, y0: 0, v0: 0, start: 0, value: 0), count: count)
    lambda = spring.decayConstant
    omega = spring.angularFrequency
    dt = 1 / frameRate
  }

  package func retarget(_ targets: UnsafeBufferPointer<Double>) {
    let t = Double(frame) * dt
    for i in channels.indices {
      let c = channels[i]
      let (y, v) = closedForm(lambda: lambda, omega: omega, y0: c.y0, v0: c.v0, t: t - c.start)
      let p = c.target + y
      channels[i] = Channel(target: targets[i], y0: p - targets[i], v0: v, start: t, value: p)
    }
  }

  package func step() {
    frame += 1
    let t = Double(frame) * dt
    channels.withUnsafeMutableBufferPointer { cs in
      for i in cs.indices {
        let c = cs[i]
        let (y, _) = closedForm(lambda: lambda, omega: omega, y0: c.y0, v0: c.v0, t: t - c.start)
        cs[i].value = c.target + y
      }
    }
  }

  package func value(_ i: Int) -> Double { channels[i].value }
}

/// One semi-implicit (symplectic) Euler step per frame: `v += (−k·y − c·v)·dt; y += v·dt`.
package final class EulerEngine: MicroEngine {
  package let name = "euler", model = "exact", scalarName = "Double"
  package let threads = 1
  package let bytesPerChannelStep = 32
  var y: [Double], v: [Double], target: [Double]
  let k: Double, c: Double, dt: Double

  package init(count: Int, spring: Spring, frameRate: Double) {
    y = Array(repeating: 0, count: count)
    v = y
    target = y
    k = spring.stiffness / spring.mass
    c = spring.damping / spring.mass
    dt = 1 / frameRate
  }

  package func retarget(_ targets: UnsafeBufferPointer<Double>) {
    for i in y.indices {
      let p = target[i] + y[i]
      target[i] = targets[i]
      y[i] = p - targets[i]
    }
  }

  package func step() {
    let k = k
    let c = c
    let dt = dt
    y.withUnsafeMutableBufferPointer { y in
      v.withUnsafeMutableBufferPointer { v in
        for i in 0..<y.count {
          let nv = v[i] + (-k * y[i] - c * v[i]) * dt
          v[i] = nv
          y[i] += nv * dt
        }
      }
    }
  }

  package func value(_ i: Int) -> Double { target[i] + y[i] }
}

/// Fixed-step RK4 at 1 kHz with linear interpolation between the two states around each frame
/// time (what game-style fixed-timestep loops do).
package final class RK4Engine: MicroEngine {
  package let name = "rk4", model = "exact", scalarName = "Double"
  package let threads = 1
  package let bytesPerChannelStep = 48
  var y: [Double], v: [Double], yPrevious: [Double], target: [Double]
  var out: [Double]
  let k: Double, c: Double, h = 0.001, frameInterval: Double
  var frame = 0
  var simulatedSteps = 0

  package init(count: Int, spring: Spring, frameRate: Double) {
    y = Array(repeating: 0, count: count)
    v = y
    yPrevious = y
    target = y
    out = y
    k = spring.stiffness / spring.mass
    c = spring.damping / spring.mass
    frameInterval = 1 / frameRate
  }

  package func retarget(_ targets: UnsafeBufferPointer<Double>) {
    for i in y.indices {
      let p = out[i]
      let shift = target[i] - targets[i]
      target[i] = targets[i]
      // The displayed value stays; the simulated states shift with the target.
      y[i] += shift
      yPrevious[i] += shift
      out[i] = p
    }
  }

  package func step() {
    frame += 1
    let t = Double(frame) * frameInterval
    let k = k
    let c = c
    let h = h
    while Double(simulatedSteps) * h < t {
      simulatedSteps += 1
      y.withUnsafeMutableBufferPointer { y in
        v.withUnsafeMutableBufferPointer { v in
          yPrevious.withUnsafeMutableBufferPointer { yp in
            for i in 0..<y.count {
              let y0 = y[i]
              let v0 = v[i]
              yp[i] = y0
              let a1 = -k * y0 - c * v0
              let y2 = y0 + 0.5 * h * v0
              let v2 = v0 + 0.5 * h * a1
              let a2 = -k * y2 - c * v2
              let y3 = y0 + 0.5 * h * v2
              let v3 = v0 + 0.5 * h * a2
              let a3 = -k * y3 - c * v3
              let y4 = y0 + h * v3
              let v4 = v0 + h * a3
              let a4 = -k * y4 - c * v4
              y[i] = y0 + h / 6 * (v0 + 2 * v2 + 2 * v3 + v4)
              v[i] = v0 + h / 6 * (a1 + 2 * a2 + 2 * a3 + a4)
            }
          }
        }
      }
    }
    // Interpolate between step n−1 and n, where n·h ≥ t > (n−1)·h.
    let alpha = 1 - (Double(simulatedSteps) * h - t) / h
    for i in 0..<y.count {
      out[i] = target[i] + yPrevious[i] + alpha * (y[i] - yPrevious[i])
    }
  }

  package func value(_ i: Int) -> Double { out[i] }
}
