import Hooke
import HookeThreads

// The engine seam of the frame-budget scenarios: scalar channels that a scenario's animated
// values run on. Hooke's batch engine and the three reference engines implement it; so can a
// user's own engine (see `ChannelEngineRegistry`).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a channel moves to its target.
///
/// Reference engines run `swiftUISpring` as the exact spring with the same response and damping
/// (they model no integrator); Hooke runs it on SwiftUI's integrator (``FluidSpringModel``).
public enum ChannelMotion: Hashable, Sendable {
  /// The exact (closed-form) spring.
  case spring(Spring)
  /// SwiftUI's animation spring `.spring(response:dampingFraction:)`.
  case swiftUISpring(response: Double, dampingFraction: Double)
  /// A timing curve over `duration` seconds; a retarget restarts it from the current value.
  case timingCurve(UnitCurve, duration: Double)
}

/// The engine protocol the scenarios' channel path runs on (`--engine`): users implement it to
/// benchmark their own engine with the same scenario scripts.
///
/// Contract: channels are dense integer handles returned by ``addChannel(value:target:motion:)``
/// (a removed handle may be reused). Time is integer ticks: ``advance(toTick:ticksPerSecond:)``
/// is called once per frame with frame `k`'s tick `k·1000` and `hz·1000` ticks per second, never
/// backwards. A channel is *at rest* once it has reached its target within the scene's rest rule
/// (|value − target| ≤ 1/128 and |velocity| ≤ 30/64 per second, the batch rule of
/// `HookeScene`'s fast path; a timing curve once its duration has elapsed); at-rest channels
/// need not be stepped. Results must be deterministic for equal call sequences, whatever
/// `threads` is.
public protocol ChannelEngine: AnyObject {
  /// Engine name in the results.
  var name: String { get }
  /// Adds a channel showing `value`, moving to `target` with `motion` from rest; its handle.
  func addChannel(value: Double, target: Double, motion: ChannelMotion) -> Int
  /// Retargets `channel` to `target` with `motion`, keeping its value and (springs) velocity.
  func retarget(_ channel: Int, to target: Double, motion: ChannelMotion)
  /// Removes `channel` (its handle may be reused by a later add).
  func removeChannel(_ channel: Int)
  /// Advances every channel to `tick`; returns the number of channels stepped.
  func advance(toTick tick: Int64, ticksPerSecond: Int64) -> Int
  /// The value of `channel` as of the last advance (or its add/retarget).
  func value(of channel: Int) -> Double
  /// Whether `channel` is at rest (see the type's contract).
  func isAtRest(_ channel: Int) -> Bool
}

/// Engine factories by name: `hooke-channels` (Hooke's batch engine), `naive`, `euler`, `rk4`.
/// Add your own with ``register(_:_:)`` before running `hooke-bench` (see `main.swift`).
public enum ChannelEngineRegistry {
  /// A factory: `threads` is the workload's thread budget.
  public typealias Factory = @Sendable (_ threads: Int) -> any ChannelEngine
  static func _hooke(_ threads: Int) -> any ChannelEngine { HookeChannelEngine(threads: threads) }
  static func _naive(_ threads: Int) -> any ChannelEngine { ReferenceChannelEngine(.naive) }
  static func _euler(_ threads: Int) -> any ChannelEngine { ReferenceChannelEngine(.euler) }
  static func _rk4(_ threads: Int) -> any ChannelEngine { ReferenceChannelEngine(.rk4) }
  nonisolated(unsafe) static var _factories: [(String, Factory)] = [
    ("hooke-channels", _hooke), ("naive", _naive), ("euler", _euler), ("rk4", _rk4),
  ]

  /// Names of the registered channel engines, in registration order.
  public static var names: [String] { _factories.map(\.0) }

  /// Registers (or replaces) engine `name`. Call before the scenarios are registered (not
  /// thread-safe).
  public static func register(_ name: String, _ factory: @escaping Factory) {
    if let i = _factories.firstIndex(where: { $0.0 == name }) {
      _factories[i].1 = factory
    } else {
      _factories.append((name, factory))
    }
  }

  /// A new engine called `name`, or `nil`.
  public static func make(_ name: String, threads: Int) -> (any ChannelEngine)? {
    _factories.first { $0.0 == name }.map { $0.1(threads) }
  }
}

/// The scene fast path's rest rule: minimum visible change 1/64 point.
let _channelRestRule = BatchRestRule(minimumVisibleChange: 1.0 / 64)

// MARK: - Hooke

/// Hooke's ``BatchEngine`` behind the channel seam: one batch group per motion (created on first
/// use), the scene fast path's rest rule, stepping on ``BatchThreadedStepper`` with `threads`
/// workers (bit-identical for any thread count). Ticks are converted to the engine's
/// 3,628,800 per second by rounding `tick·3 628 800 / ticksPerSecond`.
public final class HookeChannelEngine: ChannelEngine {
  /// `hooke-channels`.
  public let name = "hooke-channels"
  let engine = BatchEngine<Double>()
  let stepper: BatchThreadedStepper<Double>
  var groups: [ChannelMotion: BatchGroup] = [:]
  var handles: [BatchChannel] = []
  var free: [Int] = []

  /// An engine stepping on `threads` workers.
  public init(threads: Int) {
    stepper = BatchThreadedStepper(engine: engine, threads: threads, chunkSize: 8192)
  }

  func group(_ motion: ChannelMotion) -> BatchGroup {
    // Scripts retarget runs of channels with one motion: skip hashing for a repeat.
    if let (m, g) = last, m == motion { return g }
    let g = _group(motion)
    last = (motion, g)
    return g
  }
  var last: (ChannelMotion, BatchGroup)?

  func _group(_ motion: ChannelMotion) -> BatchGroup {
    if let g = groups[motion] { return g }
    let driver: BatchDriver
    switch motion {
    case .spring(let s): driver = .spring(s)
    case .swiftUISpring(let r, let f):
      driver = .fluidSpring(FluidSpringModel(response: r, dampingFraction: f))
    case .timingCurve(let c, let d): driver = .timingCurve(c, duration: d)
    }
    let g = engine.addGroup(driver, restRule: _channelRestRule)
    groups[motion] = g
    return g
  }

  // Retargets are queued per group and applied by the engine's specialised bulk call (a
  // per-channel call from another module runs the generic, unspecialised code: ~10× slower).
  var pendingHandles: [BatchChannel] = []
  var pendingTargets: [Double] = []
  var pendingGroup: BatchGroup?

  func flush() {
    guard let g = pendingGroup else { return }
    pendingHandles.withUnsafeBufferPointer { h in
      pendingTargets.withUnsafeBufferPointer { t in _ = engine.retarget(h, to: t, group: g) }
    }
    pendingHandles.removeAll(keepingCapacity: true)
    pendingTargets.removeAll(keepingCapacity: true)
    pendingGroup = nil
  }

  /// Adds a batch channel in `motion`'s group (applies queued retargets first). O(1) amortised.
  /// A non-finite target reads as `value`, a non-finite value as the target (both: 0).
  public func addChannel(value: Double, target: Double, motion: ChannelMotion) -> Int {
    flush()
    let target = target.isFinite ? target : (value.isFinite ? value : 0)
    let value = value.isFinite ? value : target
    let c =
      (try? engine.addChannel(to: group(motion), value: value, target: target))
      ?? BatchChannel(index: .max, generation: 0)
    if let i = free.popLast() {
      handles[i] = c
      return i
    }
    handles.append(c)
    return handles.count - 1
  }

  /// Queues a retarget (moving the channel to `motion`'s group); applied in order by the next
  /// advance, add, remove or read. Non-finite targets are rejected by the engine (ignored).
  public func retarget(_ channel: Int, to target: Double, motion: ChannelMotion) {
    let g = group(motion)
    if pendingGroup != g {
      flush()
      pendingGroup = g
    }
    guard target.isFinite else { return }
    pendingHandles.append(handles[channel])
    pendingTargets.append(target)
  }

  /// Removes the batch channel; the handle is reused by a later add.
  public func removeChannel(_ channel: Int) {
    flush()
    try? engine.removeChannel(handles[channel])
    free.append(channel)
  }

  /// Applies queued retargets and steps to `tick` (converted to engine ticks, never backwards);
  /// returns the channels that were active before the step.
  public func advance(toTick tick: Int64, ticksPerSecond: Int64) -> Int {
    flush()
    let target = (Double(tick) * Double(engine.ticksPerSecond) / Double(ticksPerSecond)).rounded()
    let active = engine.activeCount
    let t = Int64(target)
    if t > engine.now { stepper.step(ticks: t - engine.now) }
    return active
  }

  /// The channel's value (0 for a stale handle).
  public func value(of channel: Int) -> Double {
    flush()
    return engine.value(of: handles[channel]) ?? 0
  }
  /// Whether the batch engine has settled the channel (`true` for a stale handle).
  public func isAtRest(_ channel: Int) -> Bool {
    flush()
    return engine.isSettled(handles[channel]) ?? true
  }
}

// MARK: - Reference engines

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
public final class ReferenceChannelEngine: ChannelEngine {
  /// Which approach.
  public enum Method: String, Sendable {
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
  public let name: String
  let method: Method
  var channels: [Channel] = []
  var free: [Int] = []
  var now: Int64 = 0
  var ticksPerSecond: Int64 = 60_000
  var activeList: [Int] = []

  /// An engine using `method`.
  public init(_ method: Method) {
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
  public func addChannel(value: Double, target: Double, motion: ChannelMotion) -> Int {
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
  public func retarget(_ channel: Int, to target: Double, motion: ChannelMotion) {
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
  public func removeChannel(_ channel: Int) {
    channels[channel].live = false
    channels[channel].active = false
    free.append(channel)
  }

  /// Steps every moving channel to `tick` (never backwards); snaps channels within the rest rule
  /// (or non-finite) to their target. Returns the channels stepped. O(moving channels).
  public func advance(toTick tick: Int64, ticksPerSecond tps: Int64) -> Int {
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
  public func value(of channel: Int) -> Double { channels[channel].value }
  /// Whether the channel has stopped moving.
  public func isAtRest(_ channel: Int) -> Bool { !channels[channel].active }
}
