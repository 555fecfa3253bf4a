import Hooke
import HookeAnimation
import Testing

@testable import HookeScene

/// `withAnimation` on the scene's clock, with completions.
@Suite struct SceneSwiftUITests {
  let start = Rect(x: 0, y: 0, width: 100, height: 100)
  let end = Rect(x: 200, y: 0, width: 100, height: 100)

  /// A transaction without a time acts at the last frame: a linear second started after the
  /// frame at 1 s is half way at 1.5 s.
  @Test func transactionsDefaultToTheScenesClock() {
    let scene = Scene()
    scene.withoutAnimation { $0.insert(Element(id: 1, frame: start)) }
    scene.advance(to: 1)
    scene.withAnimation(.linear(duration: 1)) { $0.setFrame(1, end) }
    scene.advance(to: 1.5)
    #expect(scene.rendered(1).map { close($0, start.offsetBy(dx: 100, dy: 0)) } == true)
    scene.advance(to: 2)
    #expect(scene.rendered(1) == end)
  }

  /// `.logicallyComplete` (the default): a spring of response 0.31 s started at frame 10 (60 Hz)
  /// is logically complete at the first frame at least 0.31 s later, frame 29 — while it still
  /// moves — and the completion fires once.
  @Test func completionFiresWhenTheSpringIsLogicallyComplete() {
    let scene = Scene()
    scene.withoutAnimation { $0.insert(Element(id: 1, frame: start)) }
    scene.advance(to: frameTime(10))
    var fired: [Int64] = []
    var frame: Int64 = 10
    scene.withAnimation(.spring(response: 0.31, dampingFraction: 0.7)) {
      $0.setFrame(1, end)
    } completion: {
      fired.append(frame)
    }
    #expect(fired.isEmpty)
    for k in Int64(11)...Int64(120) {
      frame = k
      scene.advance(to: frameTime(k))
    }
    #expect(fired == [29])
  }

  /// `.removed`: fires once the removed element has left and the inserted one stopped moving —
  /// after the logical completion of the same spring.
  @Test func removedCompletionWaitsForTheEndOfEveryAnimation() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    scene.withoutAnimation {
      $0.insert(Element(id: "a", frame: start).matchedGeometryEffect(id: "m", in: ns))
    }
    var frame: Int64 = 0
    var logical: Int64?
    var removed: Int64?
    var leftAt: Int64?
    scene.withAnimation(.spring, completionCriteria: .removed) {
      $0.remove("a")
      $0.insert(Element(id: "b", frame: end).matchedGeometryEffect(id: "m", in: ns))
    } completion: {
      removed = frame
    }
    scene.withAnimation(.spring) { _ in
    } completion: {
      logical = frame
    }
    for k in Int64(1)...Int64(600) {
      frame = k
      scene.advance(to: frameTime(k))
      if leftAt == nil && !scene.contains("a") { leftAt = k }
    }
    #expect(logical == 30)  // `.spring` has response 0.5 s
    guard let removed, let leftAt else {
      Issue.record("removed \(String(describing: removed)), left \(String(describing: leftAt))")
      return
    }
    #expect(removed >= leftAt && removed > 30)
    #expect(scene.rendered("b") == end)
  }

  /// Without animation the completion fires at the end of the next frame, not inside the call;
  /// a completion may start the next transaction, which acts at that frame's time.
  @Test func completionWithoutAnimationAndChaining() {
    let scene = Scene()
    var order: [String] = []
    scene.withAnimation(nil) {
      $0.insert(Element(id: 1, frame: start))
    } completion: {
      order.append("inserted")
      scene.withAnimation(.linear(duration: 1)) { $0.setFrame(1, end) }
    }
    #expect(order.isEmpty)
    scene.advance(to: 1)
    #expect(order == ["inserted"])
    scene.advance(to: 1.25)
    #expect(scene.rendered(1).map { close($0, start.offsetBy(dx: 50, dy: 0)) } == true)
    scene.advance(to: 3)
    #expect(order == ["inserted"])
  }
}
