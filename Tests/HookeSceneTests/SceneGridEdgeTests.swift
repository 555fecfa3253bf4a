import Hooke
import HookeAnimation
import Testing
import _TestSupport

@testable import HookeScene

/// Edge cases of `ElementGrid` in a scene: render rows never stale, odd retarget sequences.
struct SceneGridEdgeTests {
  static func grid(_ count: Int, columns: Int, first: Int = 0, id: GridID = 0) -> ElementGrid {
    ElementGrid(
      id: id, firstElementID: ElementID(first), count: count, columns: columns,
      bounds: Rect(x: 0, y: 0, width: 390, height: 0), rowHeight: 60)
  }

  static let exact = Animation(
    FluidSpringAnimation(response: 0.5, dampingFraction: 0.8, blendDuration: 0, model: .exact))

  /// Every card's render row equals the motion engine's presented frame (independent of the
  /// row cache: `frame(of:)` recomputes from the state).
  static func rowsMatchMotion(_ scene: Scene, _ g: GridID = 0) -> Bool {
    guard let gi = scene._gridIndex[g] else { return false }
    let grid = scene._grids[gi].grid
    let list = scene.renderList
    for i in 0..<grid.count {
      guard let r = list.index(of: grid.elementID(ofCard: i)), let f = scene._grids[gi].motion.frame(of: i)
      else { return false }
      if list.frame(at: r) != f { return false }
    }
    return true
  }

  @Test("two layout changes before a frame while the width animates leave no stale width rows")
  func twoRetargetsBeforeAFrameRewriteTheWidth() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(6, columns: 2)) }
    scene.advance(to: 0)
    // The width animates from the 2-column to the 3-column cell.
    scene.withAnimation(Self.exact, at: 0) { $0.updateGrid(0) { $0.columns = 3 } }
    scene.advance(to: 0.05)
    let written = scene.renderList.width[0]
    // Two origin-only changes at a later time, then a frame at that time: the cell width target
    // is unchanged, the presented width moved on since the last frame.
    scene.withAnimation(Self.exact, at: 0.1) { $0.updateGrid(0) { $0.bounds.origin.x = 10 } }
    scene.withAnimation(Self.exact, at: 0.1) { $0.updateGrid(0) { $0.bounds.origin.y = 10 } }
    scene.advance(to: 0.1)
    let presented = scene._grids[0].motion.frame(of: 0)!.width
    #expect(presented != written, "the test needs the width to have moved")
    for i in 0..<6 { #expect(scene.renderList.width[i] == presented, "card \(i)") }
    #expect(Self.rowsMatchMotion(scene))
  }

  @Test("a grid with negative first ids (element and matched) is accepted, not a trap")
  func negativeFirstIDs() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    let r = scene.withoutAnimation(at: 0) {
      $0.insertGrid(Self.grid(3, columns: 2, first: -2).matchedGeometry(in: ns, firstID: -1))
    }
    #expect(r.diagnostics.isEmpty)
    scene.advance(to: 0)
    #expect(scene.renderList.ids == [-2, -1, 0].map { ElementID($0) })
    #expect(scene.contains(ElementID(0)) && !scene.contains(ElementID(1)) && !scene.contains(ElementID(-3)))
    #expect(scene.matchedSource(id: .int(1), in: ns) == ElementID(0))
    #expect(scene.matchedSource(id: .int(-1), in: ns) == ElementID(-2))
  }

  @Test("a grid whose first id is Int.min keeps all its cards")
  func firstIDIntMin() {
    let scene = Scene()
    let r = scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(4, columns: 3, first: .min)) }
    #expect(r.diagnostics.isEmpty)
    scene.advance(to: 0)
    #expect(scene.renderList.count == 4)
    #expect(scene.renderList.ids.last == ElementID(Int.min + 3))
  }

  @Test("a layout change while the grid fades out keeps fading it out (the fade is not reversed)")
  func updateWhileRemoving() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(4, columns: 2)) }
    scene.advance(to: 0)
    scene.withAnimation(.linear(duration: 0.5), at: 0) { $0.removeGrid(0) }
    scene.advance(to: 0.25)
    #expect(close(scene.renderedOpacity(0)!, 0.5))
    scene.withAnimation(.linear(duration: 0.5), at: 0.25) { $0.updateGrid(0) { $0.columns = 4 } }
    scene.advance(to: 0.375)
    #expect(close(scene.renderedOpacity(0)!, 0.25), "the fade continues")
    #expect(scene.isRemoving(0))
    scene.advance(to: 0.6)
    #expect(scene.elementCount == 0 && scene.renderList.count == 0)
  }

  /// Every render row is where an independent walk of the scene says it is: the grids' cards at
  /// their motion frames with their grid's style entry, each dimming row right before its
  /// destination, no row twice.
  static func consistent(_ scene: Scene) -> Bool {
    let list = scene.renderList
    guard renderListIsValid(list) else { return false }
    for gi in scene._grids.indices where scene._grids[gi].live {
      let grid = scene._grids[gi].grid
      for i in 0..<grid.count {
        guard let r = list.index(of: grid.elementID(ofCard: i)) else { return false }
        if list.frame(at: r) != scene._grids[gi].motion.frame(of: i)! { return false }
        if list.style(at: r).opacity
          != RenderList.Style(
            opacity: scene._grids[gi].opacity.value, rotation: 0, cornerRadius: 0, blurRadius: 0, clip: nil
          ).opacity
        {
          return false
        }
      }
    }
    return list.count == scene.elementCount + (0..<list.count).filter { list.kinds[$0] == .dimming }.count
  }

  @Test(
    "grids around a zoom destination's dimming row, on two threads with small chunks: rows always consistent")
  func gridsAndDimmingRows() {
    for threads in [1, 2] {
      let scene = Scene(threads: threads)
      scene._fast!.chunk = 3
      let ns = scene.makeNamespace()
      scene.withoutAnimation(at: 0) { tx in
        tx.insertGrid(Self.grid(7, columns: 3, first: 1000, id: 1))
        for i in 0..<4 {
          tx.insert(
            Element(id: ElementID(i), frame: Rect(x: 0, y: Double(i) * 50, width: 100, height: 44))
              .matchedTransitionSource(id: .int(i), in: ns))
        }
        var top = Self.grid(9, columns: 2, first: 2000, id: 2)
        top.zIndex = 10
        tx.insertGrid(top)
      }
      scene.advance(to: 0)
      #expect(Self.consistent(scene), "threads \(threads)")
      scene.withAnimation(.smooth, at: 0.1) {
        $0.insert(
          Element(id: 100, frame: Rect(x: 0, y: 0, width: 390, height: 844)).navigationTransition(
            .zoom(sourceID: 2, in: ns)
          ).with { $0.zIndex = 5 })
        $0.updateGrid(2) { $0.columns = 3 }
      }
      for k in 7...40 {
        let t = frameTime(Int64(k))
        if k == 15 {
          #expect(scene.renderList.index(of: 100, kind: .dimming) != nil, "the test needs a dimming row")
        }
        if k == 20 {
          scene.withAnimation(.smooth, at: t) {
            $0.remove(100)
            $0.updateGrid(1) { $0.columns = 1 }
          }
        }
        if k == 30 { scene.withAnimation(.smooth, at: t) { $0.remove(1) } }
        scene.advance(to: t)
        #expect(Self.consistent(scene), "threads \(threads), frame \(k)")
      }
      for k in 41...400 { scene.advance(to: frameTime(Int64(k))) }
      #expect(Self.consistent(scene), "threads \(threads) at rest")
      #expect(scene.renderList.index(of: 100, kind: .dimming) == nil)
    }
  }

  @Test("finite but huge spacing, row height or origin never puts a non-finite value in the render list")
  func hugeFiniteLayout() {
    var cases: [ElementGrid] = []
    var a = Self.grid(9, columns: 3)
    a.spacing = 1e308
    cases.append(a)
    var b = Self.grid(9, columns: 3)
    b.rowHeight = 1e308
    cases.append(b)
    var c = Self.grid(9, columns: 3)
    c.bounds = Rect(x: 1e308, y: -1e308, width: 1e308, height: 0)
    c.rowHeight = 1e308
    cases.append(c)
    for (n, grid) in cases.enumerated() {
      let scene = Scene()
      let r = scene.withoutAnimation(at: 0) { $0.insertGrid(grid) }
      #expect(r.diagnostics == [.invalidGrid(0)], "case \(n)")
      scene.advance(to: 0)
      #expect(scene.renderList.count == 9 && renderListIsValid(scene.renderList), "case \(n)")
      for i in 0..<9 {
        let f = scene.element(ElementID(i))!.frame
        #expect(
          f.minX.isFinite && f.minY.isFinite && f.width.isFinite && f.height.isFinite, "case \(n), card \(i)")
      }
      // Animated back to an ordinary layout and forth: still finite every frame.
      scene.withAnimation(Self.exact, at: 0) { $0.updateGrid(0) { $0 = Self.grid(9, columns: 3) } }
      scene.advance(to: 0.1)
      #expect(renderListIsValid(scene.renderList), "case \(n) animated")
      scene.withAnimation(Self.exact, at: 0.1) { $0.updateGrid(0) { $0 = grid } }
      scene.advance(to: 0.2)
      #expect(renderListIsValid(scene.renderList), "case \(n) animated back")
    }
  }

  @Test(
    "render order follows every z change of grids, elements and containers; a clipped container's grid carries its clip"
  )
  func renderOrderAfterZChanges() {
    for fast in [false, true] {
      let scene = Scene.make(batch: fast)
      let clip = Rect(x: 10, y: 20, width: 100, height: 50)
      scene.withoutAnimation(at: 0) { tx in
        tx.setContainer(Container(id: 7, clipRect: clip, zIndex: 5))
        tx.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))  // A
        var g1 = Self.grid(2, columns: 2, first: 100, id: 1)
        g1.zIndex = 1
        tx.insertGrid(g1)
        tx.insert(Element(id: 2, frame: Rect(x: 0, y: 0, width: 10, height: 10)).with { $0.zIndex = 2 })  // B
        tx.insertGrid(
          ElementGrid(
            id: 2, firstElementID: 200, count: 3, columns: 1, bounds: Rect(x: 0, y: 0, width: 50, height: 0),
            rowHeight: 10, container: 7))
      }
      func ids() -> [Int] { scene.renderList.ids.map(\.rawValue) }
      scene.advance(to: 0)
      #expect(ids() == [1, 100, 101, 2, 200, 201, 202], "fast \(fast)")
      let i = scene.renderList.index(of: 201)!
      #expect(
        scene.renderList.clipMinX[i] == 10 && scene.renderList.clipMaxY[i] == 70
          && scene.renderList.clipMaxX[0] == .infinity)
      scene.withoutAnimation(at: 0.1) { $0.updateGrid(1) { $0.zIndex = 3 } }
      scene.advance(to: 0.1)
      #expect(ids() == [1, 2, 100, 101, 200, 201, 202], "fast \(fast)")
      scene.withoutAnimation(at: 0.2) { $0.setContainer(Container(id: 7, clipRect: nil, zIndex: -1)) }
      scene.advance(to: 0.2)
      #expect(ids() == [200, 201, 202, 1, 2, 100, 101], "fast \(fast)")
      #expect(scene.renderList.clipMinX[0] == -.infinity)
      scene.withoutAnimation(at: 0.3) { $0.update(1) { $0.zIndex = 10 } }
      scene.advance(to: 0.3)
      #expect(ids() == [200, 201, 202, 2, 100, 101, 1], "fast \(fast)")
      scene.withoutAnimation(at: 0.4) {
        $0.remove(2)
        $0.updateGrid(2) {
          $0.container = .root
          $0.zIndex = 4
        }
      }
      scene.advance(to: 0.4)
      #expect(ids() == [100, 101, 200, 201, 202, 1], "fast \(fast)")
      #expect(renderListIsValid(scene.renderList))
      #expect(Self.rowsMatchMotion(scene, 1) && Self.rowsMatchMotion(scene, 2))
    }
  }

  @Test("a grid with no cards, and one with a single column, beside elements")
  func emptyAndSingleColumn() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { tx in
      tx.insertGrid(Self.grid(0, columns: 3, first: 50, id: 1))
      tx.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
      tx.insertGrid(Self.grid(5, columns: 1, first: 60, id: 2))
    }
    scene.advance(to: 0)
    #expect(scene.renderList.ids.map(\.rawValue) == [1, 60, 61, 62, 63, 64])
    scene.withAnimation(Self.exact, at: 0) {
      $0.updateGrid(1) { $0.columns = 1 }
      $0.updateGrid(2) { $0.columns = 2 }
    }
    for k in 1...60 {
      scene.advance(to: Double(k) / 60)
      #expect(Self.rowsMatchMotion(scene, 2) && renderListIsValid(scene.renderList), "frame \(k)")
    }
    scene.advance(to: 3)
    #expect(scene.rendered(63) == SceneGridTests.cell(3, columns: 2, width: 390, row: 60))
    scene.withAnimation(Self.exact, at: 3) { $0.removeGrid(1) }
    scene.advance(to: 5)
    #expect(scene.gridIDs == [2] && scene.renderList.count == 6)
  }

  @Test("a grid re-inserted while it fades out fades back in from where it is and takes the new layout")
  func reviveWhileFading() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(4, columns: 2)) }
    scene.advance(to: 0)
    scene.withAnimation(.linear(duration: 0.5), at: 0) { $0.removeGrid(0) }
    scene.advance(to: 0.25)
    let r = scene.withAnimation(.linear(duration: 0.5), at: 0.25) { $0.insertGrid(Self.grid(4, columns: 4)) }
    #expect(r.diagnostics.isEmpty)
    #expect(!scene.isRemoving(0) && scene.gridIDs == [0])
    // SwiftUI's additive retarget: the fade (−1 over 0.5 s from 0) plus the new +1 over 0.5 s
    // from 0.25: 1 − 0.5 at 0.5, 1 − 0.25 at 0.625.
    scene.advance(to: 0.5)
    #expect(close(scene.renderedOpacity(0)!, 0.5))
    scene.advance(to: 0.625)
    #expect(close(scene.renderedOpacity(0)!, 0.75))
    scene.advance(to: 2)
    #expect(scene.renderedOpacity(0) == 1 && scene.elementCount == 4)
    for i in 0..<4 { #expect(scene.rendered(ElementID(i)) == SceneGridTests.cell(i, columns: 4)) }
    // Changed cards on revival are reported and kept.
    scene.withAnimation(.linear(duration: 0.5), at: 2) { $0.removeGrid(0) }
    let bad = scene.withAnimation(.linear(duration: 0.5), at: 2.1) {
      $0.insertGrid(Self.grid(9, columns: 4, first: 5))
    }
    #expect(bad.diagnostics == [.invalidGrid(0)])
    scene.advance(to: 3)
    #expect(scene.elementCount == 4 && scene.renderList.ids.map(\.rawValue) == [0, 1, 2, 3])
    // After eviction the id is new again.
    scene.withoutAnimation(at: 3) { $0.removeGrid(0) }
    let again = scene.withoutAnimation(at: 3) { $0.insertGrid(Self.grid(2, columns: 1, first: 10)) }
    #expect(again.diagnostics.isEmpty)
    scene.advance(to: 3)
    #expect(scene.renderList.ids.map(\.rawValue) == [10, 11] && Self.rowsMatchMotion(scene))
  }

  @Test("degenerate animations (NaN, zero or negative parameters) never put NaN in the rows and settle")
  func degenerateAnimations() {
    var animations: [Animation] = []
    for model in [SpringAnimationModel.swiftUI, .exact] {
      for (r, d) in [
        (Double.nan, 0.8), (0.5, .nan), (0, 1), (-1, 1), (0.5, -0.5), (1e-9, 1), (1e9, 1), (.infinity, 0),
      ] {
        animations.append(
          Animation(FluidSpringAnimation(response: r, dampingFraction: d, blendDuration: 0, model: model)))
      }
    }
    animations += [
      .linear(duration: .nan), .linear(duration: -1), .linear(duration: 0), .easeInOut(duration: 1e300),
      .linear(duration: .infinity),
    ]
    for (n, animation) in animations.enumerated() {
      let scene = Scene()
      scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(5, columns: 2)) }
      scene.advance(to: 0)
      scene.withAnimation(animation, at: 0) {
        $0.updateGrid(0) {
          $0.columns = 3
          $0.rowHeight = 40
        }
      }
      for k in 1...30 {
        scene.advance(to: Double(k) / 60)
        #expect(
          renderListIsValid(scene.renderList) && Self.rowsMatchMotion(scene), "animation \(n), frame \(k)")
        for i in 0..<5 {
          let v = scene.frameVelocity(of: ElementID(i))!
          #expect(
            v[0].isFinite && v[1].isFinite && v[2].isFinite && v[3].isFinite, "animation \(n), card \(i)")
        }
      }
      // Interrupt mid-flight with another degenerate animation, then a jump.
      scene.withAnimation(animation, at: 0.5) { $0.updateGrid(0) { $0.columns = 1 } }
      scene.advance(to: 0.6)
      #expect(renderListIsValid(scene.renderList), "animation \(n) interrupted")
      scene.withoutAnimation(at: 0.7) { $0.updateGrid(0) { $0.columns = 2 } }
      scene.advance(to: 0.7)
      for i in 0..<5 {
        var want = SceneGridTests.cell(i, columns: 2)
        want.size.height = 40
        want.origin.y = Double(i / 2) * 48
        #expect(scene.rendered(ElementID(i)) == want, "animation \(n), card \(i) after the jump")
      }
    }
  }

  @Test("a grid transaction at a time before the last frame applies at the last frame's time")
  func transactionInThePast() {
    func run(_ at: Double) -> [Rect] {
      let scene = Scene()
      scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(5, columns: 2)) }
      scene.advance(to: 0)
      scene.withAnimation(Self.exact, at: 0) { $0.updateGrid(0) { $0.columns = 3 } }
      scene.advance(to: 0.25)
      scene.withAnimation(.linear(duration: 0.3), at: at) { $0.updateGrid(0) { $0.columns = 1 } }
      var frames: [Rect] = []
      for k in 16...40 {
        scene.advance(to: Double(k) / 60)
        frames += (0..<5).map { scene.rendered(ElementID($0))! }
      }
      return frames
    }
    #expect(run(0.1) == run(0.25))
    #expect(run(-.infinity) == run(0.25) && run(.nan) == run(0.25))
  }

  @Test("a grid above ElementGrid.maximumCount cards is refused with a diagnostic, not allocated")
  func oversizedGridIsRefused() {
    let scene = Scene()
    for count in [ElementGrid.maximumCount + 1, Int.max] {
      let result = scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(count, columns: 3)) }
      #expect(
        result.diagnostics == [.gridTooLarge(grid: 0, count: count, limit: 1 << 24)], "\(result.diagnostics)")
      #expect(scene.elementCount == 0 && !scene.contains(ElementID(0)))
    }
    // The limit itself is a valid count (checked without inserting 16 million cards).
    #expect(ElementGrid.maximumCount == 16_777_216)
  }

  @Test("ids near Int.max: the count shrinks so card ids stay below Int.max, reported; neighbours are free")
  func idsNearIntMax() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    let r = scene.withoutAnimation(at: 0) { tx in
      tx.insertGrid(Self.grid(5, columns: 2, first: Int.max - 3))
      tx.insertGrid(Self.grid(5, columns: 2, first: 0, id: 1).matchedGeometry(in: ns, firstID: Int.max - 1))
      tx.insert(Element(id: ElementID(Int.max), frame: .zero))
    }
    #expect(r.diagnostics == [.invalidGrid(0), .invalidGrid(1)])
    #expect(scene.grid(0)?.count == 3 && scene.grid(1)?.count == 1)
    scene.advance(to: 0)
    #expect(scene.renderList.ids.map(\.rawValue) == [Int.max - 3, Int.max - 2, Int.max - 1, 0, Int.max])
    #expect(scene.contains(ElementID(Int.max - 1)) && scene.element(ElementID(Int.max))?.frame == .zero)
    #expect(
      scene.matchedSource(id: .int(Int.max - 1), in: ns) == ElementID(0)
        && scene.matchedSource(id: .int(Int.max), in: ns) == nil)
    #expect(renderListIsValid(scene.renderList))
  }
}
