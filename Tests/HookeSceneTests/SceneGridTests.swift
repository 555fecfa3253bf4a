import Hooke
import HookeAnimation
import Testing
import _TestSupport

@testable import HookeScene

/// `ElementGrid` in a scene: layout, animation against independent references, render order,
/// diagnostics, removal, queries and thread invariance.
struct SceneGridTests {
  /// The layout formula of `ElementGrid`'s documentation, written out independently.
  static func cell(
    _ i: Int, columns: Int, x0: Double = 0, y0: Double = 0, width: Double = 390, row: Double = 60,
    spacing: Double = 8
  ) -> Rect {
    let w = (width - Double(columns - 1) * spacing) / Double(columns)
    return Rect(
      x: x0 + Double(i % columns) * (w + spacing), y: y0 + Double(i / columns) * (row + spacing), width: w,
      height: row)
  }

  static func grid(_ count: Int, columns: Int, first: Int = 0, id: GridID = 0) -> ElementGrid {
    ElementGrid(
      id: id, firstElementID: ElementID(first), count: count, columns: columns,
      bounds: Rect(x: 0, y: 0, width: 390, height: 0), rowHeight: 60)
  }

  static let exact = Animation(
    FluidSpringAnimation(response: 0.5, dampingFraction: 0.8, blendDuration: 0, model: .exact))

  @Test("an unanimated grid renders one row per card at its cell, sharing one style entry")
  func layout() {
    let scene = Scene()
    let r = scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(10, columns: 4, first: 100)) }
    #expect(r.diagnostics.isEmpty)
    scene.advance(to: 0)
    let list = scene.renderList
    #expect(list.count == 10)
    #expect(scene.elementCount == 10)
    for i in 0..<10 {
      #expect(list.ids[i] == ElementID(100 + i))
      #expect(list.frame(at: i) == Self.cell(i, columns: 4), "card \(i)")
      #expect(list.opacity[i] == 1 && list.clipMaxX[i] == .infinity)
    }
    #expect(Set(list.styleIndices).count == 1)
    #expect(scene.contains(105) && !scene.contains(110) && !scene.contains(99))
    #expect(scene.element(103)?.frame == Self.cell(3, columns: 4))
    #expect(renderListIsValid(list))
  }

  @Test(
    "a reflow with an exact spring follows the closed-form spring per card and settles exactly on the new cells"
  )
  func exactSpringReflow() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(9, columns: 4)) }
    scene.advance(to: 0)
    let spring = Spring(response: 0.5, dampingRatio: 0.8)
    scene.withAnimation(Self.exact, at: 0) { $0.updateGrid(0) { $0.columns = 6 } }
    for k in 1...90 {
      let t = Double(k) / 120
      scene.advance(to: t)
      for i in 0..<9 {
        let from = Self.cell(i, columns: 4)
        let to = Self.cell(i, columns: 6)
        func ref(_ a: Double, _ b: Double) -> Double { a + spring.value(target: b - a, time: t) }
        // Within 1e-9 of the closed form, or snapped onto the target by the 1/64-point rest rule.
        func matches(_ got: Double, _ want: Double, _ target: Double) -> Bool {
          close(got, want, 1e-9) || (got == target && (want - target).magnitude <= 1.0 / 64)
        }
        let got = scene.rendered(ElementID(i))!
        let ok =
          matches(got.minX, ref(from.minX, to.minX), to.minX)
          && matches(got.minY, ref(from.minY, to.minY), to.minY)
          && matches(got.width, ref(from.width, to.width), to.width) && got.height == 60
        #expect(ok, "t = \(t), card \(i): \(got)")
      }
    }
    scene.advance(to: 3)
    #expect(scene.gridActiveChannelCount == 0)
    for i in 0..<9 {
      #expect(scene.rendered(ElementID(i)) == Self.cell(i, columns: 6), "card \(i) settles bit-exactly")
    }
  }

  @Test("an interrupted reflow keeps each card's position and velocity (retarget is a shift)")
  func interruptedReflowIsContinuous() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(7, columns: 3)) }
    scene.advance(to: 0)
    scene.withAnimation(Self.exact, at: 0) { $0.updateGrid(0) { $0.columns = 5 } }
    scene.advance(to: 0.1)
    let before = (0..<7).map { scene.rendered(ElementID($0))! }
    let velocity = (0..<7).map { scene.frameVelocity(of: ElementID($0))! }
    // Interrupt at the frame time, then compare with the scalar spring started from that state.
    scene.withAnimation(Self.exact, at: 0.1) { $0.updateGrid(0) { $0.columns = 2 } }
    let spring = Spring(response: 0.5, dampingRatio: 0.8)
    scene.advance(to: 0.1)
    for i in 0..<7 { #expect(close(scene.rendered(ElementID(i))!, before[i], 1e-12), "card \(i)") }
    scene.advance(to: 0.3)
    for i in 0..<7 {
      let to = Self.cell(i, columns: 2)
      let x =
        before[i].minX
        + spring.value(target: to.minX - before[i].minX, initialVelocity: velocity[i][0], time: 0.2)
      let y =
        before[i].minY
        + spring.value(target: to.minY - before[i].minY, initialVelocity: velocity[i][1], time: 0.2)
      let got = scene.rendered(ElementID(i))!
      #expect(close(got.minX, x, 1e-9) && close(got.minY, y, 1e-9), "card \(i): \(got) vs (\(x), \(y))")
    }
  }

  @Test("grids and elements share the render order: container z-index, then z-index, then insertion")
  func renderOrder() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { tx in
      tx.setContainer(Container(id: 1, clipRect: Rect(x: 0, y: 0, width: 100, height: 100), zIndex: 1))
      tx.insert(Element(id: 1000, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
      tx.insertGrid(Self.grid(3, columns: 3))
      tx.insert(Element(id: 1001, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
      var top = Self.grid(2, columns: 2, first: 50, id: 1)
      top.container = 1
      tx.insertGrid(top)
      tx.insert(Element(id: 1002, frame: Rect(x: 0, y: 0, width: 10, height: 10)).with { $0.zIndex = -1 })
    }
    scene.advance(to: 0)
    #expect(scene.renderList.ids == [1002, 1000, 0, 1, 2, 1001, 50, 51])
    #expect(scene.renderList.clipMaxX[6] == 100 && scene.renderList.clipMaxX[0] == .infinity)
    // Removing an element before the grid moves the grid's rows; they stay correct.
    scene.withoutAnimation(at: 0.1) { $0.remove(1000) }
    scene.advance(to: 0.1)
    #expect(scene.renderList.ids == [1002, 0, 1, 2, 1001, 50, 51])
    for i in 0..<3 { #expect(scene.rendered(ElementID(i)) == Self.cell(i, columns: 3)) }
    #expect(renderListIsValid(scene.renderList))
  }

  @Test("bad grids and conflicting ids are reported with their documented outcome")
  func diagnostics() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    scene.withoutAnimation(at: 0) { $0.insert(Element(id: 5, frame: .zero)) }
    var r = scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(10, columns: 2)) }
    #expect(r.diagnostics == [.duplicateElementID(5)])
    #expect(scene.grid(0) == nil)
    var bad = Self.grid(-3, columns: 0, first: 10)
    bad.rowHeight = .nan
    bad.bounds = Rect(x: .infinity, y: 0, width: 1, height: 1)
    r = scene.withoutAnimation(at: 0) { $0.insertGrid(bad) }
    #expect(r.diagnostics == [.invalidGrid(0)])
    #expect(scene.grid(0)?.count == 0 && scene.grid(0)?.columns == 1 && scene.grid(0)?.rowHeight == 0)
    r = scene.withoutAnimation(at: 0) {
      $0.insertGrid(Self.grid(4, columns: 2, first: 20, id: 1).matchedGeometry(in: ns, firstID: 7))
    }
    #expect(r.diagnostics.isEmpty)
    r = scene.withoutAnimation(at: 0) { tx in
      tx.insertGrid(Self.grid(1, columns: 1, first: 30, id: 1))
      tx.insert(Element(id: 21, frame: .zero))
      tx.insert(Element(id: 40, frame: .zero).matchedGeometry(id: .int(8), in: ns))
      tx.updateGrid(9) { $0.columns = 3 }
      tx.removeGrid(9)
      tx.updateGrid(1) { $0.count = 99 }
    }
    #expect(
      r.diagnostics == [
        .duplicateGridID(1), .duplicateElementID(21), .matchedIDOwnedByGrid(element: 40, grid: 1),
        .unknownGrid(9), .unknownGrid(9),
        .invalidGrid(1),
      ])
    #expect(scene.grid(1)?.count == 4)
    #expect(scene.element(40)?.matchedGeometry == nil)
    #expect(scene.matchedSource(id: .int(8), in: ns) == 21)
    r = scene.withAnimation(.linear(duration: 0.2).delay(0.1), at: 0) { $0.updateGrid(1) { $0.columns = 4 } }
    #expect(r.diagnostics == [.gridAnimationUnsupported(1)])
    // Frame by frame: SwiftUI's integrator stalls on a jump of more than 1 s (it catches up 1/60 s).
    for k in 1...240 { scene.advance(to: Double(k) / 60) }
    #expect(renderListIsValid(scene.renderList))
    #expect(scene.rendered(23) == Self.cell(3, columns: 4, x0: 0))
  }

  @Test("an animated removal fades the grid out, then its cards leave; an unanimated one is immediate")
  func removal() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { tx in
      tx.insertGrid(Self.grid(4, columns: 2))
      tx.insertGrid(Self.grid(2, columns: 2, first: 10, id: 1))
    }
    scene.advance(to: 0)
    scene.withAnimation(.linear(duration: 0.5), at: 0) { $0.removeGrid(0) }
    scene.advance(to: 0.25)
    #expect(close(scene.renderedOpacity(0)!, 0.5))
    #expect(scene.isRemoving(2) && scene.elementCount == 6)
    scene.withoutAnimation(at: 0.25) { $0.removeGrid(1) }
    #expect(scene.elementCount == 4)
    scene.advance(to: 0.6)
    #expect(scene.elementCount == 0 && scene.renderList.count == 0)
    // The ids are free again.
    let r = scene.withoutAnimation(at: 0.6) { $0.insert(Element(id: 1, frame: .zero)) }
    #expect(r.diagnostics.isEmpty)
  }

  @Test("matched queries, velocities and shared frames answer for cards")
  func queries() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(6, columns: 3).matchedGeometry(in: ns)) }
    scene.advance(to: 0)
    #expect(scene.matchedSource(id: .int(4), in: ns) == 4)
    #expect(scene.matchedSource(id: .int(6), in: ns) == nil)
    let f = Self.cell(4, columns: 3)
    #expect(
      scene.sharedFrame(id: .int(4), in: ns)
        == MatchedGeometryFrame(anchorPosition: Point(x: f.midX, y: f.midY), size: f.size))
    #expect(scene.frameVelocity(of: 4) == SIMD4(0, 0, 0, 0))
    scene.withAnimation(Self.exact, at: 0) { $0.updateGrid(0) { $0.columns = 2 } }
    scene.advance(to: 0.05)
    let v = scene.frameVelocity(of: 4)!
    #expect(v[0] != 0 && v[1] != 0 && v[2] != 0 && v[3] == 0)
  }

  @Test(
    "rows are bit-identical for 1 and 3 workers with small chunks, through reflows and springs of both models"
  )
  func threadInvariance() {
    func run(_ threads: Int) -> [[UInt64]] {
      let scene = Scene(threads: threads)
      scene._fast?.chunk = 7
      scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(100, columns: 4)) }
      var frames: [[UInt64]] = []
      for k in 0...60 {
        let t = Double(k) / 60
        if k % 15 == 0 && k > 0 {
          let c = [4, 6, 3, 5][(k / 15) % 4]
          let a: Animation = k % 30 == 0 ? Self.exact : .spring(response: 0.5, dampingFraction: 0.825)
          scene.withAnimation(a, at: t) { $0.updateGrid(0) { $0.columns = c } }
        }
        scene.advance(to: t)
        let l = scene.renderList
        frames.append(l.x.map(\.bitPattern) + l.y.map(\.bitPattern) + l.width.map(\.bitPattern))
      }
      return frames
    }
    #expect(run(1) == run(3))
  }

  @Test("without the fast path a grid renders the same bits on the calling thread")
  func withoutFastPath() {
    func run(_ fast: Bool) -> [UInt64] {
      let scene = Scene.make(batch: fast)
      scene.withoutAnimation(at: 0) { $0.insertGrid(Self.grid(50, columns: 4)) }
      var bits: [UInt64] = []
      for k in 0...40 {
        let t = Double(k) / 60
        if k == 5 {
          scene.withAnimation(.spring(response: 0.4, dampingFraction: 0.7), at: t) {
            $0.updateGrid(0) { $0.columns = 7 }
          }
        }
        if k == 20 {
          scene.withAnimation(.easeInOut(duration: 0.3), at: t) { $0.updateGrid(0) { $0.spacing = 2 } }
        }
        scene.advance(to: t)
        bits +=
          scene.renderList.x.map(\.bitPattern) + scene.renderList.y.map(\.bitPattern)
          + scene.renderList.width.map(\.bitPattern)
      }
      return bits
    }
    #expect(run(false) == run(true))
  }

  @Test("a grid whose matched ids are already in use is inserted unmatched and reported")
  func matchedIDsInUse() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    let other = scene.makeNamespace()
    scene.withoutAnimation(at: 0) { tx in
      tx.insertGrid(Self.grid(10, columns: 2).matchedGeometry(in: ns, firstID: 100))
      tx.insert(Element(id: 500, frame: .zero).matchedGeometry(id: .int(7), in: ns))
    }
    let r = scene.withoutAnimation(at: 0) { tx in
      // Grid 1 overlaps 105…109; grid 2 covers element 500's group 7; grid 3 is in another
      // namespace; grid 4 is adjacent and free.
      tx.insertGrid(Self.grid(5, columns: 2, first: 20, id: 1).matchedGeometry(in: ns, firstID: 105))
      tx.insertGrid(Self.grid(5, columns: 2, first: 30, id: 2).matchedGeometry(in: ns, firstID: 5))
      tx.insertGrid(Self.grid(5, columns: 2, first: 40, id: 3).matchedGeometry(in: other, firstID: 105))
      tx.insertGrid(Self.grid(5, columns: 2, first: 50, id: 4).matchedGeometry(in: ns, firstID: 110))
    }
    #expect(
      r.diagnostics == [
        .gridMatchedIDInUse(grid: 1, id: .int(105)), .gridMatchedIDInUse(grid: 2, id: .int(7)),
      ])
    #expect(scene.grid(1)?.matchedNamespace == nil && scene.grid(2)?.matchedNamespace == nil)
    #expect(scene.grid(3)?.matchedNamespace == other && scene.grid(4)?.matchedNamespace == ns)
    #expect(scene.matchedSource(id: .int(107), in: ns) == 7)
    #expect(scene.matchedSource(id: .int(7), in: ns) == 500)
    #expect(scene.matchedSource(id: .int(110), in: ns) == 50)
  }
}
