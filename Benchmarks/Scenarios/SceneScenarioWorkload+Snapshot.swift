// Scene scenarios as drawable frames for `preview` and the report's filmstrips: a read-only view
// of the render list after a frame.
import FrameBudget
import Hooke
import HookeScene

extension SceneScenarioWorkload: FrameSnapshotting {
  /// The first `limit` entries of the scene's render list (back to front) that intersect the
  /// scripts' 390 × 844 pt screen, as rectangles with their opacities; `elementCount` is the
  /// whole list's length (on screen or not). Reads only; O(list length).
  package func snapshot(limit: Int) -> FrameSnapshot {
    let list = scene.renderList
    let screen = _Script.fullScreen
    let limit = max(0, limit)
    var rects: [SnapshotRect] = []
    rects.reserveCapacity(min(limit, list.count))
    let opacity = list.opacity
    for i in 0..<list.count where rects.count < limit {
      let x = list.x[i]
      let y = list.y[i]
      let w = list.width[i]
      let h = list.height[i]
      guard x < screen.maxX, x + w > screen.minX, y < screen.maxY, y + h > screen.minY else { continue }
      rects.append(SnapshotRect(x: x, y: y, width: w, height: h, opacity: opacity[i]))
    }
    return FrameSnapshot(elementCount: list.count, rects: rects)
  }
}
