import Hooke

// `.logicallyComplete` completions read their entry's state from the running animation's own
// evaluation (see `PropertyAnimator`); what a merge or pruning takes away while a completion
// still waits on it lives on here as a retired run.

extension PropertyAnimator {
  /// Entries taken from the running animation (by a merge, which replaces it, or by pruning,
  /// which drops entries older than the newest finished one) while `.logicallyComplete`
  /// completions still wait on some of them. Evaluated on the running animation's clock, so each
  /// entry evaluates exactly as it would have there (and in SwiftUI's private fork).
  struct _RetiredRun {
    var animation: Animation
    var context: AnimationContext<Value>
    var interval: Value
    var begin: Double
    /// The id of the `set` that created each entry (one when `animation` is not a combination).
    var entryIDs: [Int]
  }

  /// The number of entries one ``sample(at:)`` evaluates: those of the running animation (its
  /// combined entries, or 1; 0 when idle) plus those of the retired runs kept for pending
  /// `.logicallyComplete` completions. It stays bounded by the entries still running plus the
  /// ones pending completions wait on, however often the property is animated.
  package var evaluatedEntryCount: Int {
    guard animation != nil else { return 0 }
    return _entryIDs.count + _retired.reduce(0) { $0 + $1.entryIDs.count }
  }

  /// Appends to `due` the pending `.logicallyComplete` ids among `entryIDs` whose entry has
  /// ended or is logically complete after an evaluation of `animation` (`ended`: it returned
  /// `nil`) that left `context`.
  func _collectDue(
    _ animation: Animation, _ context: AnimationContext<Value>, ended: Bool, _ entryIDs: [Int],
    into due: inout [Int]
  ) {
    guard !_pendingLogical.isEmpty else { return }
    if let states = DefaultCombiningAnimation._entryStates(of: animation, context: context) {
      guard states.count == entryIDs.count else { return }
      for i in states.indices where states[i].finished || states[i].context.isLogicallyComplete {
        if _pendingLogical.contains(entryIDs[i]) { due.append(entryIDs[i]) }
      }
    } else if ended || context.isLogicallyComplete, let id = entryIDs.first, _pendingLogical.contains(id) {
      due.append(id)
    }
  }

  /// Evaluates every retired run at `t`, collects the completions that became due, and drops
  /// what no pending completion waits on any more (whole runs included).
  mutating func _advanceRetiredRuns(to t: Double, collectingDueInto due: inout [Int]) {
    guard !_retired.isEmpty else { return }
    for i in _retired.indices {
      var run = _retired[i]
      _retired[i].context = AnimationContext()  // `run` then holds the only reference: no copies
      let offset = run.animation.animate(value: run.interval, time: t - run.begin, context: &run.context)
      _collectDue(run.animation, run.context, ended: offset == nil, run.entryIDs, into: &due)
      _retired[i] = run
    }
    // Pruned after the due ids fire (see `_advance`); here only runs with nothing left to do.
  }

  /// Drops the running animation's entries older than its newest finished one (they can no
  /// longer change what it shows); entries among them that pending completions wait on move to
  /// a retired run. Then cuts every retired run to what its pending completions need.
  mutating func _pruneRunningAnimation() {
    // Only a combination of two or more entries has older entries to drop (checked first: the
    // combination test casts the animation existential).
    if _entryIDs.count > 1, let running = animation,
      let states = DefaultCombiningAnimation._entryStates(of: running, context: context),
      states.count == _entryIDs.count, let newest = states.lastIndex(where: { $0.finished }), newest > 0
    {
      if let waited = _entryIDs[..<newest].lastIndex(where: { _pendingLogical.contains($0) }) {
        var ctx = context
        let kept = DefaultCombiningAnimation._slice(running, context: &ctx, to: 0..<(waited + 1))
        _retire(
          _RetiredRun(
            animation: kept, context: ctx, interval: interval, begin: beginTime,
            entryIDs: Array(_entryIDs[...waited])))
      }
      animation = DefaultCombiningAnimation._pruned(running, context: &context)
      _entryIDs.removeFirst(newest)
    }
    var i = _retired.startIndex
    while i < _retired.endIndex {
      if _trim(&_retired[i]) { i += 1 } else { _retired.remove(at: i) }
    }
  }

  /// Keeps `run` aside (cut to what its pending completions need) unless none waits on it.
  mutating func _retire(_ run: _RetiredRun) {
    var run = run
    if _trim(&run) { _retired.append(run) }
  }

  /// Cuts `run` to the entries from the newest finished one before the first waited-on entry
  /// through the last waited-on entry (earlier entries no longer contribute, later ones cannot
  /// affect earlier ones). Returns `false` when no pending completion waits on `run`.
  func _trim(_ run: inout _RetiredRun) -> Bool {
    guard let first = run.entryIDs.firstIndex(where: { _pendingLogical.contains($0) }),
      let last = run.entryIDs.lastIndex(where: { _pendingLogical.contains($0) })
    else { return false }
    guard run.entryIDs.count > 1 else { return true }
    let states = DefaultCombiningAnimation._entryStates(of: run.animation, context: run.context)
    let start = states?[...first].lastIndex(where: { $0.finished }) ?? 0
    guard start > 0 || last < run.entryIDs.count - 1 else { return true }
    run.animation = DefaultCombiningAnimation._slice(
      run.animation, context: &run.context, to: start..<(last + 1))
    run.entryIDs = Array(run.entryIDs[start...last])
    return true
  }
}
