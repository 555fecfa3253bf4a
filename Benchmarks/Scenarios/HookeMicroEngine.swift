import Hooke
import HookeThreads

/// Hooke's batch engine in the micro benchmark: one group, every channel a handle.
package final class HookeMicroEngine<S: BatchScalar>: MicroEngine {
  package let name = "hooke"
  package let model: String
  package var scalarName: String { S.self == Float.self ? "Float" : "Double" }
  package let threads: Int
  /// Stepping reads and writes displacement and velocity (and force for the SwiftUI model).
  package var bytesPerChannelStep: Int { (model.hasPrefix("swiftui") ? 6 : 4) * MemoryLayout<S>.size }
  let engine: BatchEngine<S>
  let stepper: BatchThreadedStepper<S>
  var handles: [BatchChannel] = []
  let ticks: Int64
  var scratch: [S]

  /// `frameRate` must divide the engine's default ticks per second (3,628,800). Model "exact"
  /// uses the exact spring driver; "swiftui" the SwiftUI animation-spring driver with the same
  /// response and damping fraction. `defaultRestRule` (default `false`: ``BatchRestRule/disabled``,
  /// the bare kernel) uses the engine's default rest rule (``BatchRestRule/pixel``) instead, as an
  /// embedder calling `addGroup(_:)` gets; its model label gets a "+rest" suffix. The two side by
  /// side show what the rest test costs per channel-step when called from another module.
  package init(
    count: Int, spring: Spring, frameRate: Int, threads: Int, model: String = "exact",
    defaultRestRule: Bool = false
  ) {
    self.model = defaultRestRule ? model + "+rest" : model
    self.threads = threads
    engine = BatchEngine<S>()
    ticks = engine.ticksPerSecond / Int64(frameRate)
    let driver: BatchDriver =
      model == "swiftui"
      ? .fluidSpring(FluidSpringModel(response: spring.response, dampingFraction: spring.dampingRatio))
      : .spring(spring)
    let group = defaultRestRule ? engine.addGroup(driver) : engine.addGroup(driver, restRule: .disabled)
    handles.reserveCapacity(count)
    for _ in 0..<count {
      handles.append(try! engine.addChannel(to: group, value: 0, target: 0))
    }
    stepper = BatchThreadedStepper(engine: engine, threads: threads, chunkSize: 16384)
    scratch = Array(repeating: 0, count: count)
  }

  package func retarget(_ targets: UnsafeBufferPointer<Double>) {
    for i in 0..<scratch.count { scratch[i] = S(targets[i]) }
    handles.withUnsafeBufferPointer { h in
      scratch.withUnsafeBufferPointer { t in _ = engine.retarget(h, to: t) }
    }
  }

  // Concrete bodies, as a client with a `BatchEngine<Float>` gets: the generic one (reached through
  // the `MicroEngine` existential) would run the engine's generic entry points instead.
  @_specialize(where S == Float)
  @_specialize(where S == Double)
  package func step() { stepper.step(ticks: ticks) }

  package func value(_ i: Int) -> Double { Double(engine.value(of: handles[i])!) }
}
