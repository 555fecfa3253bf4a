import Foundation
import Hooke
import HookeAnimation
import Testing
import _TestSupport

struct Pose: Equatable {
  var x = 0.0
  var scale = 1.0
  var offset = SIMD2<Double>(0, 0)
}

@Suite struct KeyframeTests {
  /// Catmull-Rom (nil velocities): exact values at keyframe times, C¹ at every interior keyframe
  /// (one-sided derivatives agree), and the tangent is the non-uniform Catmull-Rom one.
  @Test func catmullRomIsC1AndExact() {
    let values = [3.0, -2, 5, 5.5, 0]
    let durations = [0.4, 0.25, 0.7, 0.3, 0.5]
    let track = KeyframeTrack(
      \Pose.x, keyframes: zip(values, durations).map { CubicKeyframe($0, duration: $1) })
    let timeline = KeyframeTimeline(initialValue: Pose(), track)
    #expect(timeline.duration == durations.reduce(0, +))
    var times = [0.0]
    for d in durations { times.append(times.last! + d) }
    let points = [0.0] + values
    for (t, p) in zip(times, points) { #expect(timeline.value(time: t).x == p, "t = \(t)") }
    // Second-order one-sided differences (truncation ~h²·x‴ ≈ 1e-7 here).
    let h = 1e-5
    func x(_ t: Double) -> Double { timeline.value(time: t).x }
    for i in 1..<(times.count - 1) {
      let t = times[i]
      let left = (3 * x(t) - 4 * x(t - h) + x(t - 2 * h)) / (2 * h)
      let right = (-3 * x(t) + 4 * x(t + h) - x(t + 2 * h)) / (2 * h)
      let catmullRom = (points[i + 1] - points[i - 1]) / (times[i + 1] - times[i - 1])
      #expect(abs(left - right) < 1e-5, "keyframe \(i): \(left) vs \(right)")
      #expect(abs(right - catmullRom) < 1e-5, "keyframe \(i): \(right) vs \(catmullRom)")
    }
    let h2 = 1e-6
    // Track starts and ends at rest.
    #expect(abs(timeline.value(time: h2).x - 0) < 1e-9)
    #expect(abs(timeline.value(time: timeline.duration - h2).x - 0) < 1e-9)
  }

  /// Hermite with explicit velocities: hand-computed midpoint and chaining into a linear one.
  @Test func hermiteAndChaining() {
    // One segment 0 → 1 over 2 s, v0 = 1, v1 = 0: at u = ½, p = h00·0 + h10·2·1 + h01·1 + h11·2·0
    // = 0.125·2 + 0.5 = 0.75.
    let t1 = KeyframeTimeline(
      initialValue: Pose(),
      KeyframeTrack(\Pose.x) {
        CubicKeyframe(1.0, duration: 2, startVelocity: 1, endVelocity: 0)
      })
    #expect(t1.value(time: 1).x == 0.75)
    // Cubic before a linear keyframe ends with the linear one's velocity (2/0.5 = 4/s).
    let t2 = KeyframeTimeline(
      initialValue: Pose(),
      KeyframeTrack(\Pose.x) {
        CubicKeyframe(1.0, duration: 1)
        LinearKeyframe(3.0, duration: 0.5)
      })
    let h = 1e-6
    let left = (t2.value(time: 1).x - t2.value(time: 1 - h).x) / h
    #expect(abs(left - 4) < 1e-4)
    // Cubic after a linear keyframe starts with its velocity.
    let t3 = KeyframeTimeline(
      initialValue: Pose(),
      KeyframeTrack(\Pose.x) {
        LinearKeyframe(2.0, duration: 1)
        CubicKeyframe(0.0, duration: 1)
      })
    let right = (t3.value(time: 1 + h).x - t3.value(time: 1).x) / h
    #expect(abs(right - 2) < 1e-4)
  }

  /// Linear keyframes with a UnitCurve, moves, springs; exact values at keyframe times.
  @Test func linearMoveSpring() {
    let spring = Spring(duration: 0.4, bounce: 0.2)
    let timeline = KeyframeTimeline(
      initialValue: Pose(),
      KeyframeTrack(\Pose.x) {
        LinearKeyframe(10.0, duration: 1, timingCurve: .easeIn)
        MoveKeyframe(-5.0)
        SpringKeyframe(20.0, duration: 0.3, spring: spring)
        SpringKeyframe(0.0, spring: spring)
      })
    #expect(timeline.value(time: 0.5).x == 10 * UnitCurve.easeIn.value(at: 0.5))
    #expect(timeline.value(time: 1).x == -5)  // move applies at its time
    #expect(timeline.value(time: 1 - 1e-9).x < 10.0001)
    // Spring segment: from −5 towards 20, cut at 0.3 s; continuity into the next spring.
    let reached = -5 + spring.value(target: 25.0, time: 0.3)
    #expect(abs(timeline.value(time: 1.15).x - (-5 + spring.value(target: 25.0, time: 0.15))) < 1e-12)
    #expect(abs(timeline.value(time: 1.3).x - reached) < 1e-12)
    // Last spring: nil duration = settling duration of its change with the carried velocity.
    let v = spring.velocity(target: 25.0, time: 0.3)
    let settle = spring.settlingDuration(target: 0 - reached, initialVelocity: v)
    #expect(abs(timeline.duration - (1.3 + settle)) < 1e-12)
    #expect(abs(timeline.value(time: timeline.duration).x) < 0.001 * abs(reached) + 1e-9)
  }

  /// Several tracks on key paths; the last track wins on the same property; shorter tracks hold.
  @Test func tracksAndProgress() {
    let timeline = KeyframeTimeline(
      initialValue: Pose(),
      KeyframeTrack(\Pose.x) { LinearKeyframe(1.0, duration: 1) },
      KeyframeTrack(\Pose.offset) { LinearKeyframe(SIMD2(4, -4), duration: 2) },
      KeyframeTrack(\Pose.x) { LinearKeyframe(-1.0, duration: 0.5) })
    #expect(timeline.duration == 2)
    #expect(timeline.value(time: 0.25).x == -0.5)  // last x track wins
    #expect(timeline.value(time: 1).offset == SIMD2(2, -2))
    #expect(timeline.value(time: 1.5).x == -1)  // held after its end
    #expect(timeline.value(time: 1).scale == 1)  // untouched
    // value(progress:) clamps outside [0, 1]; NaN reads as 0; time clamps likewise.
    #expect(timeline.value(progress: 0.5) == timeline.value(time: 1))
    #expect(timeline.value(progress: -3) == timeline.value(time: 0))
    #expect(timeline.value(progress: 7) == timeline.value(time: 2))
    #expect(timeline.value(progress: .nan) == timeline.value(time: 0))
    #expect(timeline.value(time: 99) == timeline.value(time: 2))
    #expect(timeline.value(time: -1) == Pose(x: 0, scale: 1, offset: .zero))
  }

  /// Empty timelines: no tracks, or empty tracks → duration 0, the initial value everywhere.
  @Test func emptyTimelines() {
    let initial = Pose(x: 3, scale: 2, offset: SIMD2(1, 1))
    let none = KeyframeTimeline(initialValue: initial)
    #expect(none.duration == 0)
    #expect(none.value(time: 5) == initial && none.value(progress: 0.5) == initial)
    let emptyTrack = KeyframeTimeline(initialValue: initial, KeyframeTrack(\Pose.x, keyframes: []))
    #expect(emptyTrack.duration == 0 && emptyTrack.value(progress: 1) == initial)
    // Zero / bad durations read as 0, no NaN.
    let bad = KeyframeTimeline(
      initialValue: 0.0,
      KeyframeTrack(\Double.self) {
        LinearKeyframe(1.0, duration: .nan)
        CubicKeyframe(2.0, duration: -1)
        CubicKeyframe(3.0, duration: 0)
      })
    #expect(bad.duration == 0)
    #expect(bad.value(time: 0) == 3)
  }

  /// Velocities that are not finite — explicit ones, or derived as change/duration over a
  /// duration whose reciprocal overflows (subnormal) or a change that overflows — read as zero,
  /// so no NaN or ∞ reaches the values. Expected values are the same tracks with those
  /// velocities written as 0 (hand-derived: a cubic from rest to rest is smoothstep).
  @Test func nonFiniteVelocitiesReadAsZero() {
    func values(_ timeline: KeyframeTimeline<Double>, _ times: [Double]) -> [Double] {
      times.map { timeline.value(time: $0) }
    }
    let times = [0.0, 0.25, 0.5, 0.75, 1, 1.5, 2]
    // Subnormal linear duration 2⁻¹⁰³⁰ ≈ 8.7e-311 (1/d = ∞): end velocity ∞ (and NaN for no change).
    for (to, next) in [(1.0, 2.0), (0.0, 2.0)] {
      for curve in [UnitCurve.linear, .easeIn] {
        let t = KeyframeTimeline(
          initialValue: 0.0,
          KeyframeTrack(\Double.self) {
            LinearKeyframe(to, duration: 0x1p-1030, timingCurve: curve)
            CubicKeyframe(next, duration: 1)
          })
        for x in times.dropFirst() {  // t = 0 shows the linear segment's start, 0
          let u = min(x, 1)
          let expected = to + (next - to) * (3 * u * u - 2 * u * u * u)
          #expect(
            abs(t.value(time: x) - expected) <= 1e-12, "to \(to) curve \(curve) t \(x): \(t.value(time: x))")
        }
      }
    }
    // Overflowing rate: 1e10 over 1e-300 s.
    let overflow = KeyframeTimeline(
      initialValue: 0.0,
      KeyframeTrack(\Double.self) {
        LinearKeyframe(1e10, duration: 1e-300)
        CubicKeyframe(2.0, duration: 1)
      })
    #expect(abs(overflow.value(time: 0.5) - (1e10 + (2 - 1e10) * 0.5)) <= 1e-3)
    // Two subnormal cubics: the Catmull-Rom tangent over their span overflows.
    let catmull = KeyframeTimeline(
      initialValue: 0.0,
      KeyframeTrack(\Double.self) {
        CubicKeyframe(1.0, duration: 0x1p-1030)
        CubicKeyframe(2.0, duration: 0x1p-1030)
        CubicKeyframe(3.0, duration: 1)
      })
    for x in [0.0, 0x1.8p-1030, 0.5, 2] {
      #expect(catmull.value(time: x).isFinite, "t \(x): \(catmull.value(time: x))")
    }
    // A spring after a subnormal cubic: the secant start velocity overflows.
    let secant = KeyframeTimeline(
      initialValue: 0.0,
      KeyframeTrack(\Double.self) {
        CubicKeyframe(1.0, duration: 0x1p-1030)
        SpringKeyframe(2.0)
      })
    let secantZero = KeyframeTimeline(
      initialValue: 0.0,
      KeyframeTrack(\Double.self) {
        MoveKeyframe(1.0)
        SpringKeyframe(2.0)
      })
    #expect(secant.duration > 0.1)
    // From the first frame after t = 0 on (at t = 0 a cubic start and a move differ).
    #expect(values(secant, Array(times.dropFirst())) == values(secantZero, Array(times.dropFirst())))
    // Explicit non-finite velocities read as 0.
    let explicit = KeyframeTimeline(
      initialValue: 0.0,
      KeyframeTrack(\Double.self) {
        CubicKeyframe(1.0, duration: 1, startVelocity: .infinity, endVelocity: .nan)
        SpringKeyframe(2.0, duration: 1, startVelocity: -.infinity)
      })
    let explicitZero = KeyframeTimeline(
      initialValue: 0.0,
      KeyframeTrack(\Double.self) {
        CubicKeyframe(1.0, duration: 1, startVelocity: 0, endVelocity: 0)
        SpringKeyframe(2.0, duration: 1, startVelocity: 0)
      })
    #expect(values(explicit, times) == values(explicitZero, times))
    #expect(values(explicit, times).allSatisfy { $0.isFinite })
  }
}
