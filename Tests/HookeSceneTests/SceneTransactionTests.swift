import Hooke
import HookeAnimation
import Testing

@testable import HookeScene

/// `Scene.withAnimation` lets go of each change once applied (its documentation); a copy of the
/// transaction that `body` keeps is a value of its own and changes nothing.
@Suite struct SceneTransactionTests {
  /// A reference whose release the closures below observe.
  final class Token {}

  /// An update's closure is released before the next change applies: a later change's closure
  /// finds the token it alone held gone.
  @Test(arguments: [false, true]) func appliedChangesAreReleasedBeforeTheNextOne(batch: Bool) {
    let scene = Scene.make(batch: batch)
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
      $0.insert(Element(id: 2, frame: Rect(x: 20, y: 0, width: 10, height: 10)))
    }
    weak var weakToken: Token?
    var releasedBeforeSecond: Bool?
    scene.withAnimation(.linear(duration: 1), at: 0) { tx in
      let token = Token()
      weakToken = token
      tx.update(1) { e in withExtendedLifetime(token) { e.opacity = 0.5 } }
      tx.update(2) { e in
        releasedBeforeSecond = weakToken == nil
        e.opacity = 0.5
      }
    }
    #expect(releasedBeforeSecond == true)
    #expect(weakToken == nil)
  }

  /// The list of changes is trivially copyable (its documented layout): reading a change and
  /// freeing the list run no value witness, which is what keeps a bulk frame change cheap.
  @Test func theListOfChangesIsTriviallyCopyable() {
    #expect(_isPOD(SceneTransaction._Op.self))
    #expect(MemoryLayout<SceneTransaction._Op>.stride <= 48)
    // A boxed change holds an id and a closure inline, its other payloads boxed.
    #expect(MemoryLayout<SceneTransaction._BoxedOp>.stride <= 32)
  }

  /// A transaction that `body` copies out applies exactly as one it does not, and the copy keeps
  /// every change: applied to a third scene, it gives the same frames bit for bit.
  @Test(arguments: [false, true]) func aKeptCopyOfTheTransactionIsIndependent(batch: Bool) {
    func record(_ tx: inout SceneTransaction) {
      for i in 0..<100 {
        tx.insert(Element(id: ElementID(i), frame: Rect(x: Double(i), y: 0, width: 10, height: 10)))
      }
      for i in stride(from: 0, to: 100, by: 3) {
        tx.setFrame(ElementID(i), Rect(x: Double(i), y: 50, width: 20, height: 10))
      }
      for i in stride(from: 1, to: 100, by: 7) { tx.remove(ElementID(i)) }
      tx.update(2) { $0.opacity = 0.25 }
    }
    let plain = Scene.make(batch: batch)
    let keeping = Scene.make(batch: batch)
    let fromCopy = Scene.make(batch: batch)
    plain.withoutAnimation(at: 0) { record(&$0) }
    var kept: SceneTransaction?
    keeping.withoutAnimation(at: 0) {
      record(&$0)
      kept = $0
    }
    guard let kept else {
      Issue.record("body did not run")
      return
    }
    fromCopy.apply(kept, at: 0)
    for scene in [plain, keeping, fromCopy] { scene.advance(to: 0) }
    for scene in [keeping, fromCopy] {
      let a = plain.renderList
      let b = scene.renderList
      #expect(a.count == b.count)
      #expect(a.count == 100 - 15)
      #expect(a.ids == b.ids)
      #expect(a.x.map(\.bitPattern) == b.x.map(\.bitPattern))
      #expect(a.y.map(\.bitPattern) == b.y.map(\.bitPattern))
      #expect(a.width.map(\.bitPattern) == b.width.map(\.bitPattern))
      #expect(Array(a.opacity) == Array(b.opacity))
    }
    #expect(plain.renderedOpacity(2) == 0.25)
    #expect(plain.rendered(3) == Rect(x: 3, y: 50, width: 20, height: 10))
  }
}
