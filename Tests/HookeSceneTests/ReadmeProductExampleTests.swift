import Hooke
import HookeAnimation
import HookeScene
import Testing

/// The HookeScene example of README.md's "Examples by product", kept compiling and checked.
@Suite struct ReadmeProductExampleTests {
  @Test func sceneExample() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    scene.withoutAnimation(at: 0) { tx in
      tx.insert(
        Element(id: 1, frame: .init(x: 170, y: 60, width: 50, height: 50)).matchedGeometry(id: "hero", in: ns)
      )
    }
    // The small card becomes the large one: the shared frame flies on the spring.
    scene.withAnimation(.spring, at: 0.5) { tx in
      tx.remove(1)
      tx.insert(
        Element(id: 2, frame: .init(x: 0, y: 300, width: 390, height: 200)).matchedGeometry(
          id: "hero", in: ns))
    }
    var sawFlight = false
    for frame in 30...150 {
      scene.advance(to: Double(frame) / 60)  // draw scene.renderList
      let list = scene.renderList
      if let i = list.index(of: 2), list.y[i] > 60, list.y[i] < 300 { sawFlight = true }
    }

    // The flight passes between the two frames and ends on the large card, the small one gone.
    #expect(sawFlight)
    let list = scene.renderList
    #expect(list.count == 1)
    if let i = list.index(of: 2) {
      #expect(list.x[i] == 0 && list.y[i] == 300 && list.width[i] == 390 && list.height[i] == 200)
    }
  }
}
