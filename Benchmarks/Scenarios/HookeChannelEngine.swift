// Hooke's batch engine behind the channel seam (`hooke-channels`).
import Hooke
import HookeThreads

/// Hooke's ``BatchEngine`` behind the channel seam: one batch group per motion (created on first
/// use), the scene fast path's rest rule, stepping on ``BatchThreadedStepper`` with `threads`
/// workers (bit-identical for any thread count). Ticks are converted to the engine's
/// 3,628,800 per second by rounding `tick·3 628 800 / ticksPerSecond`.
package final class HookeChannelEngine: ChannelEngine {
  /// `hooke-channels`.
  package let name = "hooke-channels"
  let engine = BatchEngine<Double>()
  let stepper: BatchThreadedStepper<Double>
  var groups: [ChannelMotion: BatchGroup] = [:]
  var handles: [BatchChannel] = []
  var free: [Int] = []

  /// An engine stepping on `threads` workers.
  package init(threads: Int) {
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
  package func addChannel(value: Double, target: Double, motion: ChannelMotion) -> Int {
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
  package func retarget(_ channel: Int, to target: Double, motion: ChannelMotion) {
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
  package func removeChannel(_ channel: Int) {
    flush()
    try? engine.removeChannel(handles[channel])
    free.append(channel)
  }

  /// Applies queued retargets and steps to `tick` (converted to engine ticks, never backwards);
  /// returns the channels that were active before the step.
  package func advance(toTick tick: Int64, ticksPerSecond: Int64) -> Int {
    flush()
    let target = (Double(tick) * Double(engine.ticksPerSecond) / Double(ticksPerSecond)).rounded()
    let active = engine.activeCount
    let t = Int64(target)
    if t > engine.now { stepper.step(ticks: t - engine.now) }
    return active
  }

  /// The channel's value (0 for a stale handle).
  package func value(of channel: Int) -> Double {
    flush()
    return engine.value(of: handles[channel]) ?? 0
  }
  /// Whether the batch engine has settled the channel (`true` for a stale handle).
  package func isAtRest(_ channel: Int) -> Bool {
    flush()
    return engine.isSettled(handles[channel]) ?? true
  }
}
