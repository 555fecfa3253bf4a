// The soak: one subject (a scene with random transactions, or one property re-animated every
// frame) run for many frames, its cost and memory after warm-up compared with those at the end.
//
// Measurement (`runSoak`):
// 1. Warm-up: the first 2,400 frames (a quarter of a short run), unmeasured.
// 2. Start window: the next 10 blocks of B frames (B = max(100, frames / 200), so the window is
//    about 5 % of the run), each block's CPU time of this thread per frame recorded.
// 3. The run goes on to its last 10 blocks, the end window, measured the same way. RSS, the
//    subject's structure counts and its mean work (elements or entries) are taken at the end of
//    each window.
// 4. Interleaved pairs: a fresh replica of the subject (same seed: after its own warm-up it is in
//    exactly the state the aged subject had after warm-up) is warmed up, then 50 pairs of blocks
//    of P = max(100, frames / 1,000) frames run alternately on the aged subject (frames after the end) and on the replica
//    (frames after its warm-up), the order flipping every pair. The median of the pair ratios is
//    the cost ratio: the two blocks of a pair are a fraction of a second apart, so a neighbour
//    slowing the machine for seconds slows both.
//
// The measured frames run through `_soakStartFrame`, `_soakEndFrame`, `_soakAgedPairFrame` and
// `_soakFreshPairFrame` (never inlined), so `valgrind --tool=callgrind` reports the instructions
// of each measured part under those names: a deterministic cost, free of host noise.

import Foundation
import Hooke
import HookeAnimation
import HookeScene

/// A soaked subject, advanced one frame at a time.
protocol SoakSubject: AnyObject {
  /// Runs frame `index` (frames run in order from 0; 120 Hz scene time).
  func frame(_ index: Int)
  /// The work of the current state: elements (scene) or combining entries (one property).
  var work: Double { get }
  /// Counts of the subject's live and retained structures, by name (deterministic; for the
  /// report).
  var structure: [(name: String, value: Int)] { get }
  /// A value that depends on every frame's output, so that no frame is optimised away.
  var checksum: Double { get }
  /// A few structure counts for a trace line (empty: none).
  var traceSummary: String { get }
}

extension SoakSubject {
  var traceSummary: String { "" }
}

/// The frame sizes of a soak run of `frames` frames: warm-up, block and window lengths, pairs.
struct SoakPlan: Equatable {
  /// Frames of the aged subject's run (windows included, interleaved pairs not).
  let frames: Int
  /// Unmeasured frames at the start: 2,400 (20 s at 120 Hz), or a quarter of a short run.
  let warmUp: Int
  /// Frames per block of a window: max(100, frames / 200).
  let blockFrames: Int
  /// Blocks per window.
  let blocks = 10
  /// Interleaved pairs, and frames per block of a pair: max(100, frames / 1,000). Many short
  /// pairs: most of them miss a given spike, and the median reads those.
  let pairs = 50
  let pairFrames: Int

  /// Frames per window (`blocks · blockFrames`, about 5 % of the run).
  var window: Int { blocks * blockFrames }

  /// The plan for `frames` frames, or nil when they do not hold the warm-up and two windows
  /// (fewer than `minimumFrames(for:)`).
  init?(frames: Int) {
    self.frames = frames
    warmUp = Swift.min(2_400, frames / 4)
    blockFrames = Swift.max(100, frames / 200)
    pairFrames = Swift.max(100, frames / 1_000)
    guard frames >= warmUp + 2 * blocks * blockFrames else { return nil }
  }

  /// The fewest frames a plan accepts for runs of about `frames` frames (message for bad input).
  static func minimumFrames(for frames: Int) -> Int {
    Swift.min(2_400, frames / 4) + 20 * Swift.max(100, frames / 200)
  }
}

/// What one soak run measured (costs in ns of this thread's CPU time per frame).
struct SoakReport {
  var plan: SoakPlan
  var startBlocks: [Double] = []
  var endBlocks: [Double] = []
  var agedPairs: [Double] = []
  var freshPairs: [Double] = []
  var startResident = 0
  var endResident = 0
  /// Mean work per frame over each window.
  var startWork = 0.0
  var endWork = 0.0
  var startStructure: [(name: String, value: Int)] = []
  var endStructure: [(name: String, value: Int)] = []
  var checksum = 0.0

  var verdict: SoakVerdict {
    SoakVerdict(
      startBlocks: startBlocks, endBlocks: endBlocks, agedPairs: agedPairs, freshPairs: freshPairs,
      startResident: startResident, endResident: endResident)
  }
}

/// Frames run per measured part (start window, end window, aged and fresh pair blocks).
nonisolated(unsafe) var _soakMeasuredFrames: (start: Int, end: Int, aged: Int, fresh: Int) = (0, 0, 0, 0)

// The measured frames, each part under its own symbol for callgrind (see the header). Each
// counts into its own field, and the four bodies differ in shape (count before or after the
// frame, checked or wrapping addition): the optimiser folds functions that differ only in a
// constant or a global into one body behind jumps, and callgrind then sees one function.
@inline(never) func _soakStartFrame(_ s: SoakSubject, _ i: Int) {
  s.frame(i)
  _soakMeasuredFrames.start += 1
}
@inline(never) func _soakEndFrame(_ s: SoakSubject, _ i: Int) {
  _soakMeasuredFrames.end += 1
  s.frame(i)
}
@inline(never) func _soakAgedPairFrame(_ s: SoakSubject, _ i: Int) {
  s.frame(i)
  _soakMeasuredFrames.aged &+= 1
}
@inline(never) func _soakFreshPairFrame(_ s: SoakSubject, _ i: Int) {
  _soakMeasuredFrames.fresh &+= 1
  s.frame(i)
}

/// Runs `plan` on a subject from `make` (called twice: the aged subject, then its fresh
/// replica), timing with `clock` (ns) and reading memory with `resident` (bytes). With `trace`,
/// `emit` gets a line per `trace` frames of the aged run (cost of those frames, RSS, work; the
/// line's own cost is left out of any block).
func runSoak(
  _ plan: SoakPlan, make: () -> SoakSubject, clock: () -> Double, resident: () -> Int,
  trace: Int? = nil, emit: (String) -> Void = { _ in }
) -> SoakReport {
  var report = SoakReport(plan: plan)
  let aged = make()
  let (n, b, w) = (plan.frames, plan.blockFrames, plan.window)
  var blockStart = 0.0
  var windowWork = 0.0
  var traceStart = clock()
  var traceWork = 0.0
  for frame in 0..<n {
    let inStart = frame >= plan.warmUp && frame < plan.warmUp + w
    let inEnd = frame >= n - w
    if inStart || inEnd {
      let offset = frame - (inStart ? plan.warmUp : n - w)
      if offset % b == 0 { blockStart = clock() }
      if inStart { _soakStartFrame(aged, frame) } else { _soakEndFrame(aged, frame) }
      windowWork += aged.work
      if (offset + 1) % b == 0 {
        let ns = (clock() - blockStart) / Double(b)
        if inStart { report.startBlocks.append(ns) } else { report.endBlocks.append(ns) }
      }
      if offset + 1 == w {
        if inStart {
          (report.startResident, report.startWork) = (resident(), windowWork / Double(w))
          report.startStructure = aged.structure
        } else {
          (report.endResident, report.endWork) = (resident(), windowWork / Double(w))
          report.endStructure = aged.structure
        }
        windowWork = 0
      }
    } else {
      aged.frame(frame)
    }
    if let trace {
      traceWork += aged.work
      if (frame + 1) % trace == 0 {
        let now = clock()
        emit(
          "trace frame \(pad(frame + 1, 8)) \(String(format: "%10.0f", (now - traceStart) / Double(trace))) ns/frame"
            + " \(String(format: "%7.1f", Double(resident()) / 1_048_576)) MiB"
            + " \(String(format: "%9.1f", traceWork / Double(trace))) work (mean)"
            + (aged.traceSummary.isEmpty ? "" : " " + aged.traceSummary))
        traceWork = 0
        traceStart = clock()
        blockStart += traceStart - now
      }
    }
  }
  // Interleaved pairs against a fresh replica, in the same host conditions.
  let fresh = make()
  for frame in 0..<plan.warmUp { fresh.frame(frame) }
  for k in 0..<plan.pairs {
    let p = plan.pairFrames
    func block(_ s: SoakSubject, from first: Int, _ body: (SoakSubject, Int) -> Void) -> Double {
      let t0 = clock()
      for i in first..<(first + p) { body(s, i) }
      return (clock() - t0) / Double(p)
    }
    let agedFirst = n + k * p
    let freshFirst = plan.warmUp + k * p
    if k % 2 == 0 {
      report.agedPairs.append(block(aged, from: agedFirst, _soakAgedPairFrame))
      report.freshPairs.append(block(fresh, from: freshFirst, _soakFreshPairFrame))
    } else {
      report.freshPairs.append(block(fresh, from: freshFirst, _soakFreshPairFrame))
      report.agedPairs.append(block(aged, from: agedFirst, _soakAgedPairFrame))
    }
  }
  report.checksum = aged.checksum + fresh.checksum
  return report
}

func pad(_ n: Int, _ width: Int) -> String {
  let s = "\(n)"
  return String(repeating: " ", count: Swift.max(0, width - s.count)) + s
}

// MARK: - Subjects

/// The time of frame `index` at 120 Hz.
func soakTime(_ index: Int) -> Double {
  PropertyAnimator<Double>.time(tick: Int64(index), ticksPerSecond: 120)
}

/// A 200-element scene on the batch path; a transaction on most frames moves or fades ten of them
/// with a spring of a new response each time (a new batch group per animation, recycled), a curve
/// or none, and every 50 frames five elements leave and five arrive (ids count up).
final class SceneSoakSubject: SoakSubject {
  var random: FuzzRandom
  let scene = Scene()
  var nextID = 200
  var checksum = 0.0

  init(seed: UInt64) {
    random = FuzzRandom(seed: seed, group: 99, index: 0)
    scene.withoutAnimation(at: 0) { tx in
      for i in 0..<200 {
        tx.insert(
          Element(
            id: ElementID(i),
            frame: Rect(x: Double(i % 20) * 19, y: Double(i / 20) * 80, width: 18, height: 70)))
      }
    }
  }

  func frame(_ index: Int) {
    let t = soakTime(index)
    if random.chance(0.8) {
      let response = 0.2 + Double(index % 1000) / 1000
      let animation: Animation? = random.pick([
        .spring(response: response, dampingFraction: 0.8), .easeInOut(duration: 0.3), nil,
      ])
      scene.withAnimation(animation, at: t) { tx in
        for _ in 0..<10 {
          let id = ElementID(nextID - 200 + random.int(200))
          if random.bool() {
            tx.setFrame(id, Rect(x: random.uniform(0, 370), y: random.uniform(0, 800), width: 18, height: 70))
          } else {
            let o = random.uniform(0, 1)
            tx.update(id) { $0.opacity = o }
          }
        }
        if index % 50 == 0 {
          for k in 0..<5 { tx.remove(ElementID(nextID - 200 + k)) }
          for _ in 0..<5 {
            tx.insert(Element(id: ElementID(nextID), frame: Rect(x: 0, y: 0, width: 18, height: 70)))
            nextID += 1
          }
        }
      }
    }
    scene.advance(to: t)
    checksum += scene.renderList.count > 0 ? scene.renderList.x[0] : 0
  }

  var work: Double { Double(scene.elementCount) }

  var structure: [(name: String, value: Int)] { scene.structureCounts.fields }

  var traceSummary: String {
    let c = scene.structureCounts
    return "batch groups \(c.batchGroups) (free \(c.freeBatchGroups)), keys \(c.animationKeys),"
      + " quads \(c.quads) (free \(c.freeQuads)), handle slots \(c.handleSlots), slots \(c.slots)"
  }
}

/// One `PropertyAnimator<Double>` re-animated to a random value with `animation` every frame.
final class PropertySoakSubject: SoakSubject {
  var random: FuzzRandom
  var animator = PropertyAnimator(0.0)
  let animation: Animation
  var checksum = 0.0

  init(seed: UInt64, animation: Animation) {
    random = FuzzRandom(seed: seed, group: 99, index: 0)
    self.animation = animation
  }

  func frame(_ index: Int) {
    animator.set(random.uniform(0, 100), animation: animation, at: soakTime(index))
    checksum += animator.presentationValue
  }

  var work: Double { Double(combinedEntries(animator.animation)) }

  var structure: [(name: String, value: Int)] {
    [
      ("combined entries", combinedEntries(animator.animation)),
      ("evaluated entries", animator.evaluatedEntryCount),
    ]
  }
}

/// A `PhaseAnimator` cycling between 0 and 100 with `.interpolatingSpring`, sampled every frame.
final class PhaseSoakSubject: SoakSubject {
  var phases = PhaseAnimator(phases: [0.0, 100.0], value: { $0 }, animation: { _ in .interpolatingSpring })
  var checksum = 0.0

  func frame(_ index: Int) { checksum += phases.sample(at: soakTime(index)) }

  var work: Double { Double(combinedEntries(phases.animator.animation)) }

  var structure: [(name: String, value: Int)] {
    [
      ("combined entries", combinedEntries(phases.animator.animation)),
      ("evaluated entries", phases.animator.evaluatedEntryCount),
    ]
  }
}

/// The entries of a running combination (1 for another running animation, 0 when idle).
func combinedEntries(_ running: Animation?) -> Int {
  running?.as(DefaultCombiningAnimation.self)?.entries.count ?? (running == nil ? 0 : 1)
}
