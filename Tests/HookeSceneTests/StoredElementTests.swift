import Hooke
import HookeAnimation
import Testing

@testable import HookeScene

/// A record holds its element's rare attachments and rarely set style values in side columns
/// (`_StoredElement`, `_AttachmentColumns`, `_StyleExtras`). What a user sees must not change —
/// `Scene.element(_:)` returns the element as given, attachments included, and updates replace
/// them — and the columns must not grow without bound: an entry is freed when its element
/// leaves or drops the attachment, and reused by the next one that needs it.
@Suite struct StoredElementTests {
  /// An element with every attachment, its matches in `ns`.
  func decorated(_ id: ElementID, _ ns: Namespace) -> Element {
    var e = Element(id: id, frame: Rect(x: 1, y: 2, width: 30, height: 40), container: .root)
      .matchedGeometry(id: .int(7), in: ns, properties: .position, anchor: .topLeading, isSource: false)
      .transition(.scale)
      .matchedTransitionSource(id: .int(8), in: ns)
      .navigationTransition(.zoom(sourceID: .int(9), in: ns, dimmingOpacity: 0.4))
    e.clipRect = Rect(x: 0, y: 0, width: 100, height: 100)
    e.opacity = 0.5
    e.scale = 2
    e.scaleAnchor = .bottomTrailing
    e.offset = Size(width: 3, height: 4)
    e.rotation = 0.25
    e.cornerRadius = 6
    e.shape = .capsule
    e.blurRadius = 1.5
    e.zIndex = 3
    return e
  }

  /// Field by field (`Element` is not `Equatable`).
  func expectSame(_ a: Element?, _ b: Element, _ label: String) {
    guard let a else {
      Issue.record("\(label): no element")
      return
    }
    #expect(a.id == b.id && a.container == b.container && a.frame == b.frame, "\(label): identity and frame")
    #expect(
      a.opacity == b.opacity && a.scale == b.scale && a.scaleAnchor == b.scaleAnchor && a.offset == b.offset
        && a.rotation == b.rotation && a.cornerRadius == b.cornerRadius && a.shape == b.shape
        && a.blurRadius == b.blurRadius && a.zIndex == b.zIndex, "\(label): style")
    #expect(a.clipRect == b.clipRect && a.matchedGeometry == b.matchedGeometry, "\(label): clip and match")
    // Transitions are compared by what they do: their start of an insertion.
    let content = TransitionContent(size: b.frame.size)
    #expect(
      a.transition?.body(content: content, phase: .willAppear)._vector
        == b.transition?.body(content: content, phase: .willAppear)._vector, "\(label): transition")
    #expect(
      a.transitionSource?.id == b.transitionSource?.id
        && a.transitionSource?.namespace == b.transitionSource?.namespace, "\(label): zoom source")
    #expect(a.navigationTransition == b.navigationTransition, "\(label): navigation transition")
  }

  @Test func sideColumnReusesFreedEntries() {
    var column = _SideColumn<Int>()
    var a = column.add(10)
    var b = column.add(20)
    #expect(a == 0 && b == 1 && column.count == 2)
    column.remove(&a)
    #expect(a == -1 && column.count == 1 && column[b] == 20 && column[-1] == nil)
    let c = column.add(30)
    #expect(c == 0 && column[c] == 30, "the freed entry is reused")
    column.set(&b, to: nil)
    #expect(b == -1 && column.count == 1)
    var d: Int32 = -1
    column.set(&d, to: 40)
    #expect(d == 1 && column.values.count == 2, "no growth while freed entries remain")
    column.set(&d, to: 50)
    #expect(d == 1 && column[d] == 50, "an occupied entry is overwritten in place")
  }

  /// `_StyleExtras.defaults` are `Element`'s, and each of its values, changed alone, makes the
  /// extras non-default (an element's values go to a side entry only then).
  @Test func styleExtrasDefaultsAreElementDefaults() {
    #expect(_StyleExtras(of: Element(id: 0, frame: .zero)).isDefault)
    let changes: [(String, (inout Element) -> Void)] = [
      ("scale", { $0.scale = 2 }), ("scaleAnchor.x", { $0.scaleAnchor.x = 0 }),
      ("scaleAnchor.y", { $0.scaleAnchor.y = 1 }), ("offset.width", { $0.offset.width = 1 }),
      ("offset.height", { $0.offset.height = -1 }), ("rotation", { $0.rotation = -0.0 }),
      ("cornerRadius", { $0.cornerRadius = 4 }), ("blurRadius", { $0.blurRadius = 1 }),
      ("zIndex", { $0.zIndex = -0.0 }),
    ]
    for (name, change) in changes {
      var e = Element(id: 0, frame: .zero)
      change(&e)
      #expect(!_StyleExtras(of: e).isDefault, "\(name)")
    }
  }

  /// The style values besides opacity and the z-index take a side entry only while one differs
  /// from its default bit for bit: a default element holds none, a −0 rotation keeps one (and
  /// reads back as −0), and an update back to the defaults frees it.
  @Test(arguments: [false, true]) func styleExtrasTakeAnEntryOnlyWhenSet(batch: Bool) {
    let scene = Scene.make(batch: batch)
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    }
    #expect(scene._attachments.extras.count == 0)
    scene.withoutAnimation(at: 0.1) { $0.update(1) { $0.rotation = -0.0 } }
    #expect(scene._attachments.extras.count == 1)
    #expect(scene.element(1)?.rotation.sign == .minus)
    scene.withoutAnimation(at: 0.2) {
      $0.update(1) { e in
        e.rotation = 0
        e.zIndex = 2
      }
    }
    #expect(scene._attachments.extras.count == 1 && scene.element(1)?.zIndex == 2)
    scene.withoutAnimation(at: 0.3) { $0.update(1) { $0.zIndex = 0 } }
    #expect(scene._attachments.extras.count == 0)
    #expect(scene.element(1)?.zIndex == 0 && scene.element(1)?.rotation.sign == .plus)
  }

  @Test(arguments: [false, true]) func elementRoundTripsWithEveryAttachment(batch: Bool) {
    let scene = Scene.make(batch: batch)
    let e = decorated(1, scene.makeNamespace())
    scene.withoutAnimation(at: 0) { $0.insert(e) }
    expectSame(scene.element(1), e, "inserted")
    let plain = Element(id: 2, frame: Rect(x: 0, y: 0, width: 10, height: 10))
    scene.withoutAnimation(at: 0) { $0.insert(plain) }
    expectSame(scene.element(2), plain, "plain")
    #expect(scene._attachments.matches.count == 1 && scene._attachments.clips.count == 1)
    #expect(scene._attachments.extras.count == 1, "the decorated element's style values, not the plain one's")
  }

  /// A bulk insertion keeps its elements in chunks until it is applied (`_InsertedElements`):
  /// every element comes out as it went in, across chunk boundaries, with and without
  /// attachments.
  @Test func bulkInsertionKeepsEveryElement() {
    let scene = Scene.make(batch: true)
    let ns = scene.makeNamespace()
    let count = 3 * _InsertedElements.chunkSize + 7
    func element(_ i: Int) -> Element {
      var e = Element(id: ElementID(i), frame: Rect(x: Double(i), y: 2, width: 10, height: 10))
      e.opacity = Double(i % 10) / 10
      if i % 3 == 0 { e = e.matchedGeometry(id: .int(i), in: ns) }
      if i % 5 == 0 { e.clipRect = Rect(x: 0, y: 0, width: Double(i), height: 5) }
      if i % 7 == 0 { e.zIndex = Double(i % 4) - 1 }
      return e
    }
    var tx = SceneTransaction(animation: nil)
    for i in 0..<count { tx.insert(element(i)) }
    #expect(tx._inserted.count == count)
    scene.apply(tx, at: 0)
    for i in 0..<count { expectSame(scene.element(ElementID(i)), element(i), "element \(i)") }
    #expect(scene._attachments.matches.count == (count + 2) / 3)
    // Every seventh element sets a z-index; those it leaves at 0 (i % 4 == 1) need no side entry.
    let extras = (0..<count).filter { $0 % 7 == 0 && $0 % 4 != 1 }.count
    #expect(scene._attachments.extras.count == extras)
  }

  @Test(arguments: [false, true]) func updatesReplaceAndDropAttachments(batch: Bool) {
    let scene = Scene.make(batch: batch)
    let ns = scene.makeNamespace()
    scene.withoutAnimation(at: 0) { $0.insert(decorated(1, ns)) }
    // Dropping every attachment frees every entry.
    scene.withoutAnimation(at: 0.1) {
      $0.update(1) { e in
        e.matchedGeometry = nil
        e.transition = nil
        e.transitionSource = nil
        e.navigationTransition = nil
        e.clipRect = nil
      }
    }
    let a = scene._attachments
    #expect(
      a.matches.count == 0 && a.clips.count == 0 && a.transitions.count == 0 && a.sources.count == 0
        && a.navigations.count == 0)
    #expect(scene.element(1)?.matchedGeometry == nil && scene.element(1)?.clipRect == nil)
    // Adding them back gives them back, through `replace` too.
    let e = decorated(1, ns)
    scene.withoutAnimation(at: 0.2) { $0.replace(e) }
    expectSame(scene.element(1), e, "replaced")
    scene.withoutAnimation(at: 0.3) { $0.update(1) { $0.clipRect = Rect(x: 5, y: 5, width: 5, height: 5) } }
    #expect(scene.element(1)?.clipRect == Rect(x: 5, y: 5, width: 5, height: 5))
    #expect(scene._attachments.clips.count == 1, "the clip's entry is overwritten, not added")
  }

  /// Cards that keep leaving (animated removal, evicted when it ends) and coming back with new
  /// ids: the columns hold one entry per live element with the attachment, however many cycles.
  @Test(arguments: [false, true]) func columnsStayBoundedAcrossInsertRemoveCycles(batch: Bool) {
    let scene = Scene.make(batch: batch)
    let ns = scene.makeNamespace()
    let cards = 20
    var next = 0
    var t = 0.0
    func card(_ id: Int, _ k: Int) -> Element {
      Element(id: ElementID(id), frame: Rect(x: Double(k) * 10, y: 0, width: 10, height: 10))
        .matchedGeometry(id: .int(k), in: ns)
    }
    scene.withoutAnimation(at: t) { tx in
      for k in 0..<cards { tx.insert(card(k, k)) }
    }
    next = cards
    var most = 0
    for cycle in 0..<30 {
      let first = next - cards
      t += 0.05
      scene.withAnimation(.easeInOut(duration: 0.2), at: t) { tx in
        for k in 0..<cards {
          tx.remove(ElementID(first + k))
          tx.insert(card(next + k, k))
        }
      }
      next += cards
      for _ in 0..<30 {
        t += 1.0 / 60
        scene.advance(to: t)
      }
      let live = scene._slots.count
      #expect(scene._attachments.matches.count == live, "cycle \(cycle): one entry per live element")
      most = max(most, scene._attachments.matches.values.count)
    }
    #expect(most <= 2 * cards, "the column holds at most the elements alive at once (\(most))")
  }
}
