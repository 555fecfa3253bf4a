import Hooke

extension _FastPath {
  /// Gives the engine back the free groups at the end of its group table (after a sweep of
  /// ``_recycleEmptyGroups()``, `freeGroups` sorted by descending index). Free groups are reused
  /// lowest index first, so the groups in use gather at the low indices and a burst of
  /// animations leaves its extra groups at the end, free once the burst is over. Without this the
  /// table stayed at the largest size it ever reached, and every later frame visited each of
  /// those parked groups (in the refresh, the step and the combination pass): the cost of a
  /// long-running scene followed the busiest moment of its past instead of the groups in use.
  ///
  /// The group of resting channels is made at the first sweep, at the end of the table as it
  /// was then; while it is the last group with free groups below it, its channels (all settled)
  /// move to the lowest free group, which becomes the resting group, so it does not pin the table
  /// at that size. A settled channel rests exactly on its target and the new group has the same
  /// spring and rest rule, so no value changes.
  func _trimTrailingFreeGroups() {
    _lowerRestingGroup()
    var removed = 0
    while removed < freeGroups.count, freeGroups[removed].index == engine.groupCount - 1,
      (try? engine.removeLastGroup()) != nil
    {
      removed += 1
    }
    guard removed > 0 else { return }
    freeGroups.removeFirst(removed)
    groupInfo.removeLast(removed)
    activeBefore.removeLast(removed)
  }

  /// Moves the resting group to the lowest free group when it is the last group (see
  /// ``_trimTrailingFreeGroups()``). O(its channels), at most once per sweep.
  func _lowerRestingGroup() {
    // Only the resting group has no key; checking the info does not create it.
    guard let lowest = freeGroups.last, groupInfo.last.map({ $0.key == nil }) == true else { return }
    let resting = BatchGroup(index: engine.groupCount - 1)
    guard lowest.index < resting.index, engine.activeCount(of: resting) == 0,
      (try? engine.replaceGroup(lowest, driver: .spring(Spring()), restRule: Self._restRule)) != nil
    else { return }
    engine.moveSettledChannels(of: resting, to: lowest)
    guard engine.channelCount(of: resting) == 0 else {
      // A channel could not move (none expected: resting channels are settled): keep the group.
      engine.moveSettledChannels(of: lowest, to: resting)
      try? engine.replaceGroup(lowest, driver: Self._parkedDriver)
      return
    }
    freeGroups.removeLast()
    groupInfo[lowest.index] = groupInfo[resting.index]
    _restingGroup = lowest
    try? engine.replaceGroup(resting, driver: Self._parkedDriver)
    freeGroups.insert(resting, at: 0)
  }

  /// The rest rule of frame groups and of the resting group (1/64 point).
  static var _restRule: BatchRestRule { BatchRestRule(minimumVisibleChange: 1.0 / 64) }
}
