import Hooke
import HookeAnimation
import Testing

@testable import HookeScene

/// User stories of `transitions-es.txt` and `zoom-transition-es.txt`.
@Suite struct SeedTransitionTests {
  let banner = Rect(x: 20, y: 100, width: 350, height: 60)

  /// `.move(edge: .top).combined(with: .opacity)` with `withAnimation(.snappy)`: the banner slides
  /// down by its own height while fading in; without animation it jumps (and is reported).
  @Test func bannerMovesInFromTopAndJumpsWithoutAnimation() {
    let scene = Scene()
    let transition = AnyTransition.move(edge: .top).combined(with: .opacity)
    let t0 = 0.5
    let r = scene.withAnimation(.snappy, at: t0) {
      $0.insert(Element(id: 1, frame: banner).transition(transition))
    }
    #expect(r.diagnostics.isEmpty)
    var ref = Reference(
      Animation.snappy, interval: SIMD8<Double>(1, 0, 0, 0, banner.height, 0, 0, 0), begin: t0)
    for k in Int64(30)...Int64(90) {
      let t = frameTime(k)
      scene.advance(to: t)
      let fx = SIMD8<Double>(0, 1, 1, 0, -banner.height, 0, 0, 0) + ref.offset(at: t)
      #expect(scene.rendered(1).map { close($0, banner.offsetBy(dx: 0, dy: fx[4])) } == true, "t = \(t)")
      #expect(scene.renderedOpacity(1).map { close($0, Swift.min(Swift.max(fx[0], 0), 1)) } == true)
    }
    // "sin esto, salta": no animation → appears at once, reported.
    let r2 = scene.withoutAnimation(at: 2) { $0.insert(Element(id: 2, frame: banner).transition(transition)) }
    #expect(r2.diagnostics == [.transitionWithoutAnimation(element: 2, direction: .insertion)])
    scene.advance(to: 2)
    #expect(scene.rendered(2) == banner && scene.renderedOpacity(2) == 1)
    let r3 = scene.withoutAnimation(at: 2.1) { $0.remove(2) }
    #expect(r3.diagnostics == [.transitionWithoutAnimation(element: 2, direction: .removal)])
    scene.advance(to: 2.1)
    #expect(scene.rendered(2) == nil && !scene.contains(2))
  }

  /// `.asymmetric(insertion: move+opacity .animation(.spring(duration: 0.45, bounce: 0.25)),
  /// removal: .opacity.animation(.easeOut(duration: 0.15)))`: each half uses its own animation,
  /// ignoring the transaction's.
  @Test func asymmetricHalvesUseTheirOwnAnimations() {
    let scene = Scene()
    let insertion = Animation.spring(duration: 0.45, bounce: 0.25)
    let removal = Animation.easeOut(duration: 0.15)
    let aviso = AnyTransition.asymmetric(
      insertion: AnyTransition.move(edge: .bottom).combined(with: .opacity).animation(insertion),
      removal: AnyTransition.opacity.animation(removal))
    scene.withAnimation(.linear(duration: 5), at: 0) {
      $0.insert(Element(id: 1, frame: banner).transition(aviso))
    }
    var ref = Reference(insertion, interval: SIMD8<Double>(1, 0, 0, 0, -banner.height, 0, 0, 0), begin: 0)
    for k in Int64(0)...Int64(60) {
      let t = frameTime(k)
      scene.advance(to: t)
      let fx = SIMD8<Double>(0, 1, 1, 0, banner.height, 0, 0, 0) + ref.offset(at: t)
      #expect(scene.rendered(1).map { close($0, banner.offsetBy(dx: 0, dy: fx[4])) } == true, "t = \(t)")
    }
    scene.withAnimation(.linear(duration: 5), at: 2) { $0.remove(1) }
    // easeOut(0.15) at half time: opacity = 1 − y(0.5) of the (0, 0)–(0.58, 1) curve.
    scene.advance(to: 2.075)
    let y = referenceBezierY(0, 0, 0.58, 1, 0.5)
    #expect(close(scene.renderedOpacity(1)!, 1 - y, 1e-6))
    // Removal keeps no offset: the removal half is opacity only.
    #expect(scene.rendered(1) == banner)
    scene.advance(to: 2.15)
    #expect(scene.rendered(1) != nil)  // at exactly the duration the curve still returns, as in SwiftUI
    scene.advance(to: 2.17)
    #expect(scene.rendered(1) == nil && !scene.contains(1))
  }

  /// `struct Persiana: Transition` and the `phase.value * 60` push: a custom transition sets
  /// opacity, blur, scale and offset from the phase; entering from the left, leaving to the right.
  @Test func customPhaseTransitions() {
    struct Persiana: Transition {
      func body(content: TransitionContent, phase: TransitionPhase) -> TransitionContent {
        var c = content
        c.opacity = phase.isIdentity ? 1 : 0
        c.blurRadius = phase.isIdentity ? 0 : 8
        c.scale(phase.isIdentity ? 1 : 0.9)
        return c
      }
    }
    struct Pila: Transition {
      func body(content: TransitionContent, phase: TransitionPhase) -> TransitionContent {
        var c = content
        c.offset.width = phase.value * 60
        c.opacity = phase.isIdentity ? 1 : 0
        return c
      }
    }
    let scene = Scene()
    scene.withAnimation(.linear(duration: 1), at: 0) {
      $0.insert(Element(id: 1, frame: banner).transition(AnyTransition(Persiana())))
      $0.insert(Element(id: 2, frame: banner).transition(AnyTransition(Pila())))
    }
    scene.advance(to: 0.5)
    // linear: half way. Persiana: scale 0.95 about the centre, blur 4, opacity 0.5.
    let i = scene.renderList.index(of: 1)!
    #expect(close(scene.renderList.opacity[i], 0.5) && close(scene.renderList.blurRadius[i], 4))
    let scaled = Rect(
      x: banner.midX - banner.width * 0.95 / 2, y: banner.midY - banner.height * 0.95 / 2,
      width: banner.width * 0.95, height: banner.height * 0.95)
    #expect(close(scene.rendered(1)!, scaled))
    #expect(close(scene.rendered(2)!, banner.offsetBy(dx: -30, dy: 0)))  // entering from the left
    scene.advance(to: 1.5)
    scene.withAnimation(.linear(duration: 1), at: 2) { $0.remove(2) }
    scene.advance(to: 2.25)
    #expect(close(scene.rendered(2)!, banner.offsetBy(dx: 15, dy: 0)))  // leaving to the right
    #expect(close(scene.renderedOpacity(2)!, 0.75))
  }

  /// `.id(mensaje).transition(.push(from: .bottom))`: a new identity per message reads as a
  /// replacement — the old text leaves upwards while the new one enters from below.
  @Test func pushReplacesByIdentity() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: banner).transition(.push(from: .bottom)))
    }
    scene.withAnimation(.linear(duration: 1), at: 1) {
      $0.remove(1)
      $0.insert(Element(id: 2, frame: banner).transition(.push(from: .bottom)))
    }
    scene.advance(to: 1.5)
    #expect(close(scene.rendered(1)!, banner.offsetBy(dx: 0, dy: -30)))
    #expect(close(scene.rendered(2)!, banner.offsetBy(dx: 0, dy: 30)))
    #expect(close(scene.renderedOpacity(1)!, 0.5) && close(scene.renderedOpacity(2)!, 0.5))
  }

  /// The zoom navigation transition from a list row to its detail and back: the detail's frame,
  /// corner radius and a dimming overlay animate from the row, the row is hidden while it flies.
  @Test func listRowZoomsIntoDetail() {
    let (scene, ns, rows) = zoomSourceRows(cornerRadius: 10)
    let detail = Layout.fullScreen(scene.bounds)
    let push = Animation.smooth
    let t0 = 1.0
    let r = scene.withAnimation(push, at: t0) {
      $0.insert(
        Element(id: 100, frame: detail).navigationTransition(.zoom(sourceID: 3, in: ns)).with {
          $0.zIndex = 5
        })
    }
    #expect(r.diagnostics.isEmpty)
    var frameRef = Reference(push, interval: detail._v - rows[3]._v, begin: t0)
    var styleRef = Reference(push, interval: SIMD8<Double>(0, 0, 0, 0, 0, -10, 0, 0), begin: t0)
    var dimRef = Reference(push, interval: 0.2, begin: t0)
    var flew = false
    for k in Int64(60)...Int64(180) {
      let t = frameTime(k)
      scene.advance(to: t)
      let expected = Rect(_v: rows[3]._v + frameRef.offset(at: t))
      let i = scene.renderList.index(of: 100)!
      #expect(close(scene.renderList.frame(at: i), expected), "t = \(t)")
      #expect(
        close(scene.renderList.cornerRadius[i], Swift.max(10 + styleRef.offset(at: t)[5], 0)), "t = \(t)")
      #expect(scene.renderedOpacity(100) == 1)  // no fade: the zoom replaces the transition
      let d = scene.renderList.index(of: 100, kind: .dimming)!
      #expect(d == i - 1)  // the overlay sits right under the destination
      #expect(close(scene.renderList.opacity[d], Swift.min(Swift.max(dimRef.offset(at: t), 0), 1)))
      if !frameRef.finished {
        #expect(scene.renderedOpacity(3) == 0)  // the source is hidden during flight
        flew = true
      }
    }
    #expect(flew)
    #expect(scene.renderedOpacity(3) == 1)
    // Dismiss: back to the row, then the destination leaves and the row shows again.
    scene.withAnimation(push, at: 3) { $0.remove(100) }
    scene.advance(to: 3.2)
    #expect(scene.renderedOpacity(3) == 0)
    let mid = scene.rendered(100)!
    #expect(mid.height < detail.height && mid.height > rows[3].height && mid.minY > 0)
    scene.advance(to: 3.5)
    #expect(scene.renderList.index(of: 100, kind: .dimming) != nil)
    // Frame by frame: a fluid spring sampled after a stall > 1 s only catches up 1/60 s, as SwiftUI's.
    for k in Int64(210)...Int64(360) { scene.advance(to: frameTime(k)) }
    #expect(!scene.contains(100) && scene.renderList.index(of: 100, kind: .dimming) == nil)
    #expect(scene.rendered(3) == rows[3] && scene.renderedOpacity(3) == 1)
    // A destination whose source does not exist falls back to its transition, reported.
    let missing = scene.withAnimation(push, at: 7) {
      $0.insert(Element(id: 101, frame: detail).navigationTransition(.zoom(sourceID: 99, in: ns)))
    }
    #expect(missing.diagnostics == [.zoomSourceNotFound(element: 101, sourceID: 99)])
  }
}

/// A scene of five list rows (44 points high from y = 100), row `i` a zoom transition source with
/// match id `i` (and corner radius `cornerRadius` when given), inserted at time 0 without animation.
private func zoomSourceRows(cornerRadius: Double? = nil) -> (Scene, Namespace, [Rect]) {
  let scene = Scene()
  let ns = scene.makeNamespace()
  let rows = Layout.verticalList(count: 5, in: Rect(x: 0, y: 100, width: 390, height: 600), rowHeight: 44)
  scene.withoutAnimation(at: 0) { tx in
    for (i, r) in rows.enumerated() {
      var e = Element(id: ElementID(i), frame: r).matchedTransitionSource(id: .int(i), in: ns)
      if let cornerRadius { e.cornerRadius = cornerRadius }
      tx.insert(e)
    }
  }
  return (scene, ns, rows)
}

extension SeedTransitionTests {
  /// Two details zoom from one row, the second a moment later: after the first has landed the row
  /// stays hidden while the second still flies (the later destination decides).
  @Test func sharedZoomSourceStaysHiddenWhileALaterDestinationFlies() {
    let (scene, ns, _) = zoomSourceRows()
    let detail = Layout.fullScreen(scene.bounds)
    for (id, t) in [(100, 1.0), (101, 1.4)] {
      scene.advance(to: t)
      scene.withAnimation(.smooth, at: t) {
        $0.insert(
          Element(id: ElementID(id), frame: detail).navigationTransition(.zoom(sourceID: 3, in: ns)).with {
            $0.zIndex = 5
          })
      }
    }
    var checked = 0
    for k in Int64(85)...Int64(300) {
      let t = frameTime(k)
      scene.advance(to: t)
      let firstLanded = scene.rendered(100) == detail
      let secondFlies = scene.rendered(101) != detail
      if firstLanded && secondFlies {
        #expect(scene.renderedOpacity(3) == 0, "t = \(t)")
        checked += 1
      }
    }
    #expect(checked > 0)
    #expect(scene.renderedOpacity(3) == 1)  // both landed
  }
}

/// Independent cubic Bézier reference: bisection on x(s), then y(s).
func referenceBezierY(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ p: Double) -> Double {
  func bern(_ a: Double, _ b: Double, _ s: Double) -> Double {
    let m = 1 - s
    return 3 * m * m * s * a + 3 * m * s * s * b + s * s * s
  }
  var lo = 0.0
  var hi = 1.0
  for _ in 0..<200 {
    let mid = (lo + hi) / 2
    if bern(x1, x2, mid) < p { lo = mid } else { hi = mid }
  }
  return bern(y1, y2, (lo + hi) / 2)
}
