import Hooke
import HookeAnimation
import HookeScene
import Testing

/// The HookeScene example of README.md's "Examples by product", kept compiling and checked.
@Suite struct ReadmeProductExampleTests {
  @Test func sceneExample() {
    var completed = false
    // SwiftUI's red circle that becomes a blue rectangle (`if expanded { … } else { … }`).
    let scene = Scene()
    let ns = scene.makeNamespace()
    let circle = Element(id: "circle", frame: .init(x: 170, y: 60, width: 50, height: 50))
      .clipShape(.circle).matchedGeometryEffect(id: "geoID", in: ns)
    let rectangle = Element(id: "rectangle", frame: .init(x: 95, y: 700, width: 200, height: 100))
      .cornerRadius(12).zIndex(1).matchedGeometryEffect(id: "geoID", in: ns)
    scene.withoutAnimation { $0.insert(circle) }
    scene.advance(to: 0.5)
    // withAnimation(.spring) { expanded = true }: at the scene's clock, with a completion.
    scene.withAnimation(.spring) { tx in
      tx.remove("circle")
      tx.insert(rectangle)
    } completion: {
      completed = true  // README: print("logically complete")
    }
    var sawFlight = false
    var roundInFlight = true
    for frame in 31...150 {
      scene.advance(to: Double(frame) / 60)  // draw scene.renderList
      let list = scene.renderList
      if let i = list.index(of: "rectangle"), list.y[i] > 60, list.y[i] < 700 { sawFlight = true }
      if let i = list.index(of: "circle") {
        roundInFlight = roundInFlight && list.cornerRadius[i] == Swift.min(list.width[i], list.height[i]) / 2
      }
    }

    // The flight passes between the two frames and ends on the rectangle, the circle gone; the
    // circle was round in every frame; `.spring` (response 0.5 s) was logically complete by 1 s.
    #expect(sawFlight && roundInFlight && completed)
    let list = scene.renderList
    #expect(list.count == 1)
    if let i = list.index(of: "rectangle") {
      #expect(list.x[i] == 95 && list.y[i] == 700 && list.width[i] == 200 && list.height[i] == 100)
      #expect(list.cornerRadius[i] == 12)
    }
  }
}
