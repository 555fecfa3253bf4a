import Hooke
import HookeAnimation

/// An element as its scene record holds it: the model values that transactions and row
/// refreshes read, inline, and the rare ones — own clip, explicit transition, matched geometry,
/// zoom-source tag, zoom navigation transition, and the style values other than opacity with
/// the z-index (``_StyleExtras``) — as indices into the scene's side columns
/// (``_AttachmentColumns``), −1 for none.
///
/// Why: an ``Element`` is 360 bytes, 224 of them attachments that most elements do not have,
/// and 72 more values that most elements leave at their defaults. Held inline, every record
/// paid for all of them and spanned 11 cache lines; held aside, a record is 4 lines and an
/// element pays only for what it has (a matched card: 72 bytes in the matched-geometry column).
struct _StoredElement {
  var id: ElementID
  var container: ContainerID
  var frame: Rect
  var opacity: Double
  /// Entries in the side columns (−1: none; for `extras`, every value at its default).
  var clip: Int32 = -1
  var transition: Int32 = -1
  var match: Int32 = -1
  var source: Int32 = -1
  var navigation: Int32 = -1
  var extras: Int32 = -1
  var shape: ElementShape

  /// The core of `e` without its side-column values (all indices −1).
  init(core e: borrowing Element) {
    id = e.id
    container = e.container
    frame = e.frame
    opacity = e.opacity
    shape = e.shape
  }

  /// Whether it has an own clip rectangle.
  var hasClip: Bool { clip >= 0 }
}

/// An element's style values other than opacity, and its z-index: values most elements leave at
/// their defaults, kept in a side column (``_AttachmentColumns/extras``) by the elements that set
/// one, so that a record carries 72 bytes fewer (four cache lines instead of five).
struct _StyleExtras {
  var scale: Double
  var scaleAnchor: UnitPoint
  var offset: Size
  var rotation: Double
  var cornerRadius: Double
  var blurRadius: Double
  var zIndex: Double

  /// An ``Element``'s defaults (`StoredElementTests` checks them against `Element`'s).
  static var defaults: _StyleExtras {
    _StyleExtras(
      scale: 1, scaleAnchor: .center, offset: .zero, rotation: 0, cornerRadius: 0, blurRadius: 0, zIndex: 0)
  }

  /// Whether every value has the bits of its default: a −0 or a NaN is kept in an entry, so that
  /// the element reads back exactly as it was given.
  var isDefault: Bool {
    let d = Self.defaults
    return scale.bitPattern == d.scale.bitPattern && scaleAnchor.x.bitPattern == d.scaleAnchor.x.bitPattern
      && scaleAnchor.y.bitPattern == d.scaleAnchor.y.bitPattern
      && offset.width.bitPattern == d.offset.width.bitPattern
      && offset.height.bitPattern == d.offset.height.bitPattern
      && rotation.bitPattern == d.rotation.bitPattern
      && cornerRadius.bitPattern == d.cornerRadius.bitPattern
      && blurRadius.bitPattern == d.blurRadius.bitPattern
      && zIndex.bitPattern == d.zIndex.bitPattern
  }
}

// In an extension, so that the struct keeps its synthesised memberwise initialiser.
extension _StyleExtras {
  /// `e`'s values.
  init(of e: borrowing Element) {
    self.init(
      scale: e.scale, scaleAnchor: e.scaleAnchor, offset: e.offset, rotation: e.rotation,
      cornerRadius: e.cornerRadius, blurRadius: e.blurRadius, zIndex: e.zIndex)
  }
}

/// A sparse column: a value for the few records that have one, at an index the record keeps.
/// Freed entries are reused last-freed first, so the column holds at most as many entries as
/// records have had a value at once (it never grows in a steady state).
struct _SideColumn<Value> {
  private(set) var values: [Value?] = []
  private var free: [Int32] = []

  /// Stores `value`; returns its index.
  mutating func add(_ value: consuming Value) -> Int32 {
    if let i = free.popLast() {
      values[Int(i)] = consume value
      return i
    }
    values.append(consume value)
    return Int32(truncatingIfNeeded: values.count - 1)
  }

  /// Makes room in the free list for every entry, so that freeing one never grows it (a scene
  /// frees entries in frames — an eviction — which must not allocate, and adds them only in
  /// transactions). A transaction's own columns never free entries and skip this.
  mutating func reserveFreeList() {
    if free.capacity < values.count { free.reserveCapacity(values.capacity) }
  }

  /// Frees entry `i` (−1: nothing) and sets it to −1; its value is released.
  mutating func remove(_ i: inout Int32) {
    guard i >= 0 else { return }
    values[Int(i)] = nil
    free.append(i)
    i = -1
  }

  /// Sets entry `i` to `value`: reuses, adds or frees the entry (`nil` frees it).
  mutating func set(_ i: inout Int32, to value: consuming Value?) {
    guard let v = consume value else { return remove(&i) }
    if i >= 0 {
      values[Int(i)] = consume v
    } else {
      i = add(v)
    }
  }

  /// The value at `i`, `nil` for −1.
  subscript(i: Int32) -> Value? { i < 0 ? nil : values[Int(i)] }

  /// The value at `i` moved out (the entry is left empty but not freed: for a column about to be
  /// discarded), `nil` for −1. No copy: copying an attachment that holds a string or a class
  /// reference goes through the runtime's value witnesses, a few hundred instructions.
  mutating func take(_ i: Int32) -> Value? { i < 0 ? nil : values[Int(i)].take() }

  /// `body` applied to the value at `i` in place (no copy of it, so no retain of what it
  /// holds), or `nil` for −1.
  @inline(__always)
  func read<R>(_ i: Int32, _ body: (borrowing Value) -> R) -> R? {
    guard i >= 0 else { return nil }
    // Safety: callers pass −1 (handled above) or an entry of this column, below `values.count`;
    // `body` borrows the value only while the buffer is bound.
    return values.withUnsafeBufferPointer { v in
      switch v[Int(i)] {
      case .some(let value): return body(value)
      case .none: return nil
      }
    }
  }

  /// The number of entries in use.
  var count: Int { values.count - free.count }

  /// The entry the `k`-th next ``add(_:)`` takes (0: the next one), or −1 when it appends.
  func upcomingEntry(_ k: Int) -> Int32 { k < free.count ? free[free.count - 1 - k] : -1 }

  /// A byte of entry `i`'s storage (0 for −1): a read-ahead's load, whose value is not used.
  @inline(__always)
  func touch(_ i: Int32) -> Int {
    guard i >= 0 else { return 0 }
    // Safety: `i` indexes `values` (an entry of this column), whose bytes start at entry·stride.
    return values.withUnsafeBytes { Int($0[Int(i) &* MemoryLayout<Value?>.stride]) }
  }
}

extension _SideColumn<MatchedGeometry> {
  /// The group that the matched geometry at `i` names in `table`, when its id is an integer
  /// with a page there (``_GroupTable/pagedGroup(_:_:)``), else nil; nil for −1. Reads the
  /// entry in place: no copy of its id, which may hold a string.
  @inline(__always)
  func pagedGroup(_ i: Int32, in table: _GroupTable) -> Int? {
    guard i >= 0 && Int(i) < values.count else { return nil }
    // Safety: `i` is below `values.count` (checked); the entry is only read while bound.
    return values.withUnsafeBufferPointer { v in
      guard case .some(let m) = v[Int(i)], case .int(let raw) = m.id else { return nil }
      return table.pagedGroup(m.namespace, raw)
    }
  }
}

/// The side columns of the elements' rare attachments (see ``_StoredElement``).
struct _AttachmentColumns {
  var clips = _SideColumn<Rect>()
  var transitions = _SideColumn<AnyTransition>()
  var matches = _SideColumn<MatchedGeometry>()
  var sources = _SideColumn<(id: MatchID, namespace: Namespace)>()
  var navigations = _SideColumn<ZoomNavigationTransition>()
  /// The style values besides opacity and the z-index of elements that set one.
  var extras = _SideColumn<_StyleExtras>()

  /// `e` as a record holds it, its attachments stored here.
  mutating func store(_ e: Element) -> _StoredElement {
    var stored = _StoredElement(core: e)
    attach(e, to: &stored)
    return stored
  }

  /// ``store(_:)`` for an element no one else holds: its attachments are moved in, not copied
  /// (see ``_SideColumn/take(_:)``).
  mutating func store(taking e: consuming Element) -> _StoredElement {
    var stored = _StoredElement(core: e)
    attach(e, to: &stored)
    return stored
  }

  /// Replaces `stored` with `e`, reusing `stored`'s entries where `e` has the same kinds of
  /// attachment.
  mutating func replace(_ stored: inout _StoredElement, with e: Element) {
    var new = _StoredElement(core: e)
    (new.clip, new.transition, new.match, new.source, new.navigation, new.extras) = (
      stored.clip, stored.transition, stored.match, stored.source, stored.navigation, stored.extras
    )
    attach(e, to: &new)
    stored = new
  }

  /// Sets `stored`'s entries to `e`'s attachments.
  private mutating func attach(_ e: consuming Element, to stored: inout _StoredElement) {
    clips.set(&stored.clip, to: e.clipRect.take())
    transitions.set(&stored.transition, to: e.transition.take())
    matches.set(&stored.match, to: e.matchedGeometry.take())
    sources.set(&stored.source, to: e.transitionSource.take())
    navigations.set(&stored.navigation, to: e.navigationTransition.take())
    let values = _StyleExtras(of: e)
    extras.set(&stored.extras, to: values.isDefault ? nil : values)
  }

  /// Makes room in every column's free list for all its entries (``_SideColumn/reserveFreeList()``).
  mutating func reserveFreeLists() {
    clips.reserveFreeList()
    transitions.reserveFreeList()
    matches.reserveFreeList()
    sources.reserveFreeList()
    navigations.reserveFreeList()
    extras.reserveFreeList()
  }

  /// Frees `stored`'s entries (its indices become −1).
  mutating func release(_ stored: inout _StoredElement) {
    clips.remove(&stored.clip)
    transitions.remove(&stored.transition)
    matches.remove(&stored.match)
    sources.remove(&stored.source)
    navigations.remove(&stored.navigation)
    extras.remove(&stored.extras)
  }

  /// The public element `stored` holds, its attachments moved out of their entries (which are
  /// left empty, not freed: for columns about to be discarded, a transaction's when it is applied).
  mutating func take(_ stored: _StoredElement) -> Element {
    Element(
      _stored: stored, clipRect: clips.take(stored.clip), transition: transitions.take(stored.transition),
      matchedGeometry: matches.take(stored.match), transitionSource: sources.take(stored.source),
      navigationTransition: navigations.take(stored.navigation), extras: extras.values(of: stored))
  }

  /// The public element `stored` holds.
  func element(_ stored: _StoredElement) -> Element {
    // Every field set once, by one initialiser: assigning an attachment to an element made with
    // the default one destroyed the `nil` it had, through the runtime's value witnesses (several
    // hundred instructions per element rebuilt for an insertion).
    Element(
      _stored: stored, clipRect: clips[stored.clip], transition: transitions[stored.transition],
      matchedGeometry: matches[stored.match], transitionSource: sources[stored.source],
      navigationTransition: navigations[stored.navigation], extras: extras.values(of: stored))
  }
}

/// Reads of `stored`'s style values besides opacity and its z-index, from the column of
/// ``_AttachmentColumns/extras`` (defaults for an element without an entry, the common case,
/// without reading the column).
extension _SideColumn where Value == _StyleExtras {
  /// All of them.
  @inline(__always)
  func values(of stored: borrowing _StoredElement) -> _StyleExtras {
    stored.extras < 0 ? .defaults : read(stored.extras, { $0 }) ?? .defaults
  }

  /// The anchor its scale is about.
  @inline(__always)
  func scaleAnchor(of stored: borrowing _StoredElement) -> UnitPoint {
    stored.extras < 0 ? .center : read(stored.extras, { $0.scaleAnchor }) ?? .center
  }

  /// Its z-index.
  @inline(__always)
  func zIndex(of stored: borrowing _StoredElement) -> Double {
    stored.extras < 0 ? 0 : read(stored.extras, { $0.zIndex }) ?? 0
  }

  /// Its ``Element/_styleVector``: the defaults' inline, an entry's out of line (rare: the call
  /// keeps the common case small in the transaction's per-change code that inlines this).
  @inline(__always)
  func styleVector(of stored: borrowing _StoredElement) -> _Oct {
    guard stored.extras >= 0 else { return Self.styleVector(of: stored, .defaults) }
    return _styleVectorOfEntry(stored)
  }

  /// ``styleVector(of:)`` of an element that has an entry.
  @inline(never)
  func _styleVectorOfEntry(_ stored: borrowing _StoredElement) -> _Oct {
    Self.styleVector(of: stored, values(of: stored))
  }

  /// The style vector of `stored`'s opacity and shape with `x`.
  @inline(__always)
  static func styleVector(of stored: borrowing _StoredElement, _ x: _StyleExtras) -> _Oct {
    Element._styleVector(
      opacity: stored.opacity, scale: x.scale, offset: x.offset, rotation: x.rotation,
      renderedCornerRadius: stored.shape == .rectangle ? x.cornerRadius : Element._roundCornerRadius,
      blurRadius: x.blurRadius)
  }
}

extension Element {
  /// The element with `stored`'s identity, frame, opacity and shape, `extras`' other style
  /// values and z-index, and the given attachments.
  init(
    _stored stored: _StoredElement, clipRect: Rect?, transition: AnyTransition?,
    matchedGeometry: MatchedGeometry?, transitionSource: (id: MatchID, namespace: Namespace)?,
    navigationTransition: ZoomNavigationTransition?, extras: _StyleExtras
  ) {
    id = stored.id
    container = stored.container
    frame = stored.frame
    opacity = stored.opacity
    scale = extras.scale
    scaleAnchor = extras.scaleAnchor
    offset = extras.offset
    rotation = extras.rotation
    cornerRadius = extras.cornerRadius
    shape = stored.shape
    blurRadius = extras.blurRadius
    zIndex = extras.zIndex
    self.clipRect = clipRect
    self.transition = transition
    self.matchedGeometry = matchedGeometry
    self.transitionSource = transitionSource
    self.navigationTransition = navigationTransition
  }
}

extension Scene {
  /// Slot `s`'s element, attachments included.
  func _element(_ s: Int) -> Element {
    // Safety: callers pass a live slot (from `_slots`), below `_records.count`.
    _records.withUnsafeBufferPointer { _attachments.element($0[s].element) }
  }
  /// The matched-geometry attachment of slot `s`'s element.
  func _matchedGeometry(_ s: Int) -> MatchedGeometry? { _attachments.matches[_records[s].element.match] }
  /// The own clip rectangle of slot `s`'s element.
  func _clipRect(_ s: Int) -> Rect? { _attachments.clips[_records[s].element.clip] }
  /// The explicit transition of slot `s`'s element.
  func _transition(_ s: Int) -> AnyTransition? { _attachments.transitions[_records[s].element.transition] }
  /// The transition in effect for slot `s`'s element (``Element/effectiveTransition``).
  func _effectiveTransition(_ s: Int) -> AnyTransition { _transition(s) ?? .opacity }
  /// The zoom-source tag of slot `s`'s element.
  func _transitionSource(_ s: Int) -> (id: MatchID, namespace: Namespace)? {
    _attachments.sources[_records[s].element.source]
  }
  /// The zoom navigation transition of slot `s`'s element.
  func _navigationTransition(_ s: Int) -> ZoomNavigationTransition? {
    _attachments.navigations[_records[s].element.navigation]
  }
}

extension Scene {
  /// A transition state resting on `effect` at `anchor`: a released one when there is one, so
  /// that transactions inserting and removing with transitions do not allocate one per element.
  func _takeTransition(
    effect: _Oct = _TransitionState.neutralEffect, anchor: UnitPoint = .center
  ) -> _TransitionState {
    if let tr = _spareTransitions.popLast() {
      tr.reset(effect: effect, anchor: anchor)
      return tr
    }
    // The pool can take back every state made without growing: states come back in frames (an
    // eviction), which must not allocate, and are made only in transactions.
    _transitionsMade += 1
    if _spareTransitions.capacity < _transitionsMade {
      _spareTransitions.reserveCapacity(Swift.max(2 * _spareTransitions.capacity, _transitionsMade, 64))
    }
    return _TransitionState(effect: effect, anchor: anchor)
  }

  /// Gives slot `s` a transition state (the neutral effect at the centre) unless it has one.
  func _ensureTransition(_ s: Int) {
    // Safety: callers pass a live slot, below `_records.count`; the buffer is released before the
    // record is written.
    if _records.withUnsafeBufferPointer({ $0[s]._transition == nil }) {
      _records[s]._transition = _takeTransition()
    }
  }

  /// Frees slot `s`'s transition state and keeps it for reuse.
  func _releaseTransition(_ s: Int) {
    if let tr = _records[s].releaseTransition(_fast) { _spareTransitions.append(tr) }
  }
}
