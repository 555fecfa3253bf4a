import Hooke

/// The identity of an ``ElementGrid`` in a ``Scene``.
@frozen
public struct GridID: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
  /// The integer identity.
  public var rawValue: Int
  /// An id from an integer.
  @inlinable public init(_ rawValue: Int) { self.rawValue = rawValue }
  /// An id from an integer literal.
  @inlinable public init(integerLiteral value: Int) { self.rawValue = value }
  /// `grid#<rawValue>`.
  public var description: String { "grid#\(rawValue)" }
}

/// A grid of uniform cards that the scene lays out itself: SwiftUI's
///
/// ```swift
/// LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: spacing), count: columns),
///           spacing: spacing) {
///   ForEach(0..<count) { i in Card().frame(height: rowHeight).matchedGeometryEffect(id: i, in: ns) }
/// }
/// ```
///
/// Card `i` is element ``firstElementID`` + i (its id is reserved in the scene: inserting a
/// plain element with it is a ``SceneDiagnostic/duplicateElementID(_:)``). Its layout frame is
/// column `i % columns`, row `i / columns`:
///
/// - cell width `w = max(0, (bounds.width − (columns − 1)·spacing) / columns)`,
/// - `x = bounds.minX + Double(i % columns)·(w + spacing)`,
///   `y = bounds.minY + Double(i / columns)·(rowHeight + spacing)`, size `w × rowHeight`
///   (``frame(ofCard:)``; only the top edge and the width of ``bounds`` are used).
///
/// Why a grid is its own kind of scene content: a layout change (``columns``, ``bounds``,
/// ``rowHeight``, ``spacing``) moves every card, and SwiftUI animates that as one transaction.
/// The scene stores a grid's cards as columns (48 bytes of motion state per card plus 45 bytes
/// of render list) and animates them in one pass per frame — a
/// million cards reflow within a 120 Hz frame budget — where a plain ``Element`` costs about
/// 700 bytes and a dictionary look-up per change.
///
/// Animation: layout changes animate with the transaction's animation when it is a bare
/// spring (either model) or a timing curve, with the grid's own semantics (retargeting keeps
/// every card's position and velocity; a 1/64-point rest rule; a SwiftUI-model spring's
/// substep clock starts at the change, exact for every card since they all start together).
/// Any other animation (delays, repeats, speed changes, custom animations) moves the cards
/// with `Animation.default`'s spring and is reported as
/// ``SceneDiagnostic/gridAnimationUnsupported(_:)``. ``opacity`` and ``cornerRadius`` animate
/// with the transaction's animation per property (one animator per grid). Insertion and
/// removal use the implicit opacity transition: the grid fades in and out as a whole.
///
/// Matched geometry (``matchedNamespace``): card `i` is the source of group
/// `.int(firstMatchID + i)` in that namespace. A group with one member that is its own source
/// takes its own frame, so matching changes nothing in a grid's presentation; other elements
/// cannot join a card's group (reported as ``SceneDiagnostic/matchedIDOwnedByGrid(element:grid:)``,
/// their matching is ignored), and a grid whose matched ids are already in use in the namespace
/// (another grid's cards, elements' groups) is inserted unmatched
/// (``SceneDiagnostic/gridMatchedIDInUse(grid:id:)``). ``Scene/matchedSource(id:in:)`` and
/// ``Scene/sharedFrame(id:in:)`` answer for the cards.
///
/// Threads: a grid's cards step on the scene's workers (`Scene(threads:)`), bit-identical for
/// any thread count.
///
/// Bad values are sanitised when the grid enters a transaction, reported as
/// ``SceneDiagnostic/invalidGrid(_:)``: a count below 0 → 0, columns below 1
/// → 1, non-finite bounds → `Rect.zero`, a non-finite or negative row height or spacing → 0,
/// a non-finite opacity → 1, corner radius → 0, z-index → 0; finite values whose farthest card
/// would reach a non-finite edge → bounds `Rect.zero`, row height and spacing 0; a count
/// whose card or matched ids would reach `Int.max` → the largest count that stays below it.
public struct ElementGrid: Sendable {
  /// The grid's identity.
  public var id: GridID
  /// The id of card 0; card `i` is `ElementID(firstElementID.rawValue + i)`.
  public var firstElementID: ElementID
  /// Number of cards (at most ``maximumCount`` for an insertion).
  public var count: Int

  /// The most cards a grid may have: 2²⁴ = 16,777,216 (a card takes up to about 100 bytes of
  /// scene memory, so about 1.6 GB). A larger grid is refused with
  /// ``SceneDiagnostic/gridTooLarge(grid:count:limit:)`` instead of exhausting memory.
  public static var maximumCount: Int { 1 << 24 }
  /// Number of columns (≥ 1).
  public var columns: Int
  /// The grid's origin (top-left) and width; the height is not used.
  public var bounds: Rect
  /// The height of every card (points).
  public var rowHeight: Double
  /// Spacing between columns and between rows (points; default 8).
  public var spacing: Double
  /// The container (z layer and clip); default ``ContainerID/root``.
  public var container: ContainerID
  /// Order inside the container relative to elements (see ``Scene``'s render order).
  public var zIndex: Double = 0
  /// The opacity of every card, in [0, 1] (default 1).
  public var opacity: Double = 1
  /// The corner radius of every card (≥ 0 at render time; default 0).
  public var cornerRadius: Double = 0
  /// The namespace the cards are matched in, or `nil` (not matched).
  public var matchedNamespace: Namespace?
  /// The matched id of card 0; card `i` is matched as `.int(firstMatchID + i)` (default 0).
  public var firstMatchID: Int = 0

  /// A grid of `count` cards in `columns` columns.
  public init(
    id: GridID, firstElementID: ElementID, count: Int, columns: Int, bounds: Rect, rowHeight: Double,
    spacing: Double = 8, container: ContainerID = .root
  ) {
    self.id = id
    self.firstElementID = firstElementID
    self.count = count
    self.columns = columns
    self.bounds = bounds
    self.rowHeight = rowHeight
    self.spacing = spacing
    self.container = container
  }

  /// This grid with its cards matched in `namespace` as `.int(firstID + i)`.
  public func matchedGeometry(in namespace: Namespace, firstID: Int = 0) -> ElementGrid {
    var g = self
    g.matchedNamespace = namespace
    g.firstMatchID = firstID
    return g
  }

  /// The element id of card `i`.
  @inlinable public func elementID(ofCard i: Int) -> ElementID { ElementID(firstElementID.rawValue &+ i) }

  /// The card index of element `id`, or `nil` when `id` is not one of this grid's cards.
  public func cardIndex(of id: ElementID) -> Int? {
    let (d, overflow) = id.rawValue.subtractingReportingOverflow(firstElementID.rawValue)
    return !overflow && d >= 0 && d < count ? d : nil
  }

  /// The layout frame of card `i` (formula in the type's documentation; exact for valid input).
  public func frame(ofCard i: Int) -> Rect {
    let g = _geometry
    let o = g.cardOrigin(i)
    return Rect(x: o.x, y: o.y, width: g.cellWidth, height: g.cellHeight)
  }

  /// The layout as the motion engine reads it.
  var _geometry: _GridGeometry {
    let c = Swift.max(columns, 1)
    let w = Swift.max(0, (bounds.width - Double(c - 1) * spacing) / Double(c))
    return _GridGeometry(
      columns: c, originX: bounds.minX, originY: bounds.minY, stepX: w + spacing, stepY: rowHeight + spacing,
      cellWidth: w, cellHeight: rowHeight)
  }

  /// Ids `firstElementID ..< firstElementID + count` (empty when the range would overflow).
  var _idRange: Range<Int> { Self._range(from: firstElementID.rawValue, count: count) }

  /// Matched ids `firstMatchID ..< firstMatchID + count` (empty when the range would overflow).
  var _matchRange: Range<Int> { Self._range(from: firstMatchID, count: count) }

  static func _range(from first: Int, count: Int) -> Range<Int> {
    let (end, overflow) = first.addingReportingOverflow(Swift.max(0, count))
    return overflow ? first..<first : first..<end
  }

  /// The grid with the documented clamps; `bad` tells whether anything was changed.
  func _sanitized() -> (grid: ElementGrid, bad: Bool) {
    var g = self
    var bad = false
    if g.count < 0 {
      g.count = 0
      bad = true
    }
    if g.columns < 1 {
      g.columns = 1
      bad = true
    }
    let b = g.bounds.standardized
    if !(b.origin.x.isFinite && b.origin.y.isFinite && b.size.width.isFinite && b.size.height.isFinite) {
      g.bounds = .zero
      bad = true
    } else {
      g.bounds = b
    }
    func fix(_ v: inout Double, _ d: Double, nonNegative: Bool) {
      if !v.isFinite || (nonNegative && v < 0) {
        v = d
        bad = true
      }
    }
    fix(&g.rowHeight, 0, nonNegative: true)
    fix(&g.spacing, 0, nonNegative: true)
    fix(&g.opacity, 1, nonNegative: false)
    fix(&g.cornerRadius, 0, nonNegative: false)
    fix(&g.zIndex, 0, nonNegative: false)
    // Finite inputs can still overflow: the farthest card's edges must be finite too (the
    // motion engine presents a card at its target when anything else fails, so the target must be).
    if g.count > 0 {
      let geo = g._geometry
      let far = geo.cardOrigin(Swift.min(g.count, geo.columns) - 1).x
      let bottom = geo.cardOrigin(g.count - 1).y
      if !((far + geo.cellWidth).isFinite && (bottom + geo.cellHeight).isFinite) {
        g.bounds = .zero
        g.rowHeight = 0
        g.spacing = 0
        bad = true
      }
    }
    // Ids must fit: shrink the count so the last card's id does not overflow.
    // (Only a non-negative first id can overflow; `Int.max − negative` would itself trap.)
    if g.firstElementID.rawValue >= 0, g.count > Int.max - g.firstElementID.rawValue {
      g.count = Int.max - g.firstElementID.rawValue
      bad = true
    }
    if g.firstMatchID >= 0, g.count > Int.max - g.firstMatchID {
      g.count = Int.max - g.firstMatchID
      bad = true
    }
    return (g, bad)
  }
}
