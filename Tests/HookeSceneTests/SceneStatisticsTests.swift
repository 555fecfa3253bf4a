import Hooke
import HookeAnimation
import Testing

@testable import HookeScene

/// `Scene.structureCounts` against what the scene's documented storage implies: a batched frame
/// is one quad of four channels, a removed slot, quad and handle go to their free lists and are
/// reused before any table grows.
@Suite struct SceneStatisticsTests {
  @Test func countsFollowInsertionsAnimationsAndRemovals() {
    let scene = Scene()
    scene.withoutAnimation(at: 0) { tx in
      for i in 0..<10 { tx.insert(Element(id: ElementID(i), frame: Rect(x: 0, y: 0, width: 10, height: 10))) }
    }
    var c = scene.structureCounts
    #expect(c.elements == 10 && c.slots == 10 && c.freeSlots == 0)
    #expect(c.quads == 0 && c.channels == 0 && c.handleSlots == 0)
    // A spring moves every frame: one quad (x, y, width, height) per element, all moving.
    let spring = Animation.spring(response: 0.5, dampingFraction: 0.8).exact
    scene.withAnimation(spring, at: frameTime(1)) { tx in
      for i in 0..<10 { tx.setFrame(ElementID(i), Rect(x: 100, y: 0, width: 10, height: 10)) }
    }
    scene.advance(to: frameTime(2))
    c = scene.structureCounts
    #expect(c.quads == 10 && c.freeQuads == 0)
    #expect(c.channels == 40 && c.handleSlots == 40 && c.freeHandleSlots == 0)
    #expect(c.activeChannels == 10 && c.combiningChannels == 0, "x moves; y, width, height rest")
    #expect(c.renderRows == 10 && c.batchGroups >= 1)
    // Removing five without animation frees their slots, quads and handles.
    scene.withoutAnimation(at: frameTime(3)) { tx in
      for i in 0..<5 { tx.remove(ElementID(i)) }
    }
    scene.advance(to: frameTime(3))
    c = scene.structureCounts
    #expect(c.elements == 5 && c.slots == 10 && c.freeSlots == 5)
    #expect(c.quads == 10 && c.freeQuads == 5 && c.channels == 20)
    #expect(c.handleSlots == 40 && c.freeHandleSlots == 20)
    // Five new elements, animated, reuse the freed entries: no table grows.
    scene.withoutAnimation(at: frameTime(4)) { tx in
      for i in 10..<15 {
        tx.insert(Element(id: ElementID(i), frame: Rect(x: 0, y: 0, width: 10, height: 10)))
      }
    }
    scene.withAnimation(spring, at: frameTime(4)) { tx in
      for i in 10..<15 { tx.setFrame(ElementID(i), Rect(x: 0, y: 50, width: 10, height: 10)) }
    }
    scene.advance(to: frameTime(5))
    c = scene.structureCounts
    #expect(c.elements == 10 && c.slots == 10 && c.freeSlots == 0)
    #expect(c.quads == 10 && c.freeQuads == 0 && c.handleSlots == 40 && c.freeHandleSlots == 0)
    #expect(c.fields.count == 26 && c.fields.first! == ("elements", 10))
  }

  /// Attachment entries exist only for elements with an attachment; transition states only
  /// while an effect is off its neutral values, and come back to the pool when their element
  /// leaves.
  @Test func attachmentsAndTransitionStatesAreCounted() {
    let scene = Scene()
    let ns = scene.makeNamespace()
    scene.withoutAnimation(at: 0) { tx in
      for i in 0..<6 {
        var e = Element(id: ElementID(i), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        if i < 2 { e = e.matchedGeometry(id: .int(i), in: ns) }
        tx.insert(e)
      }
    }
    var c = scene.structureCounts
    #expect(c.attachmentEntries == 2 && c.freeAttachmentEntries == 0)
    #expect(c.transitionStates == 0 && c.spareTransitionStates == 0, "unanimated: neutral effects")
    // Two animated removals: a state each while they fade, back in the pool once evicted.
    scene.withAnimation(.easeInOut(duration: 0.1), at: frameTime(1)) { tx in
      tx.remove(0)
      tx.remove(5)
    }
    c = scene.structureCounts
    #expect(c.transitionStates == 2 && c.spareTransitionStates == 0)
    for k in Int64(2)...Int64(20) { scene.advance(to: frameTime(k)) }
    c = scene.structureCounts
    #expect(c.elements == 4 && c.transitionStates == 2 && c.spareTransitionStates == 2)
    #expect(c.attachmentEntries == 2 && c.freeAttachmentEntries == 1, "element 0's entry is free")
  }

  @Test(arguments: [false, true]) func aCurveRunsOnTheBatchEngineUnlessTheSceneIsTheReference(batch: Bool) {
    let scene = Scene.make(batch: batch)
    scene.withoutAnimation(at: 0) {
      $0.insert(Element(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    }
    scene.withAnimation(.easeInOut(duration: 0.3), at: frameTime(1)) {
      $0.setFrame(1, Rect(x: 50, y: 0, width: 10, height: 10))
    }
    scene.advance(to: frameTime(2))
    let c = scene.structureCounts
    if batch {
      // The frame is a quad of the batch engine; nothing is sampled per property.
      #expect(c.elements == 1 && c.generalPathMotion == 0)
      #expect(c.batchGroups >= 1 && c.quads >= 1 && c.channels >= 4)
      #expect(scene.activeBatchChannelCount > 0)
    } else {
      #expect(c.elements == 1 && c.generalPathMotion == 1)
      #expect(c.batchGroups == 0 && c.quads == 0 && c.channels == 0 && c.handleSlots == 0)
      #expect(scene.activeBatchChannelCount == 0)
    }
  }
}
