import FrameBudget
import Hooke
import HookeAnimation
import Testing

@testable import HookeScene
@testable import Scenarios

/// The `interrupt-storm` workload against a per-property reference written from HookeAnimation's
/// public API alone: one `PropertyAnimator` per element frame, fed the script's moves with the
/// script's animations at the same times. Every element interrupts its exact spring, SwiftUI
/// spring or ease-in-out curve every few frames, so springs merge into springs, curves combine
/// with running motion and values end at a transaction's own time.
@Suite struct InterruptStormScriptTests {
  @Test func everyFrameAgreesWithThePerPropertyReference() throws {
    let setup = WorkloadSetup(elements: 1000, hz: 120, seed: 42, threads: 1)
    let workload = SceneScenarioWorkload<InterruptStormScript>(setup: setup)
    var script = InterruptStormScript(setup: setup, namespace: Scene().makeNamespace())
    func lanes(_ r: Rect) -> SIMD4<Double> { SIMD4(r.minX, r.minY, r.width, r.height) }
    var references = (0..<setup.elements).map {
      PropertyAnimator(lanes(_Script.cell($0, columns: 8)), time: 0)
    }
    var worst = 0.0
    var disagreements: [String] = []
    for k in 0..<120 {
      let t = setup.seconds(atTick: setup.tick(ofFrame: k))
      for tx in script.transactions(atFrame: k) {
        for op in tx.ops {
          guard case .move(let id, let frame, _, _) = op else { continue }
          let i = Int(id.rawValue)
          // A sample at t first, as the scene's transaction samples before it changes anything.
          _ = references[i].sample(at: t)
          references[i].set(lanes(frame), animation: tx.animation.animation, at: t)
        }
      }
      try workload.performFrame(k)
      let scene = workload.scene
      let list = scene.renderList
      #expect(list.count == setup.elements)
      for row in 0..<list.count {
        let i = Int(list.ids[row].rawValue)
        // The render list stores standardised rectangles (an overshoot past zero size flips).
        let raw = references[i].sample(at: t)
        let expected = SIMD4(
          Swift.min(raw[0], raw[0] + raw[2]), Swift.min(raw[1], raw[1] + raw[3]), abs(raw[2]), abs(raw[3]))
        let got = lanes(list.frame(at: row))
        for j in 0..<4 {
          worst = Swift.max(worst, abs(got[j] - expected[j]) / Swift.max(1, abs(expected[j])))
        }
        let s = try #require(scene._slots[list.ids[row]])
        let moving = scene._records[s].frame.isAnimating(scene._fast)
        if moving != references[i].isAnimating && disagreements.count < 5 {
          disagreements.append("frame \(k) element \(i): engine moving \(moving), reference \(!moving)")
        }
      }
    }
    #expect(worst <= 1e-9, "largest difference \(worst) (relative above 1 point)")
    #expect(disagreements.isEmpty, "\(disagreements)")
  }
}
