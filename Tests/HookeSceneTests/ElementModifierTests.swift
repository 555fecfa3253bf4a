import Hooke
import HookeAnimation
import Testing

@testable import HookeScene

/// SwiftUI-named element modifiers and shape-relative corner radii.
@Suite struct ElementModifierTests {
  let frame = Rect(x: 10, y: 20, width: 100, height: 60)

  @Test func modifiersSetTheSameStyleAsTheProperties() {
    let e = Element(id: "m", frame: frame).opacity(0.5).zIndex(2).cornerRadius(8).scaleEffect(
      0.9, anchor: .top
    )
    .offset(x: 3, y: -4).rotationEffect(radians: 0.25).blur(radius: 2).clipShape(.capsule)
    #expect(e.opacity == 0.5 && e.zIndex == 2 && e.cornerRadius == 8)
    #expect(e.scale == 0.9 && e.scaleAnchor == .top && e.offset == Size(width: 3, height: -4))
    #expect(e.rotation == 0.25 && e.blurRadius == 2 && e.shape == .capsule)
    #expect(e.id == ElementID("m"))
    let matched = Element(id: 1, frame: frame).matchedGeometryEffect(
      id: "hero", in: Namespace(sceneToken: 0, rawValue: 0), isSource: false)
    #expect(matched.matchedGeometry?.id == "hero" && matched.matchedGeometry?.isSource == false)
  }

  /// A custom `Transition` needs no `AnyTransition(...)`: inserted with a linear second, it is
  /// half way at 0.5 s.
  @Test func customTransitionWithoutWrapping() {
    struct Drop: Transition {
      func body(content: TransitionContent, phase: TransitionPhase) -> TransitionContent {
        var c = content
        if !phase.isIdentity { c.offset.height = -40 }
        return c
      }
    }
    let scene = Scene()
    scene.withAnimation(.linear(duration: 1)) {
      $0.insert(Element(id: "drop", frame: frame).transition(Drop()))
    }
    scene.advance(to: 0.5)
    #expect(scene.rendered("drop").map { close($0, frame.offsetBy(dx: 0, dy: -20)) } == true)
    #expect(scene.renderedOpacity("drop") == 1)  // the custom transition replaces the implicit fade
    // An AnyTransition passed generically keeps its fixed animation.
    let fixed = AnyTransition.opacity.animation(.linear(duration: 2))
    func attach<T: Transition>(_ t: T) -> Element { Element(id: 2, frame: frame).transition(t) }
    let e = attach(fixed)
    #expect(e.transition?.insertionAnimation == .linear(duration: 2))
  }

  /// Without a scale, an element is drawn at its frame moved by its offset, to the bit, as SwiftUI
  /// composes an offset: no round trip through the scale anchor, which drew a frame at x 10.1,
  /// width 80.7 at 10.100000000000001, 80.69999999999999, and 0.1 offset by 0.3 at
  /// 0.3999999999999986. A settled spring draws its target the same way.
  @Test func unscaledElementsAreDrawnAtTheirFrameExactly() {
    let odd = Rect(x: 0.1, y: 0.7, width: 100.3, height: 0.2)
    let other = Rect(x: 10.1, y: 3.3, width: 80.7, height: 77.7)
    let scene = Scene()
    scene.withoutAnimation {
      $0.insert(Element(id: 1, frame: odd))
      $0.insert(Element(id: 2, frame: odd).offset(x: 0.3, y: -0.1))
      $0.insert(Element(id: 3, frame: other).opacity(0.5))
    }
    scene.advance(to: 0)
    #expect(scene.rendered(1) == odd)
    #expect(scene.rendered(2) == Rect(x: 0.1 + 0.3, y: 0.7 - 0.1, width: 100.3, height: 0.2))
    #expect(scene.rendered(3) == other)
    scene.withAnimation(.spring(duration: 0.3)) { $0.setFrame(1, other) }
    for k in 1...300 { scene.advance(to: Double(k) / 60) }
    #expect(scene.rendered(1) == other)
  }

  /// SwiftUI's rounded rectangles never draw a radius beyond half the shorter side.
  @Test func cornerRadiusIsAtMostHalfTheShorterSide() {
    let scene = Scene()
    scene.withoutAnimation {
      $0.insert(Element(id: 1, frame: frame).cornerRadius(45))
      $0.insert(Element(id: 2, frame: frame).cornerRadius(12))
      $0.insert(Element(id: 3, frame: frame).clipShape(.circle))
      $0.insert(Element(id: 4, frame: frame).cornerRadius(-3))
    }
    scene.advance(to: 0)
    #expect(scene.renderedCornerRadius(1) == 30)
    #expect(scene.renderedCornerRadius(2) == 12)
    #expect(scene.renderedCornerRadius(3) == 30)
    #expect(scene.renderedCornerRadius(4) == 0)
  }

  /// A capsule scaled to half its size stays round: radius half of its rendered shorter side.
  @Test func roundShapesFollowTheirRenderedSize() {
    let scene = Scene()
    scene.withoutAnimation { $0.insert(Element(id: "pill", frame: frame).clipShape(.capsule)) }
    scene.withAnimation(.linear(duration: 1)) { $0.update("pill") { $0 = $0.scaleEffect(0.5) } }
    for k in Int64(0)...Int64(60) {
      scene.advance(to: frameTime(k))
      let f = scene.rendered("pill")!
      #expect(scene.renderedCornerRadius("pill") == Swift.min(f.width, f.height) / 2)
    }
    #expect(scene.rendered("pill")!.height == 30)
  }

  /// A zoom from a round source starts the destination's radius at the source's rendered one
  /// (half its shorter side), not at the sentinel a round shape asks for.
  @Test func zoomFromARoundSourceStartsFromItsRadius() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    let avatar = Rect(x: 20, y: 100, width: 64, height: 64)
    scene.withoutAnimation {
      $0.insert(
        Element(id: "avatar", frame: avatar).clipShape(.circle).matchedTransitionSource(id: "me", in: ns))
    }
    let profile = Rect(x: 0, y: 0, width: 390, height: 844)
    scene.withAnimation(.linear(duration: 1)) {
      $0.insert(Element(id: "profile", frame: profile).navigationTransition(.zoom(sourceID: "me", in: ns)))
    }
    scene.advance(to: 0.5)
    // Linear: radius 32 → 0 is 16 half way.
    #expect(scene.renderedCornerRadius("profile").map { close($0, 16) } == true)
  }
}
