import Hooke
import HookeAnimation
import Testing
import _TestSupport

@testable import HookeScene

/// The per-frame caches the render list is written from (`_hot`, `_groupHot`, `_looks`) are
/// maintained incrementally (only slots and groups a transaction or an animation touched are
/// re-derived). Under random transactions on both paths they must equal a fresh derivation from
/// the records after every frame, and rows must be the ones a fresh derivation gives.
/// The scene's slots in the documented render order, by a plain sort on (container z-index,
/// z-index, insertion order) — independent of the incremental merge the scene maintains.
func renderOrderBySort(_ scene: Scene) -> [Int] {
  func key(_ s: Int) -> (Double, Double, Int) {
    // The element as the scene reports it (its z-index may sit in a side column).
    let e = scene._element(s)
    return (
      e.container == .root ? 0 : scene._containers[e.container]?.zIndex ?? 0, e.zIndex, scene._records[s].seq
    )
  }
  return scene._order.sorted { key($0) < key($1) }
}

/// The scene's render order equals a plain sort, and its incrementally written rows (ids, x,
/// opacity and clip, bit for bit) equal a fresh full write of a copy.
func expectOrderAndRowsMatchAFreshDerivation(_ scene: Scene, _ label: String) {
  #expect(scene._order == renderOrderBySort(scene), "\(label): render order")
  let fresh = Scene(_copyOf: scene)
  fresh._writeRenderList(full: true)
  let l = scene.renderList
  let m = fresh.renderList
  #expect(
    l.ids == m.ids && l.x.map(\.bitPattern) == m.x.map(\.bitPattern)
      && Array(l.opacity).map(\.bitPattern) == Array(m.opacity).map(\.bitPattern)
      && Array(l.clipMinX).map(\.bitPattern) == Array(m.clipMinX).map(\.bitPattern),
    "\(label): rows")
}

/// Every row of `scene`'s render list equals, bit for bit, the row of a fresh full write of a
/// copy (each column, and each style field through the row's style entry). The copy shares the
/// fast path, whose per-quad record of the values rows were written from
/// (`_FastPath.laneShadow`) a full write updates: it is restored, so that the scene's next frame
/// sees only what its own writes recorded.
func expectEveryRowMatchesAFreshWrite(_ scene: Scene, _ label: String) {
  let shadow = scene._fast?.laneShadow
  let fresh = Scene(_copyOf: scene)
  fresh._writeRenderList(full: true)
  if let shadow { scene._fast!.laneShadow = shadow }
  let l = scene.renderList
  let m = fresh.renderList
  #expect(l.count == m.count && l.ids == m.ids && l.kinds == m.kinds, "\(label): ids")
  guard l.count == m.count else { return }
  let columns: [(String, [Double], [Double])] = [
    ("x", l.x, m.x), ("y", l.y, m.y), ("width", l.width, m.width), ("height", l.height, m.height),
    ("opacity", Array(l.opacity), Array(m.opacity)), ("rotation", Array(l.rotation), Array(m.rotation)),
    ("cornerRadius", Array(l.cornerRadius), Array(m.cornerRadius)),
    ("blurRadius", Array(l.blurRadius), Array(m.blurRadius)),
    ("clipMinX", Array(l.clipMinX), Array(m.clipMinX)),
    ("clipMaxY", Array(l.clipMaxY), Array(m.clipMaxY)),
  ]
  for (name, a, b) in columns {
    let first = a.indices.first { a[$0].bitPattern != b[$0].bitPattern }
    #expect(first == nil, "\(label): \(name) differs at row \(first ?? -1)")
  }
}

/// A random entry of `live` (one draw of `rng`).
func randomLive(_ live: [Int], _ rng: inout SplitMix64) -> Int { live[Int(rng.next() % UInt64(live.count))] }

/// Removes `count` random elements of `live` (one draw of `rng` each), in `tx` and from `live`.
func removeRandom(_ count: Int, of live: inout [Int], in tx: inout SceneTransaction, _ rng: inout SplitMix64)
{
  for _ in 0..<count { tx.remove(ElementID(live.remove(at: Int(rng.next() % UInt64(live.count))))) }
}

@Suite struct SceneCacheTests {
  /// Frames that list more rows than the listed path takes while the row map stands (fades of
  /// most elements, whose rows a bulk refresh patches in place, interleaved with scale, offset
  /// and frame changes, matched flights, insertions and removals that move the surviving rows,
  /// on timing curves and springs, on one and two workers with small chunks) must give every
  /// row a fresh full write gives, after every frame.
  @Test(arguments: [1, 2]) func bulkRefreshesMatchAFreshWrite(threads: Int) {
    var rng = SplitMix64(seed: 0xB0_1C00 + UInt64(threads))
    let scene = Scene(threads: threads)
    scene._fast!.chunk = 97
    let ns = scene.makeNamespace()
    func cell(_ i: Int, _ shift: Double = 0) -> Rect {
      Rect(x: Double(i % 40) * 10 + shift, y: Double(i / 40) * 10, width: 8, height: 8)
    }
    scene.withoutAnimation(at: 0) { tx in
      tx.setContainer(Container(id: 1, clipRect: Rect(x: 0, y: 0, width: 200, height: 400)))
      for i in 0..<1200 {
        var e = Element(id: ElementID(i), frame: cell(i))
        if i % 3 == 0 { e = e.matchedGeometry(id: .int(i), in: ns) }
        if i % 5 == 0 { e.container = 1 }
        tx.insert(e)
      }
    }
    var live = Array(0..<1200)
    var nextID = 1200
    var k: Int64 = 0
    for round in 0..<12 {
      let animation: Animation =
        round % 2 == 0 ? .spring(response: 0.3, dampingFraction: 0.8) : .easeInOut(duration: 0.12)
      scene.withAnimation(animation, at: frameTime(k)) { tx in
        for _ in 0..<700 {
          tx.setOpacity(ElementID(randomLive(live, &rng)), Double(rng.next() % 100) / 100)
        }
        for _ in 0..<15 {
          let id = ElementID(randomLive(live, &rng))
          let scale = Double(rng.next() % 3 + 1) / 2
          tx.update(id) {
            $0.scale = scale
            $0.offset = Size(width: scale, height: -scale)
          }
        }
        for _ in 0..<10 {
          let i = randomLive(live, &rng)
          tx.setFrame(ElementID(i), cell(i % 1200, Double(round)))
        }
        if round % 3 != 2 {
          removeRandom(6, of: &live, in: &tx, &rng)
          for _ in 0..<6 {
            tx.insert(
              Element(id: ElementID(nextID), frame: cell(nextID % 1200)).with {
                $0.zIndex = Double(rng.next() % 2)
              })
            live.append(nextID)
            nextID += 1
          }
        }
      }
      for _ in 0..<5 {
        k += 1
        scene.advance(to: frameTime(k))
        expectEveryRowMatchesAFreshWrite(scene, "\(threads) threads, round \(round), frame \(k)")
      }
    }
  }

  /// Frames in which most elements' layout frames move (their own frames, or their matched
  /// groups' shared frames) and little else changes: a bulk refresh rewrites those rows'
  /// rectangles alone, and must give every row a fresh full write gives — with own scales about
  /// anchors, offsets, rounded corners whose drawn radius follows the rectangle (some larger than
  /// any side), round shapes, a scale-in transition still running, matched geometry on the
  /// position or the size alone, and some rows whose opacity, scale or frame change in the same
  /// frame as their group's shared frame moves; on springs and timing curves, one and two workers.
  @Test(arguments: [1, 2]) func movingFramesRefreshRectanglesAsAFreshWrite(threads: Int) {
    var rng = SplitMix64(seed: 0x6E0_3E7 + UInt64(threads))
    print("movingFramesRefreshRectanglesAsAFreshWrite seed \(0x6E0_3E7 + UInt64(threads))")
    let scene = Scene(threads: threads)
    scene._fast!.chunk = 89
    let ns = scene.makeNamespace()
    let count = 900
    func cell(_ i: Int, columns: Int) -> Rect {
      Rect(x: Double(i % columns) * 12, y: Double(i / columns) * 12, width: 10 + Double(i % 3), height: 10)
    }
    scene.withAnimation(.spring(response: 0.2, dampingFraction: 1), at: 0) { tx in
      for i in 0..<count {
        var e = Element(id: ElementID(i), frame: cell(i, columns: 30))
        switch i % 6 {
        case 0: e = e.matchedGeometry(id: .int(i), in: ns)
        case 1: e = e.matchedGeometry(id: .int(i), in: ns, properties: .position, anchor: .topLeading)
        case 2: e = e.matchedGeometry(id: .int(i), in: ns, properties: .size)
        default: break
        }
        if i % 4 == 1 { e.cornerRadius = Double(i % 9) }
        if i % 11 == 0 { e.cornerRadius = 100 }
        if i % 13 == 0 { e.shape = .capsule }
        if i % 5 == 2 {
          e.scale = 1.5
          e.scaleAnchor = .bottomTrailing
          e.offset = Size(width: 3, height: -2)
        }
        if i % 7 == 3 { e.transition = .scale(0.5, anchor: .topLeading) }
        tx.insert(e)
      }
    }
    var k: Int64 = 0
    for round in 0..<8 {
      let animation: Animation =
        round % 2 == 0 ? .spring(response: 0.25, dampingFraction: 0.7) : .easeOut(duration: 0.1)
      let columns = [30, 24, 36, 20][round % 4]
      scene.withAnimation(animation, at: frameTime(k)) { tx in
        for i in 0..<count where rng.next() % 8 != 0 {
          tx.setFrame(ElementID(i), cell(i, columns: columns))
        }
        for _ in 0..<40 {
          tx.setOpacity(ElementID(Int(rng.next() % UInt64(count))), Double(rng.next() % 100) / 100)
        }
        for _ in 0..<10 {
          let scale = Double(rng.next() % 3 + 1) / 2
          tx.update(ElementID(Int(rng.next() % UInt64(count)))) { $0.scale = scale }
        }
      }
      for _ in 0..<6 {
        k += 1
        scene.advance(to: frameTime(k))
        expectEveryRowMatchesAFreshWrite(scene, "\(threads) threads, round \(round), frame \(k)")
      }
    }
  }

  /// Frames that set frames without animation (keyframe-driven layout) while many fades run: a
  /// bulk refresh rewrites the rectangle alone of a row whose frame was set, on the pass over the
  /// moving quads (fewer rows set than the stamp lists hold) and on the pass over every row (more),
  /// and must give every row a fresh full write gives — with own scales about anchors, offsets,
  /// rounded corners that follow the rectangle, scale transitions, matched geometry, clipped
  /// containers, frames set while they still fly (they snap), and rows whose opacity or scale
  /// change in the same frame as their frame is set; one and two workers.
  @Test(arguments: [1, 2]) func unanimatedFrameSetsRefreshRectanglesAsAFreshWrite(threads: Int) {
    let seed = 0x5E7_F4A + UInt64(threads)
    var rng = SplitMix64(seed: seed)
    print("unanimatedFrameSetsRefreshRectanglesAsAFreshWrite seed \(seed)")
    let scene = Scene(threads: threads)
    scene._fast!.chunk = 83
    let ns = scene.makeNamespace()
    let count = 1000
    func cell(_ i: Int, _ shift: Double) -> Rect {
      Rect(x: Double(i % 25) * 14 + shift, y: Double(i / 25) * 14 - shift, width: 12 + shift, height: 12)
    }
    scene.withoutAnimation(at: 0) { tx in
      tx.setContainer(Container(id: 1, clipRect: Rect(x: 0, y: 0, width: 180, height: 300)))
      for i in 0..<count {
        var e = Element(id: ElementID(i), frame: cell(i, 0))
        if i % 9 == 0 { e = e.matchedGeometry(id: .int(i), in: ns) }
        if i % 4 == 1 { e.cornerRadius = Double(i % 9) }
        if i % 11 == 0 { e.cornerRadius = 100 }
        if i % 5 == 2 {
          e.scale = 1.5
          e.scaleAnchor = .bottomTrailing
          e.offset = Size(width: 3, height: -2)
        }
        if i % 7 == 3 { e.transition = .scale(0.5, anchor: .topLeading) }
        if i % 6 == 4 { e.container = 1 }
        tx.insert(e)
      }
    }
    let all = Array(0..<count)
    var k: Int64 = 0
    for round in 0..<6 {
      // Most elements fade (more moving quads than the listed path takes), some move.
      scene.withAnimation(.easeInOut(duration: 0.1), at: frameTime(k)) { tx in
        for _ in 0..<700 {
          tx.setOpacity(ElementID(randomLive(all, &rng)), Double(rng.next() % 100) / 100)
        }
        for _ in 0..<30 {
          let i = randomLive(all, &rng)
          tx.setFrame(ElementID(i), cell(i, Double(round) + 0.5))
        }
      }
      for frame in 0..<6 {
        // Below the stamp lists' limit (a quarter of the rows) on even frames, above it on odd.
        let sets = frame % 2 == 0 ? 60 : 400
        scene.withoutAnimation(at: frameTime(k)) { tx in
          for _ in 0..<sets {
            let i = randomLive(all, &rng)
            tx.setFrame(ElementID(i), cell(i, Double(rng.next() % 20)))
          }
          for _ in 0..<5 {
            let i = randomLive(all, &rng)
            tx.setFrame(ElementID(i), cell(i, 7))
            tx.setOpacity(ElementID(i), 0.25)
          }
          let i = randomLive(all, &rng)
          tx.setFrame(ElementID(i), cell(i, 3))
          tx.update(ElementID(i)) { $0.scale = 0.5 }
        }
        k += 1
        scene.advance(to: frameTime(k))
        expectEveryRowMatchesAFreshWrite(scene, "\(threads) threads, round \(round), frame \(k)")
      }
    }
  }

  /// Frames that list fewer rows than the listed path's limit — an incremental write, or a
  /// relayout when elements come and go, which moves the surviving rows before it rewrites the
  /// listed ones — must give every row a fresh full write gives: insertions and
  /// removals with transitions that scale, offset (along either axis: the effect's y offset lives
  /// in its second quad), move in from an edge, fade and blur; own scales and offsets about
  /// anchors, rounded corners that follow a scaled rectangle, matched flights, rows whose
  /// opacity and scale change in one frame, and moving frames that change container (a new clip)
  /// between frames; on springs and timing curves, one and two workers.
  @Test(arguments: [1, 2]) func listedRowsRefreshWhatMovedAsAFreshWrite(threads: Int) {
    let seed = 0x11_57ED + UInt64(threads)
    print("listedRowsRefreshWhatMovedAsAFreshWrite seed \(seed)")
    var rng = SplitMix64(seed: seed)
    let scene = Scene(threads: threads)
    scene._fast!.chunk = 61
    let ns = scene.makeNamespace()
    let transitions: [AnyTransition] = [
      .scale(0.5, anchor: .topLeading), .offset(x: 6, y: 0), .offset(x: 0, y: -9), .move(edge: .leading),
      .move(edge: .top), .opacity, .asymmetric(insertion: .move(edge: .trailing), removal: .scale(0.25)),
      .blurReplace,
    ]
    func cell(_ i: Int) -> Rect {
      Rect(x: Double(i % 50) * 12, y: Double(i / 50) * 12, width: 10, height: 8 + Double(i % 3))
    }
    func element(_ i: Int) -> Element {
      var e = Element(id: ElementID(i), frame: cell(i % 2000)).transition(transitions[i % transitions.count])
      if i % 9 == 0 { e = e.matchedGeometry(id: .int(i), in: ns) }
      if i % 4 == 1 { e.cornerRadius = Double(i % 7) }
      if i % 17 == 0 { e.cornerRadius = 50 }
      if i % 5 == 3 {
        e.scale = 0.75
        e.scaleAnchor = .bottomTrailing
        e.offset = Size(width: -2, height: 4)
      }
      return e
    }
    scene.withoutAnimation(at: 0) { tx in
      tx.setContainer(Container(id: 1, clipRect: Rect(x: 0, y: 0, width: 300, height: 200)))
      tx.setContainer(Container(id: 2, clipRect: Rect(x: 100, y: 50, width: 400, height: 300)))
      for i in 0..<2000 { tx.insert(element(i)) }
    }
    var live = Array(0..<2000)
    var nextID = 2000
    var k: Int64 = 0
    for round in 0..<16 {
      let animation: Animation =
        round % 2 == 0 ? .spring(response: 0.2, dampingFraction: 0.75) : .easeOut(duration: 0.1)
      scene.withAnimation(animation, at: frameTime(k)) { tx in
        for _ in 0..<40 {
          tx.setOpacity(ElementID(randomLive(live, &rng)), Double(rng.next() % 100) / 100)
        }
        for _ in 0..<30 {
          let id = ElementID(randomLive(live, &rng))
          let scale = Double(rng.next() % 3 + 1) / 2
          let both = rng.next() % 2 == 0
          tx.update(id) {
            $0.scale = scale
            $0.offset = Size(width: scale * 3, height: -scale)
            if both { $0.opacity = scale / 2 }
          }
        }
        for _ in 0..<20 {
          let i = randomLive(live, &rng)
          tx.setFrame(ElementID(i), cell((i + round + 1) % 2000))
        }
        // Every other round changes the layout: the next frames relayout.
        if round % 2 == 0 {
          removeRandom(25, of: &live, in: &tx, &rng)
          for _ in 0..<25 {
            tx.insert(element(nextID))
            live.append(nextID)
            nextID += 1
          }
        }
      }
      for frame in 0..<4 {
        if frame > 0 {
          // Frames still moving change container (a new clip) and move again: the row is stamped
          // whole by the container change, and its moving frame must not turn that into a
          // rectangle rewrite.
          scene.withAnimation(animation, at: frameTime(k)) { tx in
            for _ in 0..<6 {
              let i = randomLive(live, &rng)
              let container = ContainerID(Int(rng.next() % 3))
              tx.setFrame(ElementID(i), cell((i + 7 * frame) % 2000), in: container)
            }
          }
        }
        k += 1
        scene.advance(to: frameTime(k))
        expectEveryRowMatchesAFreshWrite(scene, "\(threads) threads, round \(round), frame \(k)")
      }
    }
  }

  /// Many re-placements per frame (containers and z-indices changing for hundreds of elements,
  /// with insertions and removals): the tail merge takes its linear path, and the order and the
  /// rows must still equal a full sort and a fresh full write.
  @Test(arguments: [false, true]) func manyRepositionsKeepTheOrderAndRows(fast: Bool) {
    let seed: UInt64 = fast ? 0x5E_0B01 : 0x5E_0B00
    var rng = SplitMix64(seed: seed)
    let scene = Scene.make(batch: fast)
    scene.withoutAnimation(at: 0) { tx in
      tx.setContainer(Container(id: 1, zIndex: 1))
      tx.setContainer(Container(id: 2, zIndex: -1))
      for i in 0..<3000 {
        tx.insert(Element(id: ElementID(i), frame: Rect(x: Double(i % 50), y: 0, width: 4, height: 4)))
      }
    }
    var nextID = 3000
    var k: Int64 = 0
    for round in 0..<6 {
      scene.withAnimation(.easeInOut(duration: 0.2), at: frameTime(k)) { tx in
        for _ in 0..<700 {
          let id = ElementID(Int(rng.next() % UInt64(nextID)))
          let container = ContainerID(Int(rng.next() % 3))
          let z = Double(rng.next() % 3)
          tx.update(id) {
            $0.container = container
            $0.zIndex = z
          }
        }
        for _ in 0..<200 { tx.remove(ElementID(Int(rng.next() % UInt64(nextID)))) }
        for _ in 0..<300 {
          tx.insert(
            Element(id: ElementID(nextID), frame: Rect(x: 1, y: 2, width: 3, height: 4)).with {
              $0.zIndex = Double(rng.next() % 3) - 1
            })
          nextID += 1
        }
      }
      for _ in 0..<3 {
        k += 1
        scene.advance(to: frameTime(k))
        expectOrderAndRowsMatchAFreshDerivation(scene, "seed \(seed) round \(round)")
      }
    }
  }

  /// Removals and insertions that only drop rows and append new ones are written by moving the
  /// surviving rows (the relayout, which leaves the style entries a permutation of the rows).
  /// When the list shrinks, surviving rows whose style entry lies beyond the new row count must
  /// move their style to an entry no other row uses: every row's opacity, read through its
  /// entry, must equal a fresh full write's (each element has its own opacity, so an entry shared
  /// or lost shows).
  @Test(arguments: [false, true]) func shrinkingRelayoutsKeepEachRowsStyle(fast: Bool) {
    var rng = SplitMix64(seed: fast ? 0x5E_0C01 : 0x5E_0C00)
    let scene = Scene.make(batch: fast)
    func element(_ i: Int) -> Element {
      Element(id: ElementID(i), frame: Rect(x: Double(i % 40), y: Double(i / 40), width: 4, height: 4))
        .opacity(Double(i % 97 + 1) / 98)
    }
    var live = Array(0..<2000)
    scene.withoutAnimation(at: 0) { tx in for i in live { tx.insert(element(i)) } }
    var k: Int64 = 0
    scene.advance(to: frameTime(k))
    var nextID = live.count
    for round in 0..<8 {
      // Unanimated removals leave at once; new elements go last (survivors keep their order).
      scene.withoutAnimation(at: frameTime(k)) { tx in
        removeRandom(150, of: &live, in: &tx, &rng)
        for _ in 0..<(round % 2 == 0 ? 20 : 180) {
          tx.insert(element(nextID))
          live.append(nextID)
          nextID += 1
        }
      }
      k += 1
      scene.advance(to: frameTime(k))
      #expect(scene._stylesPermuted, "round \(round): rows moved, not rewritten")
      #expect(scene.renderList.count == live.count, "round \(round): row count")
      expectOrderAndRowsMatchAFreshDerivation(scene, "fast \(fast) round \(round)")
    }
  }

  /// Elements hopping between containers of one z-index, and z-indices set and set back, keep
  /// their order key: such re-placements leave the slot where it is. Mixed with real key changes,
  /// insertions and removals, the order must still be the full sort and the rows a fresh write's.
  @Test(arguments: [false, true]) func repositionsWithUnchangedKeysKeepTheOrderAndRows(fast: Bool) {
    var rng = SplitMix64(seed: fast ? 0x5A_3E01 : 0x5A_3E00)
    let scene = Scene.make(batch: fast)
    scene.withoutAnimation(at: 0) { tx in
      tx.setContainer(Container(id: 1, clipRect: Rect(x: 0, y: 0, width: 100, height: 800)))
      tx.setContainer(Container(id: 2, clipRect: Rect(x: 100, y: 0, width: 100, height: 800)))
      tx.setContainer(Container(id: 3, zIndex: 1))
      for i in 0..<2000 {
        tx.insert(
          Element(
            id: ElementID(i), frame: Rect(x: Double(i % 2) * 100, y: Double(i / 2), width: 100, height: 1),
            container: ContainerID(1 + i % 2)))
      }
    }
    var nextID = 2000
    var k: Int64 = 0
    for round in 0..<8 {
      scene.withAnimation(.easeInOut(duration: 0.1), at: frameTime(k)) { tx in
        for _ in 0..<300 {
          let id = ElementID(Int(rng.next() % UInt64(nextID)))
          let container = ContainerID(1 + Int(rng.next() % 2))
          let x = Double(rng.next() % 200)
          switch rng.next() % 4 {
          case 0:
            // z changed and set back in one transaction: listed for re-placement, key unchanged.
            tx.update(id) { $0.zIndex = 5 }
            tx.update(id) {
              $0.zIndex = 0
              $0.container = container
            }
          case 1: tx.update(id) { $0.container = rng.next() % 8 == 0 ? 3 : container }
          default:
            tx.update(id) {
              $0.container = container
              $0.frame.origin.x = x
            }
          }
        }
        for _ in 0..<20 { tx.remove(ElementID(Int(rng.next() % UInt64(nextID)))) }
        for _ in 0..<20 {
          tx.insert(
            Element(id: ElementID(nextID), frame: Rect(x: 1, y: 2, width: 3, height: 4), container: 1))
          nextID += 1
        }
      }
      for _ in 0..<3 {
        k += 1
        scene.advance(to: frameTime(k))
        expectOrderAndRowsMatchAFreshDerivation(scene, "fast \(fast) round \(round)")
      }
    }
  }

  /// Rows read their container's clip from a per-container table: after a container's clip or
  /// parent changes, every row in it (and in its descendants) carries the new chain's clip, while
  /// frames between the changes rewrite only moving rows. Expectations are the intersections
  /// worked out by hand (an own clip first, then the container chain upwards).
  @Test(arguments: [false, true]) func containerClipsFollowContainerChanges(fast: Bool) {
    let scene = Scene.make(batch: fast)
    scene.withoutAnimation(at: 0) { tx in
      tx.setContainer(Container(id: 1, clipRect: Rect(x: 0, y: 0, width: 200, height: 400)))
      tx.setContainer(Container(id: 2, clipRect: Rect(x: 50, y: 50, width: 300, height: 100), parent: 1))
      tx.insert(Element(id: 10, frame: Rect(x: 0, y: 0, width: 10, height: 10), container: 2))
      tx.insert(
        Element(id: 11, frame: Rect(x: 0, y: 0, width: 10, height: 10), container: 2).with {
          $0.clipRect = Rect(x: 100, y: 0, width: 50, height: 60)
        })
      tx.insert(Element(id: 12, frame: Rect(x: 0, y: 0, width: 10, height: 10), container: 1))
      tx.insert(Element(id: 13, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    }
    var k: Int64 = 0
    func clip(_ id: ElementID) -> [Double] {
      let l = scene.renderList
      guard let i = l.index(of: id) else { return [] }
      return [l.clipMinX[i], l.clipMinY[i], l.clipMaxX[i], l.clipMaxY[i]]
    }
    func check(_ expected: [ElementID: [Double]], _ label: String) {
      // Several frames with every element moving: incremental writes must keep the clips.
      scene.withAnimation(.linear(duration: 0.1), at: frameTime(k)) { tx in
        for id in expected.keys { tx.setFrame(id, Rect(x: Double(k), y: 1, width: 10, height: 10)) }
      }
      for _ in 0..<3 {
        k += 1
        scene.advance(to: frameTime(k))
        for (id, e) in expected { #expect(clip(id) == e, "fast \(fast) \(label): \(id) at frame \(k)") }
      }
    }
    let none: [Double] = [-.infinity, -.infinity, .infinity, .infinity]
    check([10: [50, 50, 200, 150], 11: [100, 50, 150, 60], 12: [0, 0, 200, 400], 13: none], "initial")
    scene.withoutAnimation(at: frameTime(k)) { tx in
      tx.setContainer(Container(id: 1, clipRect: Rect(x: 0, y: 0, width: 120, height: 120)))
    }
    check([10: [50, 50, 120, 120], 11: [100, 50, 120, 60], 12: [0, 0, 120, 120], 13: none], "parent clip")
    scene.withoutAnimation(at: frameTime(k)) { tx in tx.setContainer(Container(id: 2, parent: 1)) }
    check(
      [10: [0, 0, 120, 120], 11: [100, 0, 120, 60], 12: [0, 0, 120, 120], 13: none], "child unclipped")
    scene.withoutAnimation(at: frameTime(k)) { tx in
      tx.setContainer(Container(id: 2, clipRect: Rect(x: 50, y: 50, width: 300, height: 100)))
    }
    check(
      [10: [50, 50, 350, 150], 11: [100, 50, 150, 60], 12: [0, 0, 120, 120], 13: none], "child at root")
    scene.withoutAnimation(at: frameTime(k)) { tx in tx.update(13) { $0.container = 2 } }
    check([13: [50, 50, 350, 150], 12: [0, 0, 120, 120]], "element moved into a container")
  }

  /// `zooms: 0` leaves out the zoom destinations, whose dimming rows make a layout change write
  /// the rows from the first one that moved (a tail write): without them, insertions and
  /// evictions edit the row map in place. With several destinations, their overlays come and go
  /// at different places in the order.
  @Test(arguments: [(false, 1), (true, 1), (false, 0), (true, 0), (false, 3), (true, 3)])
  func cachesEqualAFreshDerivation(fast: Bool, zooms: Int) {
    let zoom = zooms > 0
    let seed: UInt64 = (fast ? 0xCA_C4E1 : 0xCA_C4E0) ^ (zoom ? 0 : 0x100) ^ (zooms > 1 ? 0x200 : 0)
    var rng = SplitMix64(seed: seed)
    let scene = Scene.make(batch: fast)
    let ns = scene.makeNamespace()
    scene.withoutAnimation(at: 0) { tx in
      tx.setContainer(Container(id: 1, clipRect: Rect(x: 0, y: 0, width: 200, height: 400), zIndex: 1))
      tx.insert(
        Element(id: 100, frame: Rect(x: 10, y: 10, width: 60, height: 60)).matchedTransitionSource(
          id: "z", in: ns))
      for j in 1..<Swift.max(1, zooms) {
        tx.insert(
          Element(id: ElementID(100 + j), frame: Rect(x: 10, y: 80 * Double(j), width: 60, height: 60))
            .matchedTransitionSource(id: .int(j), in: ns))
      }
    }
    let animations: [Animation?] = [
      nil, .spring, .easeInOut(duration: 0.3), .bouncy, .linear(duration: 0.2).delay(0.05),
    ]
    let transitions: [AnyTransition?] = [nil, .scale, .move(edge: .leading), .offset(x: 20), .blurReplace]
    var k: Int64 = 0
    for round in 0..<50 {
      let anim = animations[Int(rng.next() % UInt64(animations.count))]
      scene.withAnimation(anim, at: frameTime(k)) { tx in
        for _ in 0..<5 {
          let id = ElementID(Int(rng.next() % 20))
          let x = Double(rng.next() % 300)
          switch rng.next() % 6 {
          case 0:
            var e = Element(
              id: id, frame: Rect(x: x, y: 10, width: 40, height: 40),
              container: rng.next() % 3 == 0 ? 1 : .root)
            e.transition = transitions[Int(rng.next() % UInt64(transitions.count))]
            tx.insert(
              e.matchedGeometry(
                id: .int(Int(id.rawValue % 4)), in: ns, anchor: rng.next() % 2 == 0 ? .center : .topLeading))
          case 1: tx.remove(id)
          case 2: tx.setFrame(id, Rect(x: x, y: 90, width: 30, height: 20))
          case 3:
            let o = Double(rng.next() % 5) / 4
            let c = Double(rng.next() % 12)
            if c < 6 {
              // The opacity alone (a batched one keeps its quads and its compact row).
              tx.setOpacity(id, o)
            } else {
              tx.update(id) {
                $0.opacity = o
                $0.cornerRadius = c
                $0.scale = 1 + c / 20
              }
            }
          case 4:
            tx.update(id) {
              $0.matchedGeometry = nil
              $0.zIndex = Double(rng.next() % 3)
            }
          default:
            // Destination 50 + j zooms from source 100 + j.
            let j = zooms > 1 ? Int(rng.next() % UInt64(zooms)) : 0
            if zoom && rng.next() % 4 == 0 {
              var e = Element(id: ElementID(50 + j), frame: Rect(x: 0, y: 0, width: 390, height: 844))
              e.zIndex = Double(j % 2)
              tx.insert(e.navigationTransition(.zoom(sourceID: j == 0 ? "z" : .int(j), in: ns)))
            } else {
              tx.remove(ElementID(50 + j))
            }
          }
        }
      }
      for _ in 0..<Int(1 + rng.next() % 12) {
        k += 1
        scene.advance(to: frameTime(k))
        let fresh = Scene(_copyOf: scene)
        for s in fresh._order { fresh._refreshHot(s) }
        for g in fresh._groups.indices { fresh._refreshGroupHot(g) }
        for s in scene._order {
          let a = scene._hot[s]
          let b = fresh._hot[s]
          let same =
            a.id == b.id && a.quad == b.quad && a.group == b.group && a.flags == b.flags
            && a.styleLo == b.styleLo && a.styleHi == b.styleHi && a.effectLo == b.effectLo
            && a.effectHi == b.effectHi && a.container == b.container
            && a.frame.simd == b.frame.simd
            && scene._looks[Int(a.look)].isIdentical(to: fresh._looks[Int(b.look)])
          #expect(same, "seed \(seed) round \(round) frame \(k): slot \(s) (\(a.id)) row cache is stale")
        }
        for g in scene._groups.indices where scene._groupIndex[scene._groups[g].key] == g {
          let a = scene._groupHot[g]
          let b = fresh._groupHot[g]
          #expect(
            a.active == b.active && a.quad == b.quad && a.value.simd == b.value.simd,
            "seed \(seed) round \(round) frame \(k): group \(g)")
        }
        // The render order is the full sort by (container z-index, z-index, insertion order).
        #expect(
          scene._order == renderOrderBySort(scene), "seed \(seed) round \(round) frame \(k): render order")
        // Rows from the fresh derivation are identical, bit for bit.
        fresh._writeRenderList(full: true)
        let l = scene.renderList
        let m = fresh.renderList
        #expect(l.ids == m.ids && l.kinds == m.kinds, "seed \(seed) round \(round)")
        let columns: [([Double], [Double])] = [
          (l.x, m.x), (l.y, m.y), (l.width, m.width), (l.height, m.height),
          (Array(l.opacity), Array(m.opacity)),
          (Array(l.rotation), Array(m.rotation)), (Array(l.cornerRadius), Array(m.cornerRadius)),
          (Array(l.blurRadius), Array(m.blurRadius)), (Array(l.clipMinX), Array(m.clipMinX)),
          (Array(l.clipMaxY), Array(m.clipMaxY)),
        ]
        for col in columns {
          #expect(
            col.0.map(\.bitPattern) == col.1.map(\.bitPattern), "seed \(seed) round \(round) frame \(k)")
        }
      }
    }
    #expect(scene.elementCount > 0)
  }
}
