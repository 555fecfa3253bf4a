// What a frame looks like, for previews and filmstrips: rectangles, not timings.

/// One drawn element of a frame: its presented frame in points (origin top-left, y down) and
/// its opacity (0…1).
public struct SnapshotRect: Sendable, Hashable {
  /// Left edge, points.
  public var x: Double
  /// Top edge, points.
  public var y: Double
  /// Width, points (≥ 0).
  public var width: Double
  /// Height, points (≥ 0).
  public var height: Double
  /// Opacity, 0…1.
  public var opacity: Double

  /// Creates a rectangle; non-finite coordinates become 0, negative sizes 0, and the opacity is
  /// clamped to 0…1 (NaN reads as 1), so every snapshot can be drawn.
  public init(x: Double, y: Double, width: Double, height: Double, opacity: Double) {
    func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
    self.x = finite(x)
    self.y = finite(y)
    self.width = max(0, finite(width))
    self.height = max(0, finite(height))
    self.opacity = opacity.isNaN ? 1 : min(1, max(0, opacity))
  }
}

/// A frame's render list reduced to what a preview draws: at most `limit` rectangles in render
/// order (back to front) and the total number of elements, so the rest can be summarised.
public struct FrameSnapshot: Sendable, Hashable {
  /// Every element of the render list, drawn or not.
  public var elementCount: Int
  /// The first elements in render order (at most the limit asked for).
  public var rects: [SnapshotRect]

  /// Creates a snapshot.
  public init(elementCount: Int, rects: [SnapshotRect]) {
    self.elementCount = max(elementCount, rects.count)
    self.rects = rects
  }
}

/// A workload whose current frame can be drawn: scene scenarios conform (the render list's
/// frames and opacities), so `preview` and the report's filmstrips can show what was animated.
public protocol FrameSnapshotting: FrameWorkload {
  /// The render list after the last `performFrame`, with at most `limit` rectangles (limit ≥ 0).
  func snapshot(limit: Int) -> FrameSnapshot
}

/// One recorded frame: its index, its CPU time (nanoseconds, thread CPU clock around
/// `performFrame` only, as `run` measures) and what it showed.
public struct FilmFrame: Sendable, Hashable {
  /// Frame index from 0.
  public var frame: Int
  /// Thread CPU time of the frame's work, nanoseconds.
  public var cpuNanoseconds: UInt64
  /// The render list after the frame.
  public var snapshot: FrameSnapshot
}

/// Why ``FilmRecorder`` could not record a scenario; the message names the scenario (and frame).
public enum FilmRecorderError: Error, Equatable, CustomStringConvertible {
  /// The workload could not be created, or threw during a frame.
  case scenarioFailed(String)
  /// The workload has no render list to draw (it does not conform to ``FrameSnapshotting``).
  case notDrawable(String)

  /// The message.
  public var description: String {
    switch self {
    case .scenarioFailed(let m), .notDrawable(let m): return m
    }
  }
}

/// Records a scenario frame by frame for previews and filmstrips.
public enum FilmRecorder {
  /// The most rectangles a preview or filmstrip draws per frame; the rest are summarised.
  public static let maximumDrawnElements = 200

  /// Runs `frames` frames (clamped to 1…10 000) of `scenario` with `engine` and `setup` from a
  /// fresh workload and snapshots the frames in `sampled` (indices outside 0..<frames are
  /// ignored; nil: every frame), each with at most `limit` rectangles (clamped to
  /// 0…``maximumDrawnElements``). Throws ``FilmRecorderError/scenarioFailed(_:)`` when the
  /// workload throws, and ``FilmRecorderError/notDrawable(_:)`` when it cannot be drawn (not a
  /// scene scenario).
  public static func record(
    scenario: ScenarioDescriptor, engine: String, setup: WorkloadSetup, frames: Int, sampled: Set<Int>? = nil,
    limit: Int = maximumDrawnElements
  ) throws -> [FilmFrame] {
    let total = min(10_000, max(1, frames))
    let limit = min(maximumDrawnElements, max(0, limit))
    let workload: any FrameWorkload
    do {
      workload = try scenario.makeWorkload(engine, setup)
    } catch {
      throw FilmRecorderError.scenarioFailed("scenario '\(scenario.name)': \(error)")
    }
    guard let drawable = workload as? any FrameSnapshotting else {
      throw FilmRecorderError.notDrawable("scenario '\(scenario.name)' has no render list to draw")
    }
    var film: [FilmFrame] = []
    for k in 0..<total {
      do {
        try drawable.prepareFrame(k)
      } catch {
        throw FilmRecorderError.scenarioFailed("scenario '\(scenario.name)' frame \(k): \(error)")
      }
      let c0 = Probe.threadCPUNanoseconds()
      do {
        try drawable.performFrame(k)
      } catch {
        throw FilmRecorderError.scenarioFailed("scenario '\(scenario.name)' frame \(k): \(error)")
      }
      let c1 = Probe.threadCPUNanoseconds()
      if sampled?.contains(k) ?? true {
        film.append(FilmFrame(frame: k, cpuNanoseconds: c1 &- c0, snapshot: drawable.snapshot(limit: limit)))
      }
    }
    return film
  }
}
