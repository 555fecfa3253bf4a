// Snapshots, the filmstrip's sampling and drawing, and the preview page's structure.
import Foundation
import Testing

@testable import FrameBudget

@Suite struct FilmstripTests {
  /// Bad coordinates are made drawable as documented on `SnapshotRect.init`.
  @Test func snapshotRectSanitisesBadValues() {
    let r = SnapshotRect(x: .nan, y: .infinity, width: -3, height: .nan, opacity: .nan)
    #expect(r == SnapshotRect(x: 0, y: 0, width: 0, height: 0, opacity: 1))
    #expect(SnapshotRect(x: 1, y: 2, width: 3, height: 4, opacity: 7).opacity == 1)
    #expect(SnapshotRect(x: 1, y: 2, width: 3, height: 4, opacity: -1).opacity == 0)
  }

  /// Evenly spaced from the first to the last frame: i·(F − 1)/(n − 1), rounded down.
  @Test func sampledFramesSpanTheRecording() {
    #expect(FilmstripSVG.sampledFrames(count: 6, frames: 240) == [0, 47, 95, 143, 191, 239])
    #expect(FilmstripSVG.sampledFrames(count: 6, frames: 3) == [0, 1, 2])
    #expect(FilmstripSVG.sampledFrames(count: 0, frames: 10) == [0])
    #expect(FilmstripSVG.sampledFrames(count: 4, frames: 0) == [0])
  }

  /// The bounds cover every rectangle plus 4 % of the larger side; nothing drawn gives 100 × 100.
  @Test func boundsCoverEveryRectangle() {
    let frames = [
      FilmFrame(
        frame: 0, cpuNanoseconds: 1,
        snapshot: FrameSnapshot(
          elementCount: 5,
          rects: [
            SnapshotRect(x: 10, y: 20, width: 30, height: 40, opacity: 1),
            SnapshotRect(x: -50, y: 0, width: 10, height: 10, opacity: 1),
          ])),
      FilmFrame(
        frame: 1, cpuNanoseconds: 1,
        snapshot: FrameSnapshot(
          elementCount: 1, rects: [SnapshotRect(x: 0, y: 100, width: 50, height: 100, opacity: 1)])),
    ]
    let (minX, minY, maxX, maxY) = FilmstripSVG.bounds(frames)
    // Union: x −50…50, y 0…200; pad 0.04 × 200 = 8.
    #expect(minX == -58 && minY == -8 && maxX == 58 && maxY == 208)
    let empty = FilmstripSVG.bounds([
      FilmFrame(frame: 0, cpuNanoseconds: 0, snapshot: FrameSnapshot(elementCount: 0, rects: []))
    ])
    #expect(empty == (0, 0, 100, 100))
  }

  /// One panel per frame, one <rect> per drawn rectangle plus the panel's background, captions
  /// with the time and "drawn/total" when elements were left out.
  @Test func filmstripDrawsEveryPanel() {
    let rect = SnapshotRect(x: 0, y: 0, width: 10, height: 10, opacity: 0.5)
    let frames = (0..<3).map {
      FilmFrame(
        frame: $0 * 30, cpuNanoseconds: 1, snapshot: FrameSnapshot(elementCount: 9, rects: [rect, rect]))
    }
    let svg = FilmstripSVG.render(frames, hz: 60)
    #expect(svg.components(separatedBy: "<rect ").count - 1 == 3 * (2 + 1))
    #expect(svg.contains(">0 s<") && svg.contains(">0.5 s<") && svg.contains(">1 s<"))
    #expect(svg.components(separatedBy: ">2/9<").count - 1 == 3)
    #expect(!svg.contains("NaN") && !svg.contains("inf"))
  }

  /// The preview's time chart: one bar per frame, red exactly for frames over the deadline, and
  /// the median and slowest frame times (1, 3, 2 ms: median 2 ms, slowest 3 ms).
  @Test func previewTimeChartMarksFramesOverTheDeadline() {
    let film = [1_000_000, 3_000_000, 2_000_000].enumerated().map {
      FilmFrame(
        frame: $0.offset, cpuNanoseconds: UInt64($0.element),
        snapshot: FrameSnapshot(elementCount: 0, rects: []))
    }
    let chart = PreviewPage.timeChart(film, deadlineNs: 2_500_000)
    #expect(chart.components(separatedBy: "<title>frame ").count - 1 == 3)
    #expect(chart.components(separatedBy: "fill=\"#cf222e\"><title>").count - 1 == 1)
    #expect(chart.contains("median 2.00 ms · slowest 3.00 ms"))
    #expect(chart.contains(">2.50 ms<"))
  }
}
