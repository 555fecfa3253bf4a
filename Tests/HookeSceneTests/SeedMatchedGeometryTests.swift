import Hooke
import HookeAnimation
import Testing

@testable import HookeScene

/// User stories of `matched-geometry-effect-es.txt` and `matched-geometry-pitfalls-ru.txt`.
@Suite struct SeedMatchedGeometryTests {
  /// "Un círculo rojo … se transforme en un rectángulo azul": the circle is removed and the
  /// rectangle inserted with the same id in one `withAnimation(.spring())`; both follow the shared
  /// frame, which moves on the transaction's spring from the circle's frame to the rectangle's.
  @Test func redCircleBecomesBlueRectangle() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    let circleFrame = Rect(x: 170, y: 60, width: 50, height: 50)
    let rectFrame = Rect(x: 95, y: 700, width: 200, height: 100)
    let r0 = scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: circleFrame).matchedGeometry(id: "geoID", in: ns))
    }
    #expect(r0.diagnostics.isEmpty)
    scene.advance(to: 0)
    #expect(scene.rendered(1) == circleFrame)
    let t0 = frameTime(60)
    let r1 = scene.withAnimation(.spring, at: t0) {
      $0.remove(1)
      $0.insert(Element(id: 2, frame: rectFrame).matchedGeometry(id: "geoID", in: ns))
    }
    #expect(r1.diagnostics.isEmpty)
    #expect(scene.matchedSource(id: "geoID", in: ns) == 2)
    var frameRef = Reference(Animation.spring, interval: shared(rectFrame) - shared(circleFrame), begin: t0)
    // The effect vectors are (opacity, sx, sy, ox, oy, rot, blur, 0): the fade of each member.
    var fadeIn = Reference(Animation.spring, interval: SIMD8<Double>(1, 0, 0, 0, 0, 0, 0, 0), begin: t0)
    var fadeOut = Reference(Animation.spring, interval: SIMD8<Double>(-1, 0, 0, 0, 0, 0, 0, 0), begin: t0)
    var sawBothInFlight = false
    for k in Int64(60)...Int64(180) {
      let t = frameTime(k)
      scene.advance(to: t)
      #expect(renderListIsValid(scene.renderList))
      let expected = rect(
        shared: shared(rectFrame) - (shared(rectFrame) - shared(circleFrame)) + frameRef.offset(at: t))
      let inOpacity = 0 + fadeIn.offset(at: t)[0]
      let outOpacity = 1 + fadeOut.offset(at: t)[0]
      #expect(scene.rendered(2).map { close($0, expected) } == true, "t = \(t)")
      #expect(
        scene.renderedOpacity(2).map { close($0, Swift.min(Swift.max(inOpacity, 0), 1)) } == true, "t = \(t)")
      if let f = scene.rendered(1) {
        // The removed circle flies with the shared frame while it fades out.
        #expect(close(f, expected), "t = \(t)")
        #expect(scene.renderedOpacity(1).map { close($0, Swift.min(Swift.max(outOpacity, 0), 1)) } == true)
        if k > 62 && k < 80 { sawBothInFlight = true }
      }
    }
    #expect(sawBothInFlight)
    #expect(!scene.contains(1))
    #expect(scene.rendered(1) == nil)
    #expect(scene.rendered(2) == rectFrame)
  }

  /// The music grid: tapping a card removes the grid and inserts the full-screen player; the
  /// background and the title are matched with their own ids, "Reproduciendo ahora" fades in
  /// with `.opacity.combined(with: .move(edge: .bottom))`, the other cards fade out.
  @Test func musicGridCardExpandsIntoPlayer() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    let window = scene.bounds
    let cells = Layout.adaptiveGrid(
      count: 3, in: window.insetBy(dx: 16, dy: 60), minimumWidth: 150, rowHeight: 150, spacing: 16)
    #expect(Layout.adaptiveColumnCount(width: window.width - 32, minimum: 150, spacing: 16) == 2)
    func titleFrame(in card: Rect, height: Double) -> Rect {
      Layout.place(Size(width: card.width * 0.8, height: height), in: card, anchor: .bottom)
    }
    scene.withoutAnimation(at: 0) { tx in
      for (i, cell) in cells.enumerated() {
        tx.insert(
          Element(id: ElementID(10 + i), frame: cell).matchedGeometry(id: .string("\(i)-bg"), in: ns)
            .with { $0.cornerRadius = 20 })
        tx.insert(
          Element(id: ElementID(20 + i), frame: titleFrame(in: cell, height: 24))
            .matchedGeometry(id: .string("\(i)-text"), in: ns).with { $0.zIndex = 1 })
      }
    }
    let detailBackground = Rect(x: 0, y: 0, width: window.width, height: 300)
    let detailTitle = Layout.place(Size(width: 300, height: 44), in: detailBackground)
    let nowPlaying = Rect(x: 16, y: 316, width: window.width - 32, height: 30)
    let spring = Animation.spring(response: 0.6, dampingFraction: 0.8)
    let t0 = frameTime(30)
    let result = scene.withAnimation(spring, at: t0) { tx in
      for i in 0..<3 {
        tx.remove(ElementID(10 + i))
        tx.remove(ElementID(20 + i))
      }
      tx.insert(
        Element(id: 100, frame: detailBackground).matchedGeometry(id: "1-bg", in: ns)
          .with {
            $0.cornerRadius = 25
            $0.zIndex = 10
          })
      tx.insert(
        Element(id: 101, frame: detailTitle).matchedGeometry(id: "1-text", in: ns).with { $0.zIndex = 11 })
      tx.insert(
        Element(id: 102, frame: nowPlaying).transition(.opacity.combined(with: .move(edge: .bottom)))
          .with { $0.zIndex = 10 })
    }
    #expect(result.diagnostics.isEmpty)
    var bg = Reference(spring, interval: shared(detailBackground) - shared(cells[1]), begin: t0)
    var title = Reference(
      spring, interval: shared(detailTitle) - shared(titleFrame(in: cells[1], height: 24)), begin: t0)
    var text = Reference(spring, interval: SIMD8<Double>(1, 0, 0, 0, -nowPlaying.height, 0, 0, 0), begin: t0)
    var otherCard = Reference(spring, interval: SIMD8<Double>(-1, 0, 0, 0, 0, 0, 0, 0), begin: t0)
    for k in Int64(30)...Int64(150) {
      let t = frameTime(k)
      scene.advance(to: t)
      #expect(renderListIsValid(scene.renderList))
      let bgRect = rect(shared: shared(cells[1]) + bg.offset(at: t))
      let titleRect = rect(shared: shared(titleFrame(in: cells[1], height: 24)) + title.offset(at: t))
      #expect(scene.rendered(100).map { close($0, bgRect, 1e-9) } == true, "t = \(t)")
      #expect(scene.rendered(101).map { close($0, titleRect, 1e-9) } == true, "t = \(t)")
      let fx = SIMD8<Double>(0, 1, 1, 0, nowPlaying.height, 0, 0, 0) + text.offset(at: t)
      #expect(
        scene.rendered(102).map { close($0, nowPlaying.offsetBy(dx: 0, dy: fx[4])) } == true, "t = \(t)")
      #expect(
        scene.renderedOpacity(102).map { close($0, Swift.min(Swift.max(fx[0], 0), 1)) } == true, "t = \(t)")
      let cardOpacity = 1 + otherCard.offset(at: t)[0]
      if let o = scene.renderedOpacity(10) {
        #expect(close(o, Swift.min(Swift.max(cardOpacity, 0), 1)), "t = \(t)")
        #expect(scene.rendered(10) == cells[0])  // unmatched in this flight: stays in its cell
      }
      // The detail draws above the grid.
      if let a = scene.renderList.index(of: 11), let b = scene.renderList.index(of: 100) { #expect(a < b) }
    }
    for i in 0..<3 { #expect(!scene.contains(ElementID(10 + i)) && !scene.contains(ElementID(20 + i))) }
    #expect(scene.rendered(100) == detailBackground)
    #expect(scene.renderList.count == 3)
  }

  /// The animated tab-bar indicator: one `tab-indicator` element exists at a time, in the selected
  /// tab; tapping moves it with `spring(response: 0.3, dampingFraction: 0.7)`. Tapping again
  /// mid-flight retargets continuously in position and velocity.
  @Test func tabBarIndicatorAndMidFlightRetarget() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    let tabs = Layout.horizontalStack(count: 4, in: Rect(x: 8, y: 784, width: 374, height: 52))
    let indicator = tabs.map { Layout.place(Size(width: 48, height: 36), in: $0) }
    func element(_ i: Int) -> Element {
      Element(id: ElementID(200 + i), frame: indicator[i]).matchedGeometry(id: "tab-indicator", in: ns)
    }
    scene.withoutAnimation(at: 0) { $0.insert(element(0)) }
    let spring = Animation.spring(response: 0.3, dampingFraction: 0.7)
    let t0 = frameTime(10)
    scene.withAnimation(spring, at: t0) {
      $0.remove(200)
      $0.insert(element(2))
    }
    var ref = Reference(spring, interval: shared(indicator[2]) - shared(indicator[0]), begin: t0)
    for k in Int64(10)...Int64(16) {
      let t = frameTime(k)
      scene.advance(to: t)
      #expect(
        scene.rendered(202).map { close($0, rect(shared: shared(indicator[0]) + ref.offset(at: t))) } == true)
    }
    // Tap tab 3 at frame 16: the shared frame merges (fluid springs always merge).
    let t1 = frameTime(16)
    let before = scene.sharedFrame(id: "tab-indicator", in: ns)!
    let velocityBefore = scene.frameVelocity(of: 202)!
    scene.withAnimation(spring, at: t1) {
      $0.remove(202)
      $0.insert(element(3))
    }
    let after = scene.sharedFrame(id: "tab-indicator", in: ns)!
    #expect(before == after)
    #expect(scene.frameVelocity(of: 203)! == velocityBefore)
    #expect(velocityBefore[0] > 100)  // it was really moving right
    // Continuity of the rendered path: no jump bigger than the motion around it.
    scene.advance(to: t1)
    var previous = scene.rendered(203)!.midX
    var previousStep = 0.0
    for k in Int64(17)...Int64(60) {
      scene.advance(to: frameTime(k))
      let x = scene.rendered(203)!.midX
      let step = x - previous
      if k > 17 { #expect((step - previousStep).magnitude < 6, "k = \(k)") }
      previousStep = step
      previous = x
    }
    #expect(close(scene.rendered(203)!.midX, indicator[3].midX, 1e-3))
  }

  /// Pitfall 1 (both views rendered) and its fix: the grid card stays with `opacity(0)` and
  /// `isSource: !isSelected`; the detail is the source. Pitfall 3: two sources. Pitfall 4: the
  /// flight clipped by the list.
  @Test func pitfallsAreDiagnosed() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    let list = Container(id: 1, clipRect: Rect(x: 0, y: 100, width: 390, height: 400))
    let row = Rect(x: 16, y: 120, width: 80, height: 80)
    let full = Rect(x: 0, y: 0, width: 390, height: 300)
    scene.withoutAnimation(at: 0) {
      $0.setContainer(list)
      $0.insert(Element(id: 1, frame: row, container: 1).matchedGeometry(id: "product-image", in: ns))
    }
    // Fix from the article: hide the original and make it a non-source; the detail is the source.
    let ok = scene.withAnimation(.spring, at: 0.1) {
      $0.update(1) { e in
        e.opacity = 0
        e.matchedGeometry?.isSource = false
      }
      $0.insert(Element(id: 2, frame: full).matchedGeometry(id: "product-image", in: ns))
    }
    #expect(!ok.diagnostics.contains { if case .matchedMembersVisible = $0 { true } else { false } })
    #expect(scene.matchedSource(id: "product-image", in: ns) == 2)
    // The hidden card follows the flight inside the clipped list: reported with the list's clip.
    #expect(ok.diagnostics.contains(.flightLeavesClip(element: 1, clipRect: list.clipRect!)))
    scene.advance(to: 0.2)
    #expect(renderListIsValid(scene.renderList))
    let i = scene.renderList.index(of: 1)!
    #expect(scene.renderList.clipMaxY[i] == 500)

    // Wrong: both visible at once, and both sources → newest wins.
    let bad = scene.withAnimation(.spring, at: 0.3) {
      $0.update(1) { e in
        e.opacity = 1
        e.matchedGeometry?.isSource = true
      }
    }
    #expect(
      bad.diagnostics.contains(.matchedMembersVisible(namespace: ns, id: "product-image", elements: [1, 2])))
    #expect(
      bad.diagnostics.contains(
        .multipleSources(namespace: ns, id: "product-image", sources: [2, 1], chosen: 2)))
    #expect(scene.matchedSource(id: "product-image", in: ns) == 2)
    scene.advance(to: 0.4)
    #expect(renderListIsValid(scene.renderList))

    // No source at all: nobody is modified; each keeps its own frame.
    let none = scene.withoutAnimation(at: 0.5) {
      $0.update(1) { $0.matchedGeometry?.isSource = false }
      $0.update(2) { $0.matchedGeometry?.isSource = false }
    }
    #expect(none.diagnostics.contains(.noSource(namespace: ns, id: "product-image", members: [1, 2])))
    scene.advance(to: 5)
    #expect(scene.rendered(1) == row)
    #expect(scene.rendered(2) == full)
  }
}
