import Hooke
import HookeAnimation

// SwiftUI's `withAnimation` on a scene: transactions happen now — at the scene's clock, the time
// of the last frame or transaction — and may register a completion.

/// A completion registered by ``Scene/withAnimation(_:completionCriteria:at:_:completion:)``.
struct _SceneCompletion {
  var criteria: AnimationCompletionCriteria
  var callback: () -> Void
  /// `.logicallyComplete`: a private fork of the transaction's animation on a unit interval,
  /// evaluated from the transaction's time (`nil`: not animated, due at once).
  var fork: Animation?
  var context = AnimationContext<Double>()
  var begin: Double
  /// `.removed`: what the transaction changed.
  var elements: [ElementID]
  var grids: [GridID]
}

extension Scene {
  /// Applies the changes recorded by `body` now, at ``currentTime`` (the scene's clock: the last
  /// time a frame or a transaction used), animated with `animation` — SwiftUI's
  /// `withAnimation(_:_:)`, which needs no time because it acts on the current frame.
  ///
  /// The same as ``withAnimation(_:at:_:)`` at ``currentTime``; returns the diagnostics.
  @discardableResult
  public func withAnimation(
    _ animation: Animation? = .default, _ body: (inout SceneTransaction) -> Void
  ) -> TransactionResult {
    withAnimation(animation, at: currentTime, body)
  }

  /// Applies the changes recorded by `body` now (at ``currentTime``) without animation.
  @discardableResult
  public func withoutAnimation(_ body: (inout SceneTransaction) -> Void) -> TransactionResult {
    withAnimation(nil, at: currentTime, body)
  }

  /// SwiftUI's `withAnimation(_:completionCriteria:_:completion:)`: applies the changes recorded
  /// by `body` at `time` (default ``currentTime``) with `animation`, and calls `completion` once,
  /// at the end of the first ``advance(to:)`` at which the transaction's animations are complete
  /// by `completionCriteria` (default `.logicallyComplete`, as SwiftUI):
  /// - `.logicallyComplete`: when a private fork of `animation`, started at the transaction's
  ///   time on a unit change, reports logical completion or ends (springs: after their
  ///   response; timing curves: when they end) — later transactions do not delay it;
  /// - `.removed`: when no element the transaction inserted, removed, updated or moved (nor the
  ///   matched group it belongs to, nor a grid it changed) is animating or leaving any more —
  ///   animations that later transactions merge into them delay it, as in SwiftUI.
  ///
  /// Without animation (`nil`) or when nothing changes, the completion fires at the end of the
  /// next ``advance(to:)``. A completion may start transactions; they apply at that frame's
  /// time. Completions of one frame fire in registration order. An animation that never
  /// completes (`repeatForever`) never fires its completion, as in SwiftUI; each pending
  /// completion costs one evaluation of its fork (or one check per changed element) per frame.
  @discardableResult
  public func withAnimation(
    _ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    at time: Double? = nil, _ body: (inout SceneTransaction) -> Void, completion: @escaping () -> Void
  ) -> TransactionResult {
    var tx = SceneTransaction(animation: animation)
    body(&tx)
    let result = apply(tx, at: time ?? currentTime)
    var elements: [ElementID] = []
    var grids: [GridID] = []
    if completionCriteria == .removed {
      for op in tx._ops {
        switch op {
        case .insert(let i): elements.append(tx._inserted[i].id)
        case .remove(let id), .setFrame(let id, _), .setOpacity(let id, _): elements.append(id)
        case .removeGrid(let id): grids.append(id)
        case .setElementContainer: break  // the frame change before it lists the id
        case .boxed(let i):
          switch tx._boxed[i] {
          case .replace(let e): elements.append(e.id)
          case .update(let id, _): elements.append(id)
          case .insertGrid(let g): grids.append(g.id)
          case .updateGrid(let id, _): grids.append(id)
          case .container, .released: break
          }
        }
      }
    }
    _completions.append(
      _SceneCompletion(
        criteria: completionCriteria, callback: completion, fork: animation, begin: currentTime,
        elements: elements, grids: grids))
    return result
  }

  /// Fires the completions that are due at frame time `t` (see
  /// ``withAnimation(_:completionCriteria:at:_:completion:)``).
  func _fireCompletions(at t: Double) {
    var due: [() -> Void] = []
    var kept = 0
    for k in _completions.indices {
      if _isComplete(&_completions[k], at: t) {
        due.append(_completions[k].callback)
      } else {
        _completions.swapAt(kept, k)
        kept += 1
      }
    }
    _completions.removeLast(_completions.count - kept)
    for callback in due { callback() }
  }

  func _isComplete(_ c: inout _SceneCompletion, at t: Double) -> Bool {
    switch c.criteria {
    case .logicallyComplete:
      guard let fork = c.fork else { return true }
      guard fork.animate(value: 1.0, time: t - c.begin, context: &c.context) != nil else { return true }
      return c.context.isLogicallyComplete
    case .removed:
      for id in c.elements where _isInMotion(id) { return false }
      for id in c.grids {
        guard let g = _gridIndex[id], _grids[g].live else { continue }
        if _grids[g].removing || _grids[g].opacity.isAnimating || _grids[g].cornerRadius.isAnimating
          || _grids[g].motion.isMoving
        {
          return false
        }
      }
      return true
    }
  }

  /// Whether element `id` (or its matched group's shared frame, or its grid) is animating or
  /// still leaving.
  func _isInMotion(_ id: ElementID) -> Bool {
    guard let s = _slots[id] else {
      if let (g, _) = _gridCard(id) {
        return _grids[g].removing || _grids[g].opacity.isAnimating || _grids[g].motion.isMoving
      }
      return false
    }
    if _records[s].removing || _records[s].isAnimating(_fast) { return true }
    if let g = _records[s].group, let shared = _groups[g].shared, shared.isAnimating(_fast) { return true }
    return false
  }
}

extension SceneTransaction {
  /// Removes each element of `ids` (as ``remove(_:)`` one by one, in order).
  public mutating func remove<S: Sequence<ElementID>>(contentsOf ids: S) {
    for id in ids { remove(id) }
  }
}
