import Hooke
import HookeAnimation
import Testing
import _TestSupport

@testable import HookeScene

@Suite struct SceneBehaviourTests {
  /// A time beyond `Scene.maximumTime`, or +∞, is ignored like NaN instead of parking the clock in
  /// the far future: a later transaction at an ordinary time still animates to its model.
  @Test(arguments: [Double.infinity, 1e300, 2e9], [false, true])
  func farFutureTimesDoNotFreezeTheScene(time: Double, batch: Bool) {
    let scene = Scene.make(batch: batch)
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    }
    scene.advance(to: time)
    #expect(scene.currentTime == 0)
    scene.withAnimation(.default, at: 1) { $0.setFrame(1, Rect(x: 100, y: 0, width: 10, height: 10)) }
    for k in 61...300 { scene.advance(to: frameTime(Int64(k))) }
    #expect(
      scene.rendered(1) == Rect(x: 100, y: 0, width: 10, height: 10),
      "\(String(describing: scene.rendered(1)))")
    #expect(scene.currentTime == frameTime(300))
  }

  /// The render order is container z-index, then z-index, then insertion order, whether an
  /// insert lands at the end (appended without a re-sort) or before elements already drawn.
  @Test(arguments: [false, true]) func insertionsKeepTheRenderOrder(batch: Bool) {
    let scene = Scene.make(batch: batch)
    func insert(_ id: ElementID, z: Double, container: ContainerID = .root) {
      scene.withoutAnimation(at: 0) {
        var e = Element(id: id, frame: Rect(x: 0, y: 0, width: 10, height: 10), container: container)
        e.zIndex = z
        $0.insert(e)
      }
      scene.advance(to: 0)
    }
    scene.withoutAnimation(at: 0) { $0.setContainer(Container(id: 7, zIndex: -1)) }
    insert(1, z: 1)
    insert(2, z: 0)  // below 1: a re-sort
    insert(3, z: 1)  // ties with 1, newer: last
    insert(4, z: 0.5)  // between 2 and 1
    insert(5, z: 9, container: 7)  // a lower container: first
    insert(6, z: 1)  // appended
    #expect(scene.renderList.ids.map(\.rawValue) == [5, 2, 4, 1, 3, 6])
  }

  let box = Rect(x: 10, y: 20, width: 100, height: 50)

  @Test func transitionPhaseValues() {
    #expect(
      TransitionPhase.willAppear.value == -1 && TransitionPhase.identity.value == 0
        && TransitionPhase.didDisappear.value == 1)
    #expect(
      TransitionPhase.identity.isIdentity && !TransitionPhase.willAppear.isIdentity
        && !TransitionPhase.didDisappear.isIdentity)
  }

  /// Built-ins against SwiftUI's documented transition behaviour, phase by phase.
  @Test func builtInTransitionsFollowTheSpec() {
    let size = Size(width: 100, height: 50)
    func c(_ t: AnyTransition, _ p: TransitionPhase) -> TransitionContent {
      t.body(content: TransitionContent(size: size), phase: p)
    }
    #expect(
      c(.opacity, .willAppear).opacity == 0 && c(.opacity, .identity).opacity == 1
        && c(.opacity, .didDisappear).opacity == 0)
    #expect(c(.scale, .willAppear).scaleX == 1e-5 && c(.scale, .identity).scaleX == 1)
    #expect(c(.scale(0.5, anchor: .topLeading), .didDisappear).scaleAnchor == .topLeading)
    #expect(c(.offset(x: 3, y: 4), .willAppear).offset == Size(width: 3, height: 4))
    #expect(c(.offset(x: 3, y: 4), .didDisappear).offset == Size(width: 3, height: 4))
    #expect(c(.offset(x: 3, y: 4), .identity).offset == .zero)
    let edges: [(Edge, Size)] = [
      (.top, Size(width: 0, height: -50)), (.leading, Size(width: -100, height: 0)),
      (.bottom, Size(width: 0, height: 50)), (.trailing, Size(width: 100, height: 0)),
    ]
    for (edge, d) in edges {
      #expect(
        c(.move(edge: edge), .willAppear).offset == d && c(.move(edge: edge), .didDisappear).offset == d)
    }
    #expect(c(.slide, .willAppear).offset == Size(width: -100, height: 0))
    #expect(c(.slide, .didDisappear).offset == Size(width: 100, height: 0))
    #expect(c(.push(from: .top), .willAppear).offset == Size(width: 0, height: -50))
    #expect(c(.push(from: .top), .didDisappear).offset == Size(width: 0, height: 50))
    #expect(c(.push(from: .top), .didDisappear).opacity == 0 && c(.push(from: .top), .identity).opacity == 1)
    let br = c(.blurReplace, .willAppear)
    #expect(br.opacity == 0 && br.blurRadius == 7 && br.scaleX == 0.9)
    #expect(
      c(.blurReplace(.upUp), .didDisappear).scaleX == 1.1
        && c(.blurReplace(.downUp), .didDisappear).scaleX == 0.9)
    #expect(c(.blurReplace, .identity) == TransitionContent(size: size))
    #expect(AnyTransition.identity.isIdentity(at: .willAppear, size: size))
    let combined = AnyTransition.opacity.combined(with: .scale(0.5))
    #expect(c(combined, .willAppear).opacity == 0 && c(combined, .willAppear).scaleX == 0.5)
  }

  /// Removal keeps the element rendered until its transition completes; then it is gone and never
  /// comes back. Checked on random transactions (seeded): after every frame the render list
  /// holds exactly the elements the scene holds, each once.
  @Test func renderListMatchesTheSceneUnderRandomTransactions() {
    let seed: UInt64 = 0x5EED_5CE9E
    var rng = SplitMix64(seed: seed)
    let scene = Scene()
    let ns = scene.makeNamespace()
    var gone: Set<ElementID> = []
    let animations: [Animation?] = [nil, .spring, .easeInOut(duration: 0.3), .bouncy, .linear(duration: 0.2)]
    var k: Int64 = 0
    for round in 0..<60 {
      let anim = animations[Int(rng.next() % UInt64(animations.count))]
      let result = scene.withAnimation(anim, at: frameTime(k)) { tx in
        for _ in 0..<4 {
          let id = ElementID(Int(rng.next() % 24))
          let x = Double(rng.next() % 300)
          switch rng.next() % 3 {
          case 0:
            tx.insert(
              Element(id: id, frame: Rect(x: x, y: 10, width: 40, height: 40))
                .matchedGeometry(id: .int(Int(id.rawValue % 3)), in: ns, isSource: rng.next() % 2 == 0))
          case 1: tx.remove(id)
          default: tx.setFrame(id, Rect(x: x, y: 90, width: 30, height: 20))
          }
        }
      }
      for d in result.diagnostics {
        if case .invalidFrame = d { Issue.record("seed \(seed) round \(round): unexpected \(d)") }
      }
      for _ in 0..<Int(rng.next() % 20) {
        k += 1
        scene.advance(to: frameTime(k))
        let listed = Set(scene.renderList.ids)
        #expect(listed.count == scene.renderList.count, "seed \(seed) round \(round)")
        #expect(listed.count == scene.elementCount, "seed \(seed) round \(round)")
        for id in listed { #expect(scene.contains(id), "seed \(seed): \(id) rendered but not in the scene") }
        #expect(renderListIsValid(scene.renderList), "seed \(seed) round \(round)")
        for id in gone where listed.contains(id) && !scene.contains(id) {
          Issue.record("seed \(seed): removed \(id) rendered")
        }
        for id in 0..<24 where !scene.contains(ElementID(id)) { gone.insert(ElementID(id)) }
      }
    }
  }

  @Test func removalLifecycle() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { $0.insert(Element(id: 1, frame: box)) }
    scene.withAnimation(.linear(duration: 0.5), at: 1) { $0.remove(1) }
    #expect(scene.isRemoving(1))
    for k in Int64(60)...Int64(90) {
      scene.advance(to: frameTime(k))
      #expect(scene.rendered(1) != nil, "k = \(k)")  // still fading
    }
    scene.advance(to: frameTime(91))
    #expect(scene.rendered(1) == nil && !scene.contains(1))
    // Re-inserting during the removal revives it: the fade reverses from where it was.
    scene.withoutAnimation(at: 2) { $0.insert(Element(id: 2, frame: box)) }
    scene.withAnimation(.linear(duration: 1), at: 3) { $0.remove(2) }
    scene.advance(to: 3.5)
    let r = scene.withAnimation(.linear(duration: 1), at: 3.5) { $0.insert(Element(id: 2, frame: box)) }
    #expect(r.diagnostics.isEmpty && !scene.isRemoving(2))
    scene.advance(to: 3.5)
    #expect(close(scene.renderedOpacity(2)!, 0.5))
    scene.advance(to: 5)
    #expect(scene.renderedOpacity(2) == 1)
    // Identity transition: leaves at once even when animated.
    scene.withoutAnimation(at: 6) { $0.insert(Element(id: 3, frame: box).transition(.identity)) }
    scene.withAnimation(.spring, at: 6) { $0.remove(3) }
    #expect(!scene.contains(3))
  }

  /// Bad input (duplicate ids, non-finite or negative geometry, foreign or forged namespaces,
  /// unknown ids, backwards or NaN time): documented outcomes, no trap, no NaN, a valid frame after.
  @Test func badInputHasDocumentedOutcomes() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    let other = Scene()
    let foreign = other.makeNamespace()
    let forged = Namespace(sceneToken: scene.token, rawValue: 7)
    let r = scene.withAnimation(.spring, at: 0) { tx in
      tx.insert(Element(id: 1, frame: box))
      tx.insert(Element(id: 1, frame: box.offsetBy(dx: 5, dy: 0)))  // duplicate in one transaction
      tx.insert(Element(id: 2, frame: Rect(x: .nan, y: 0, width: 10, height: 10)))
      tx.insert(Element(id: 3, frame: Rect(x: 0, y: .infinity, width: 10, height: 10)))
      tx.insert(Element(id: 4, frame: Rect(x: 50, y: 50, width: -20, height: -10)))
      tx.insert(Element(id: 5, frame: box).matchedGeometry(id: "a", in: foreign))
      tx.insert(Element(id: 6, frame: box).matchedGeometry(id: "a", in: forged))
      tx.insert(
        Element(id: 7, frame: box).with {
          $0.opacity = .nan
          $0.rotation = .infinity
        })
      tx.insert(Element(id: 8, frame: box, container: 42))
      tx.remove(99)
      tx.update(98) { $0.opacity = 0 }
      tx.setFrame(1, Rect(x: .nan, y: 0, width: 1, height: 1))
    }
    #expect(
      r.diagnostics == [
        .duplicateElementID(1), .invalidFrame(2), .invalidFrame(3), .negativeSize(4),
        .namespaceFromAnotherScene(element: 5, namespace: foreign),
        .unknownNamespace(element: 6, namespace: forged),
        .invalidStyle(7), .unknownContainer(element: 8, container: 42), .unknownElement(99),
        .unknownElement(98),
        .invalidFrame(1),
      ])
    #expect(scene.element(1)?.frame == box)  // the first insertion wins, the NaN move is ignored
    #expect(scene.element(2)?.frame == .zero)
    #expect(scene.element(4)?.frame == Rect(x: 30, y: 40, width: 20, height: 10))
    #expect(scene.element(5)?.matchedGeometry == nil && scene.element(6)?.matchedGeometry == nil)
    #expect(scene.element(7)?.opacity == 1 && scene.element(7)?.rotation == 0)
    #expect(scene.element(8)?.container == .root)
    let twice = scene.withAnimation(.spring, at: 0.1) {
      $0.remove(1)
      $0.remove(1)
    }
    #expect(twice.diagnostics == [.alreadyRemoved(1)])
    for k in Int64(6)...Int64(120) {
      scene.advance(to: frameTime(k))
      #expect(renderListIsValid(scene.renderList))
    }
    // Time going backwards or NaN acts at the last time.
    scene.advance(to: .nan)
    scene.advance(to: -5)
    #expect(scene.currentTime == frameTime(120))
    // An unmatched namespace use never hangs; a matched id reused with a broken anchor is sanitised.
    let z = scene.withAnimation(.spring, at: 3) {
      $0.insert(
        Element(id: 20, frame: box).matchedGeometry(id: "b", in: ns, anchor: UnitPoint(x: .nan, y: 0)))
    }
    #expect(z.diagnostics == [.invalidStyle(20)])
    scene.advance(to: 3.1)
    #expect(renderListIsValid(scene.renderList))
  }

  /// A namespace used by two scenes: each scene reports the other's.
  @Test func namespaceAcrossScenes() {
    let a = Scene()
    let b = Scene()
    let nsA = a.makeNamespace()
    _ = b.makeNamespace()
    #expect(a.token != b.token)
    let r = b.withAnimation(.spring, at: 0) {
      $0.insert(Element(id: 1, frame: box).matchedGeometry(id: 1, in: nsA))
    }
    #expect(r.diagnostics == [.namespaceFromAnotherScene(element: 1, namespace: nsA)])
    b.advance(to: 0.5)
    #expect(b.rendered(1) == box)
  }

  /// A matched element moved with a spring then interrupted keeps position and velocity.
  @Test func ownFrameRetargetIsContinuous() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { $0.insert(Element(id: 1, frame: box)) }
    scene.withAnimation(.spring, at: 0) { $0.setFrame(1, box.offsetBy(dx: 200, dy: 0)) }
    scene.advance(to: 0.1)
    let p = scene.rendered(1)!
    let v = scene.frameVelocity(of: 1)!
    scene.withAnimation(.spring, at: 0.1) { $0.setFrame(1, box.offsetBy(dx: 0, dy: 300)) }
    scene.advance(to: 0.1)
    #expect(scene.rendered(1)! == p)
    #expect(scene.frameVelocity(of: 1)! == v)
    // Timing curves combine: position continuous, ends at the last target.
    scene.withAnimation(.easeInOut(duration: 0.3), at: 2) { $0.setFrame(1, box) }
    scene.advance(to: 2.1)
    let q = scene.rendered(1)!
    scene.withAnimation(.easeInOut(duration: 0.3), at: 2.1) { $0.setFrame(1, box.offsetBy(dx: 50, dy: 0)) }
    scene.advance(to: 2.1)
    #expect(scene.rendered(1)! == q)
    scene.advance(to: 3)
    #expect(scene.rendered(1)! == box.offsetBy(dx: 50, dy: 0))
  }

  @Test func layoutHelpers() {
    #expect(Layout.adaptiveColumnCount(width: 358, minimum: 150, spacing: 8) == 2)
    #expect(Layout.adaptiveColumnCount(width: 100, minimum: 150, spacing: 8) == 1)
    #expect(Layout.adaptiveColumnCount(width: .nan, minimum: -1, spacing: .infinity) == 1)
    let grid = Layout.adaptiveGrid(
      count: 3, in: Rect(x: 16, y: 0, width: 358, height: 800), minimumWidth: 150, rowHeight: 100, spacing: 8)
    #expect(
      grid == [
        Rect(x: 16, y: 0, width: 175, height: 100), Rect(x: 199, y: 0, width: 175, height: 100),
        Rect(x: 16, y: 108, width: 175, height: 100),
      ])
    #expect(
      Layout.verticalList(count: 2, in: Rect(x: 0, y: 10, width: 300, height: 500), rowHeight: 44, spacing: 1)
        == [Rect(x: 0, y: 10, width: 300, height: 44), Rect(x: 0, y: 55, width: 300, height: 44)])
    #expect(
      Layout.horizontalStack(count: 4, in: Rect(x: 0, y: 0, width: 400, height: 50))[3]
        == Rect(x: 300, y: 0, width: 100, height: 50))
    #expect(Layout.horizontalStack(count: -1, in: .zero).isEmpty)
    #expect(
      Layout.place(Size(width: 10, height: 10), in: Rect(x: 0, y: 0, width: 100, height: 100))
        == Rect(x: 45, y: 45, width: 10, height: 10))
    #expect(Layout.fullScreen(Rect(x: .nan, y: 0, width: 1, height: 1)) == .zero)
  }

  /// Huge but finite extents used to give NaN (0·∞ in the first cell) and ±∞ coordinates; every
  /// coordinate is now finite (clamped to ±Double.greatestFiniteMagnitude), and a non-finite
  /// anchor of `place` reads as the centre.
  @Test func layoutHelpersStayFiniteOnHugeInput() {
    let big = Double.greatestFiniteMagnitude
    let bounds = Rect(x: -big / 2, y: big / 2, width: big, height: big)
    func finite(_ rects: [Rect], _ label: String) {
      for (i, r) in rects.enumerated() {
        #expect(
          r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite,
          "\(label) cell \(i): \(r)")
      }
    }
    finite(Layout.verticalList(count: 3, in: bounds, rowHeight: big, spacing: big), "verticalList")
    finite(
      Layout.adaptiveGrid(count: 5, in: bounds, minimumWidth: big, rowHeight: big, spacing: big),
      "adaptiveGrid")
    finite(
      Layout.adaptiveGrid(count: 5, in: bounds, minimumWidth: 1, rowHeight: 1, spacing: 0),
      "adaptiveGrid wide")
    finite(Layout.horizontalStack(count: 4, in: bounds, spacing: big), "horizontalStack")
    finite(
      [Layout.place(Size(width: big, height: big), in: bounds, anchor: UnitPoint(x: .nan, y: .infinity))],
      "place")
    #expect(
      Layout.place(
        Size(width: 10, height: 10), in: Rect(x: 0, y: 0, width: 100, height: 100),
        anchor: UnitPoint(x: .nan, y: 0))
        == Rect(x: 45, y: 0, width: 10, height: 10))
  }

  /// `.position`-only members keep their own size; anchors place each member's own anchor point
  /// on the shared anchor point.
  @Test func positionOnlyAndAnchors() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    let src = Rect(x: 100, y: 100, width: 80, height: 40)
    let follower = Rect(x: 0, y: 0, width: 20, height: 20)
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: src).matchedGeometry(id: 1, in: ns, anchor: .topLeading))
      $0.insert(
        Element(id: 2, frame: follower).matchedGeometry(
          id: 1, in: ns, properties: .position, anchor: .bottomTrailing, isSource: false
        ).with { $0.opacity = 0 })
    }
    scene.advance(to: 0)
    #expect(scene.rendered(2) == Rect(x: 80, y: 80, width: 20, height: 20))
    #expect(scene.rendered(1) == src)
  }
}
