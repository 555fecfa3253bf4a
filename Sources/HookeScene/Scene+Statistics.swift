import Hooke

extension Scene {
  /// The number of the batch engine's channels animating right now: the channels the next
  /// ``advance(to:)`` steps (combining channels count once). Properties animating per property
  /// (animations without a batch driver, see ``Scene``) and grid cards
  /// (``gridActiveChannelCount``) are not counted. O(batch groups); for benchmarks' work
  /// counters.
  public var activeBatchChannelCount: Int {
    guard let e = _fast?.engine else { return 0 }
    return e.activeCount + e.combiningCount
  }

  /// The number of the batch engine's channels animating right now.
  @available(*, deprecated, renamed: "activeBatchChannelCount")
  public var fastPathActiveChannelCount: Int { activeBatchChannelCount }
}

extension Scene {
  /// The number of grid channels the next ``advance(to:)`` steps: per moving ``ElementGrid``,
  /// two per card (x, y) and two for the cards' shared size; 0 for grids at rest. O(grids); for
  /// benchmarks' work counters.
  public var gridActiveChannelCount: Int {
    var n = 0
    for g in _grids where g.live && g.motion.isMoving { n += 2 * g.grid.count + 2 }
    return n
  }
}

/// Counts of a scene's live structures and of the tables that hold them, for soaks and leak
/// checks: a table's size is the most entries it ever held at once (freed entries go to its free
/// list and are reused before it grows), so over a long run it follows the peak of its live
/// count, and a live count that drifts up while the work stays level is a leak.
///
/// All counts are plain integers read from the scene's state (no timing); the batch counts are 0
/// in the per-property reference scene.
package struct SceneStructureCounts: Equatable, Sendable {
  /// Elements, including ones being removed and grid cards (``Scene/elementCount``).
  package var elements = 0
  /// Element slots (records) and the free ones among them.
  package var slots = 0
  package var freeSlots = 0
  /// The id → slot map: entries allocated in pages (free pages included) and ids in the
  /// dictionary.
  package var idMapDense = 0
  package var idMapSparse = 0
  /// Matched-geometry groups and the free ones among them.
  package var matchedGroups = 0
  package var freeMatchedGroups = 0
  /// Look entries (style, effect, anchors) and the free ones among them.
  package var looks = 0
  package var freeLooks = 0
  /// Entries of the attachment side columns (clips, transitions, matched geometry, zoom-source
  /// tags, navigation transitions; see `_StoredElement`), all columns together, and the free
  /// ones among them.
  package var attachmentEntries = 0
  package var freeAttachmentEntries = 0
  /// Transition states made (held by records or pooled) and the pooled ones among them.
  package var transitionStates = 0
  package var spareTransitionStates = 0
  /// Rows of the last render list.
  package var renderRows = 0
  /// Slots and matched groups' shared frames sampled per frame on the general path.
  package var generalPathMotion = 0
  /// Fast path: batch engine groups, the free (parked) ones among them, and the animations with
  /// a group (animation keys).
  package var batchGroups = 0
  package var freeBatchGroups = 0
  package var animationKeys = 0
  /// Fast path: quads (four channels each) and the free ones; quads listed as possibly moving.
  package var quads = 0
  package var freeQuads = 0
  package var movingQuads = 0
  /// Fast path: channels, the active ones and the combining ones.
  package var channels = 0
  package var activeChannels = 0
  package var combiningChannels = 0
  /// Fast path: engine handle indices the scene has used (the handle table) and those now unused.
  package var handleSlots = 0
  package var freeHandleSlots = 0

  /// The counts by name, in declaration order (for reports).
  package var fields: [(name: String, value: Int)] {
    [
      ("elements", elements), ("slots", slots), ("free slots", freeSlots), ("id map dense", idMapDense),
      ("id map sparse", idMapSparse), ("matched groups", matchedGroups),
      ("free matched groups", freeMatchedGroups), ("looks", looks), ("free looks", freeLooks),
      ("attachment entries", attachmentEntries), ("free attachment entries", freeAttachmentEntries),
      ("transition states", transitionStates), ("spare transition states", spareTransitionStates),
      ("render rows", renderRows), ("general-path motion", generalPathMotion), ("batch groups", batchGroups),
      ("free batch groups", freeBatchGroups), ("animation keys", animationKeys), ("quads", quads),
      ("free quads", freeQuads), ("moving quads", movingQuads), ("channels", channels),
      ("active channels", activeChannels), ("combining channels", combiningChannels),
      ("handle slots", handleSlots), ("free handle slots", freeHandleSlots),
    ]
  }
}

extension Scene {
  /// The scene's ``SceneStructureCounts``. O(elements + handle slots); for soaks and tests.
  package var structureCounts: SceneStructureCounts {
    var c = SceneStructureCounts()
    c.elements = elementCount
    c.slots = _records.count
    c.freeSlots = _free.count
    c.idMapDense = _slots.paged.allocatedEntries
    c.idMapSparse = _slots.sparse.count
    c.matchedGroups = _groups.count
    c.freeMatchedGroups = _freeGroups.count
    c.looks = _looks.count
    c.freeLooks = _freeLooks.count
    let a = _attachments
    c.attachmentEntries =
      a.clips.values.count + a.transitions.values.count + a.matches.values.count + a.sources.values.count
      + a.navigations.values.count
    c.freeAttachmentEntries =
      c.attachmentEntries
      - (a.clips.count + a.transitions.count + a.matches.count + a.sources.count + a.navigations.count)
    c.transitionStates = _transitionsMade
    c.spareTransitionStates = _spareTransitions.count
    c.renderRows = renderList.count
    c.generalPathMotion = _motion.count + _movingGroups.count
    if let f = _fast {
      c.batchGroups = f.engine.groupCount
      c.freeBatchGroups = f.freeGroups.count
      c.animationKeys = f.groups.count + f.styleGroups.count
      c.quads = f.quadCount
      c.freeQuads = f.freeQuads.count
      c.movingQuads = f.moving.count
      c.channels = f.engine.channelCount
      c.activeChannels = f.engine.activeCount
      c.combiningChannels = f.engine.combiningCount
      c.handleSlots = f.slotMap.count
      c.freeHandleSlots = f.slotMap.reduce(0) { $0 + ($1 < 0 ? 1 : 0) }
    }
    return c
  }
}
