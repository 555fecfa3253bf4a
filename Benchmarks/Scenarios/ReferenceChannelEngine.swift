// The three reference engines behind the channel seam (`naive`, `euler`, `rk4`).
import Hooke

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The three reference approaches of `hooke-bench micro` (as other spring libraries step springs)
/// behind the channel seam, one channel per array-of-structs record, single-threaded, libm for
/// transcendental functions:
/// - `naive`: every frame each moving channel evaluates the spring's closed form
///   `e^(−λt)(y₀ cos ωt + (v₀+λy₀)/ω sin ωt)` from its last retarget (per-element spring objects);
/// - `euler`: one semi-implicit Euler step per frame, `v += (−k·y − c·v)·dt; y += v·dt`;
/// - `rk4`: fixed-step RK4 at 1 kHz, linearly interpolated at the frame time (game loops).
///
/// All three run SwiftUI-model springs as the exact spring with the same parameters, evaluate
/// timing curves directly (`from + (to − from)·curve(elapsed/duration)`), and treat a
/// critically or over-damped spring with the under-damped formula's limit only in `naive`
/// (ω → 0 handled by `sin(ωt)/ω → t`). Rest rule as ``ChannelEngine``: the channel snaps to its
/// target and stops being stepped.
package final class ReferenceChannelEngine: ChannelEngine {
  /// Which approach.
  package enum Method: String, Sendable {
    /// Closed form from the last retarget, every frame (libm exp/cos/sin).
    case naive
    /// One semi-implicit Euler step per frame.
    case euler
    /// Fixed 1 kHz RK4, interpolated at the frame time.
    case rk4
  }
  struct Channel {
    var target: Double
    var value: Double
    var velocity: Double
    // spring: y0, v0 at start (naive); stiffness/damping per unit mass; curve: from value.
    var y0: Double
    var v0: Double
    var startTick: Int64
    var k: Double
    var c: Double
    var lambda: Double
    var omega: Double
    var duration: Double
    var curve: UnitCurve?
    var y: Double  // integrator state (displacement) for euler/rk4
    var yPrevious: Double
    var steps: Int64  // rk4 substeps done since start
    var active: Bool
    var live: Bool
    var listed = false
  }
  /// The method's name (`naive`, `euler`, `rk4`).
  package let name: String
  let method: Method
  var channels: [Channel] = []
  var free: [Int] = []
  var now: Int64 = 0
  var ticksPerSecond: Int64 = 60_000
  var activeList: [Int] = []

  /// An engine using `method`.
  package init(_ method: Method) {
    self.method = method
    name = method.rawValue
  }

  struct Parameters { var k = 0.0, c = 0.0, lambda = 0.0, omega = 0.0, duration = 0.0, curve: UnitCurve? }
  var last: (ChannelMotion, Parameters)?

  func parameters(_ motion: ChannelMotion) -> Parameters {
    if let (m, p) = last, m == motion { return p }
    var p = Parameters()
    switch motion {
    case .spring(let s):
      p.k = s.stiffness / s.mass
      p.c = s.damping / s.mass
      p.lambda = s.decayConstant
      p.omega = s.angularFrequency
    case .swiftUISpring(let r, let f):
      let s = Spring(response: r, dampingRatio: f)
      p.k = s.stiffness / s.mass
      p.c = s.damping / s.mass
      p.lambda = s.decayConstant
      p.omega = s.angularFrequency
    case .timingCurve(let curve, let d):
      p.curve = curve
      p.duration = d > 0 ? d : 0
    }
    last = (motion, p)
    return p
  }

  func configure(_ c: inout Channel, _ motion: ChannelMotion) {
    let p = parameters(motion)
    c.k = p.k
    c.c = p.c
    c.lambda = p.lambda
    c.omega = p.omega
    c.duration = p.duration
    c.curve = p.curve
  }

  /// Adds a channel at rest at `value` (moving unless `value == target`). O(1) amortised.
  /// A non-finite target reads as `value`, a non-finite value as the target (both: 0).
  package func addChannel(value: Double, target: Double, motion: ChannelMotion) -> Int {
    let target = target.isFinite ? target : (value.isFinite ? value : 0)
    let value = value.isFinite ? value : target
    var c = Channel(
      target: target, value: value, velocity: 0, y0: value - target, v0: 0, startTick: now, k: 0, c: 0,
      lambda: 0, omega: 0, duration: 0, curve: nil, y: value - target, yPrevious: value - target, steps: 0,
      active: value != target, live: true)
    configure(&c, motion)
    let i: Int
    if let f = free.popLast() {
      c.listed = channels[f].listed
      channels[f] = c
      i = f
    } else {
      channels.append(c)
      i = channels.count - 1
    }
    if channels[i].active && !channels[i].listed {
      channels[i].listed = true
      activeList.append(i)
    }
    return i
  }

  /// Restarts the channel from its value and velocity towards `target` (non-finite: ignored).
  package func retarget(_ channel: Int, to target: Double, motion: ChannelMotion) {
    guard target.isFinite else { return }
    var c = channels[channel]
    configure(&c, motion)
    c.target = target
    c.y0 = c.value - target
    c.v0 = c.velocity
    c.y = c.y0
    c.yPrevious = c.y0
    c.startTick = now
    c.steps = 0
    c.active = c.y0 != 0 || c.v0 != 0
    if c.active && !c.listed {
      c.listed = true
      activeList.append(channel)
    }
    channels[channel] = c
  }

  /// Removes the channel; the handle is reused by a later add.
  package func removeChannel(_ channel: Int) {
    channels[channel].live = false
    channels[channel].active = false
    free.append(channel)
  }

  /// Steps every moving channel to `tick` (never backwards); snaps channels within the rest rule
  /// (or non-finite) to their target. Returns the channels stepped. O(moving channels).
  package func advance(toTick tick: Int64, ticksPerSecond tps: Int64) -> Int {
    ticksPerSecond = tps
    let previous = now
    now = max(now, tick)
    let dt = Double(now - previous) / Double(tps)
    let stepped = activeList.count
    let method = method
    let now = now
    let h = 0.001
    let halfDisplacement = _channelRestRule.displacement
    let speed = _channelRestRule.speed
    var kept = 0
    channels.withUnsafeMutableBufferPointer { cs in
      activeList.withUnsafeMutableBufferPointer { list in
        for n in 0..<list.count {
          let i = list[n]
          guard cs[i].active else {
            cs[i].listed = false
            continue
          }
          var c = cs[i]
          let t = Double(now - c.startTick) / Double(tps)
          var done = false
          if let curve = c.curve {
            if c.duration <= 0 || t >= c.duration {
              done = true
            } else {
              c.value = c.target + c.y0 * (1 - curve.value(at: t / c.duration))
              c.velocity = 0
            }
          } else {
            switch method {
            case .naive:
              let e = exp(-c.lambda * t)
              let w = c.omega
              let b = c.v0 + c.lambda * c.y0
              let cw = cos(w * t)
              let sw = w > 0 ? sin(w * t) / w : t
              let y = e * (c.y0 * cw + b * sw)
              let v = e * (c.v0 * cw - (c.y0 * (w * w + c.lambda * c.lambda) + c.lambda * c.v0) * sw)
              c.y = y
              c.velocity = v
            case .euler:
              let nv = c.velocity + (-c.k * c.y - c.c * c.velocity) * dt
              c.velocity = nv
              c.y += nv * dt
            case .rk4:
              var y = c.y
              var v = c.velocity
              var yp = c.yPrevious
              while Double(c.steps) * h < t {
                c.steps += 1
                yp = y
                let a1 = -c.k * y - c.c * v
                let y2 = y + 0.5 * h * v
                let v2 = v + 0.5 * h * a1
                let a2 = -c.k * y2 - c.c * v2
                let y3 = y + 0.5 * h * v2
                let v3 = v + 0.5 * h * a2
                let a3 = -c.k * y3 - c.c * v3
                let y4 = y + h * v3
                let v4 = v + h * a3
                let a4 = -c.k * y4 - c.c * v4
                y = y + h / 6 * (v + 2 * v2 + 2 * v3 + v4)
                v = v + h / 6 * (a1 + 2 * a2 + 2 * a3 + a4)
              }
              c.y = y
              c.velocity = v
              c.yPrevious = yp
            }
            let shown: Double
            if method == .rk4 && c.steps > 0 {
              let alpha = 1 - (Double(c.steps) * h - t) / h
              shown = c.yPrevious + alpha * (c.y - c.yPrevious)
            } else {
              shown = c.y
            }
            c.value = c.target + shown
            if (abs(shown) <= halfDisplacement && abs(c.velocity) <= speed) || !c.value.isFinite {
              done = true
            }
          }
          if done {
            c.value = c.target
            c.velocity = 0
            c.y = 0
            c.yPrevious = 0
            c.active = false
            c.listed = false
          } else {
            list[kept] = i
            kept += 1
          }
          cs[i] = c
        }
      }
    }
    activeList.removeLast(activeList.count - kept)
    return stepped
  }

  /// The channel's value as of the last advance.
  package func value(of channel: Int) -> Double { channels[channel].value }
  /// Whether the channel has stopped moving.
  package func isAtRest(_ channel: Int) -> Bool { !channels[channel].active }
}
