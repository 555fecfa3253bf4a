import Hooke
import HookeAnimation

extension Scene {
  /// The presented layout frame of slot `s` (own animated frame, then matched geometry).
  @inline(__always)
  func _presentedFrame(_ s: Int) -> Rect {
    guard let f = _fast else { return _presentedFrame(s, batchValues: nil) }
    return f.values.withUnsafeBufferPointer { _presentedFrame(s, batchValues: $0) }
  }

  /// ``_presentedFrame(_:)`` with the fast path's value table passed in (one access per frame
  /// instead of four per element).
  @inline(__always)
  func _presentedFrame(_ s: Int, batchValues v: UnsafeBufferPointer<Double>?) -> Rect {
    // Field-wise reads: copying a whole record would retain every reference in it.
    func quad(_ c: _FrameChannel) -> _Quad {
      if c._quad >= 0, let v {
        let i = 4 * c._quad
        return _Quad(v[i], v[i + 1], v[i + 2], v[i + 3])
      }
      return c._general.value
    }
    let own = Rect(_q: quad(_records[s].frame))
    guard let g = _records[s].group, _groups[g].source != nil, let ch = _groups[g].shared,
      let m = _records[s].element.matchedGeometry
    else {
      return own
    }
    let q = quad(ch)
    let shared = MatchedGeometryFrame(anchorPosition: Point(x: q.a, y: q.b), size: Size(width: q.c, height: q.d))
    return shared.apply(to: own, anchor: m.anchor, properties: m.properties)
  }

  /// The effective clip of slot `s`: its own clip intersected with its container chain's
  /// (an empty intersection gives a zero-size rectangle at the first clip's origin).
  func _clip(of s: Int) -> Rect? {
    let e = _records[s].element
    var clip = e.clipRect?.standardized
    var c = e.container
    var guardCount = 0
    while c != .root, let container = _containers[c], guardCount < 64 {
      if let r = container.clipRect?.standardized {
        if let cur = clip {
          clip = cur.intersection(r) ?? Rect(origin: cur.origin, size: .zero)
        } else {
          clip = r
        }
      }
      c = container.parent
      guardCount += 1
    }
    return clip
  }

  /// Removes slot `s` from the scene (its id becomes free; `_order` is compacted by the caller).
  mutating func _evict(_ s: Int) {
    let id = _records[s].element.id
    if let g = _records[s].group { _leave(s, g) }
    if let z = _records[s].element.transitionSource {
      let k = _GroupKey(namespace: z.namespace, id: z.id)
      if _zoomSources[k] == id { _zoomSources[k] = nil }
    }
    if let src = _records[s].zoomSource {
      if let i = _zoomDestinations.firstIndex(of: id) { _zoomDestinations.remove(at: i) }
      if let ss = _slots[src] { _records[ss].hidden = false }
    }
    _records[s].live = false
    _records[s].frame.release(_fast)
    _records[s].dimming = nil
    _slots[id] = nil
    _free.append(s)
  }

  mutating func _sortOrder() {
    _orderDirty = false
    // Flat keys (no record copies in the comparator); the sort is stable-equivalent because the
    // insertion sequence breaks every tie, and runs in O(n) on already ordered input.
    var keys: [(container: Double, z: Double, seq: Int, slot: Int)] = []
    keys.reserveCapacity(_order.count)
    for s in _order {
      let c = _records[s].element.container
      let cz = c == .root ? 0 : _containers[c]?.zIndex ?? 0
      keys.append((cz, _records[s].element.zIndex, _records[s].seq, s))
    }
    keys.sort { a, b in
      if a.container != b.container { return a.container < b.container }
      if a.z != b.z { return a.z < b.z }
      return a.seq < b.seq
    }
    for i in keys.indices { _order[i] = keys[i].slot }
  }

  mutating func _writeRenderList() {
    // Zoom sources are hidden while a destination flies.
    for id in _zoomDestinations {
      guard let d = _slots[id], let src = _records[d].zoomSource, let s = _slots[src] else { continue }
      let flying = _records[d].frame.isAnimating(_fast) || _records[d].removing
      _records[s].hidden = flying
    }
    var list = renderList
    renderList = RenderList()
    list._reset(reserving: _order.count + _zoomDestinations.count)
    let batchValues = _fast?.values ?? []
    batchValues.withUnsafeBufferPointer { batchValues in
      for s in _order {
        let id = _records[s].element.id
        let base = _presentedFrame(s, batchValues: _fast == nil ? nil : batchValues)
        let clip =
          (_records[s].element.container == .root && _records[s].element.clipRect == nil) ? nil : _clip(of: s)
        if let dim = _records[s].dimming?.value {
          list._append(id, .dimming, bounds, opacity: dim, rotation: 0, cornerRadius: 0, blurRadius: 0, clip: nil)
        }
        let st = _records[s].style.value.simd
        let fx = _records[s].effect.value.simd
        // Own scale about the element's anchor, own offset, then the transition's scale about its
        // anchor and offset (modifier order: transition outermost).
        let ae = base.point(at: _records[s].element.scaleAnchor)
        let at = base.point(at: _records[s].effectAnchor)
        let se = st[1]
        var x0 = ae.x + se * (base.minX - ae.x) + st[2]
        var x1 = ae.x + se * (base.maxX - ae.x) + st[2]
        var y0 = ae.y + se * (base.minY - ae.y) + st[3]
        var y1 = ae.y + se * (base.maxY - ae.y) + st[3]
        x0 = at.x + fx[1] * (x0 - at.x) + fx[3]
        x1 = at.x + fx[1] * (x1 - at.x) + fx[3]
        y0 = at.y + fx[2] * (y0 - at.y) + fx[4]
        y1 = at.y + fx[2] * (y1 - at.y) + fx[4]
        let visual = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let opacity = _records[s].hidden ? 0 : st[0] * fx[0]
        list._append(
          id, .element, visual, opacity: opacity, rotation: st[4] + fx[5], cornerRadius: st[5],
          blurRadius: st[6] + fx[6], clip: clip)
      }
    }
    renderList = list
  }
}
