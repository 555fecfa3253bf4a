// An engine of this package's own: one semi-implicit Euler step per frame for springs, direct
// evaluation for timing curves — what many game loops do.
import Hooke
import Scenarios

/// Channels in an array of structs; springs stepped with `v += (−k·x − c·v)·dt; y += v·dt` where
/// x = y − target, timing curves evaluated as `from + (target − from)·curve(elapsed / duration)`.
/// A channel is at rest, and snaps to its target, once |y − target| ≤ 1/128 and |v| ≤ 30/64 per
/// second (the rest rule of the `ChannelEngine` contract; a curve once its duration elapsed).
final class EulerEngine: ChannelEngine {
  struct Channel {
    var value: Double
    var velocity = 0.0
    var target: Double
    var from: Double
    var start: Double
    var motion: ChannelMotion
    var atRest = false
  }
  let name = "my-euler"
  var channels: [Channel] = []
  var free: [Int] = []
  var now = 0.0
  var last = 0.0

  func addChannel(value: Double, target: Double, motion: ChannelMotion) -> Int {
    let channel = Channel(value: value, target: target, from: value, start: now, motion: motion)
    if let handle = free.popLast() {
      channels[handle] = channel
      return handle
    }
    channels.append(channel)
    return channels.count - 1
  }

  func retarget(_ handle: Int, to target: Double, motion: ChannelMotion) {
    guard target.isFinite else { return }
    channels[handle].target = target
    channels[handle].from = channels[handle].value
    channels[handle].start = now
    channels[handle].motion = motion
    channels[handle].atRest = false
  }

  func removeChannel(_ handle: Int) {
    channels[handle].atRest = true
    free.append(handle)
  }

  func advance(toTick tick: Int64, ticksPerSecond: Int64) -> Int {
    now = Double(tick) / Double(ticksPerSecond)
    let dt = now - last
    last = now
    var stepped = 0
    for i in channels.indices where !channels[i].atRest {
      stepped += 1
      var c = channels[i]
      switch c.motion {
      case .spring(let spring): step(&c, stiffness: spring.stiffness, damping: spring.damping, dt: dt)
      case .swiftUISpring(let response, let fraction):
        let spring = Spring(response: response, dampingRatio: fraction)
        step(&c, stiffness: spring.stiffness, damping: spring.damping, dt: dt)
      case .timingCurve(let curve, let duration):
        let progress = duration > 0 ? min(1, (now - c.start) / duration) : 1
        c.value = c.from + (c.target - c.from) * curve.value(at: progress)
        if progress >= 1 { c.atRest = true }
      }
      if c.atRest || (abs(c.value - c.target) <= 1.0 / 128 && abs(c.velocity) <= 30.0 / 64) {
        c.value = c.target
        c.velocity = 0
        c.atRest = true
      }
      channels[i] = c
    }
    return stepped
  }

  func step(_ c: inout Channel, stiffness: Double, damping: Double, dt: Double) {
    c.velocity += (-stiffness * (c.value - c.target) - damping * c.velocity) * dt
    c.value += c.velocity * dt
  }

  func value(of handle: Int) -> Double { channels[handle].value }
  func isAtRest(_ handle: Int) -> Bool { channels[handle].atRest }
}
