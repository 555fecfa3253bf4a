// The playground's wasm32 module: C-ABI entry points over Hooke's springs, curves and CSS
// `linear()` export for the playground page `hooke-bench playground` writes. Compiled together with
// every file of Sources/Hooke as one Embedded-Swift module (Scripts/playground-wasm.sh); the
// same file compiled natively prints `digest <hex>` so CI can require the browser's digest to be
// bit-identical to the native one.
//
// Protocol: every entry point writes its results into one shared buffer of Doubles
// (`hooke_scalars`: results, then samples) and one byte buffer (`hooke_text`: UTF-8 text) that
// the page reads through the module's memory. Nothing is kept between calls except these two
// buffers, so repeated calls never grow memory beyond what the allocator reuses.

/// Capacity of the sample arrays: at most this many points per plotted series.
let maximumSamples = 1024
/// Index of the first sample in the scalar buffer (the slots before it hold results).
let sampleBase = 32
/// Capacity of the text buffer in bytes (the longest export, 20 001 stops, fits); longer text
/// is cut and flagged.
let textCapacity = 262_144
/// Largest |initial velocity| the entry points accept, in fractions of the change per second;
/// larger values are clamped to it and NaN reads as 0 (the page says so).
let maximumInitialVelocity = 1000.0
/// Longest time span the spring plot covers, seconds.
let maximumPlotHorizon = 120.0

nonisolated(unsafe) let scalars = UnsafeMutablePointer<Double>.allocate(
  capacity: sampleBase + 2 * maximumSamples)
nonisolated(unsafe) let text = UnsafeMutablePointer<UInt8>.allocate(capacity: textCapacity)

/// Result flags (slot 15), a bit set.
enum Flag {
  /// The spring never settles (no damping): the plot covers three periods.
  static let undamped = 1.0
  /// The horizon was cut to `maximumPlotHorizon`.
  static let horizonCut = 2.0
  /// The CSS text did not fit the text buffer and was cut.
  static let textCut = 4.0
  /// The initial velocity was clamped (or NaN read as 0).
  static let velocityClamped = 8.0
}

func clampedSampleCount(_ n: Int32) -> Int {
  Int(n < 2 ? 2 : (n > Int32(maximumSamples) ? Int32(maximumSamples) : n))
}

func clampedVelocity(_ v: Double, _ flags: inout Double) -> Double {
  if v.isNaN {
    flags += Flag.velocityClamped
    return 0
  }
  if v > maximumInitialVelocity {
    flags += Flag.velocityClamped
    return maximumInitialVelocity
  }
  if v < -maximumInitialVelocity {
    flags += Flag.velocityClamped
    return -maximumInitialVelocity
  }
  return v
}

/// Copies `string` into the text buffer; returns its length in bytes and whether it was cut.
func writeText(_ string: String) -> (Int, Bool) {
  var n = 0
  var cut = false
  for byte in string.utf8 {
    if n == textCapacity {
      cut = true
      break
    }
    text[n] = byte
    n += 1
  }
  return (n, cut)
}

/// Slot layout of a curve or spring result; samples follow at `sampleBase` (values) and
/// `sampleBase + count` (velocities).
enum Slot {
  static let response = 0, dampingRatio = 1, bounce = 2, stiffness = 3, damping = 4, mass = 5
  static let settlingDuration = 6, horizon = 7, cssDuration = 8, cssMaximumError = 9
  static let cssTolerance = 10, cssMeetsTolerance = 11, textLength = 12, sampleCount = 13
  static let velocity = 14, flags = 15, angularFrequency = 16, decayConstant = 17
}

/// The spring a page control set describes. `kind`: 0 `Spring(duration: a, bounce: b)`,
/// 1 `Spring(response: a, dampingRatio: b)`, 2 `Spring(mass: a, stiffness: b, damping: c)`
/// (`allowOverDamping` iff d ≠ 0), 3/4/5 `.smooth/.snappy/.bouncy(duration: a, extraBounce: b)`;
/// anything else `Spring()`. Bad numbers follow the initialisers' documented clamping.
func spring(_ kind: Int32, _ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Spring {
  switch kind {
  case 0: return Spring(duration: a, bounce: b)
  case 1: return Spring(response: a, dampingRatio: b)
  case 2: return Spring(mass: a, stiffness: b, damping: c, allowOverDamping: d != 0)
  case 3: return .smooth(duration: a, extraBounce: b)
  case 4: return .snappy(duration: a, extraBounce: b)
  case 5: return .bouncy(duration: a, extraBounce: b)
  default: return Spring()
  }
}

/// Evaluates a spring (see `spring(_:_:_:_:_:)`) moving 0 → 1 with initial velocity `v0`:
/// derived parameters, settling duration, `samples` values and velocities over the plot
/// horizon, and the CSS `linear()` export at `tolerance` (text in the text buffer).
/// Returns the number of samples written.
@_expose(wasm, "hooke_spring")
@_cdecl("hooke_spring")
public func hookeSpring(
  _ kind: Int32, _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ v0: Double, _ samples: Int32,
  _ tolerance: Double
) -> Int32 {
  let s = spring(kind, a, b, c, d)
  var flags = 0.0
  let velocity = clampedVelocity(v0, &flags)
  let settling = s.settlingDuration(target: 1.0, initialVelocity: velocity, epsilon: 0.001)
  var horizon = settling
  if !settling.isFinite {
    flags += Flag.undamped
    horizon = 3 * s.response
  }
  // Settling 0: at rest at once (a snapping spring) or, for slow critical and over-damped
  // springs, no settling within the ~102 s of SwiftUI's search: show one period.
  if !(horizon > 0) { horizon = s.response }
  if horizon > maximumPlotHorizon {
    flags += Flag.horizonCut
    horizon = maximumPlotHorizon
  }
  let count = clampedSampleCount(samples)
  for i in 0..<count {
    let t = horizon * Double(i) / Double(count - 1)
    scalars[sampleBase + i] = s.value(target: 1.0, initialVelocity: velocity, time: t)
    scalars[sampleBase + count + i] = s.velocity(target: 1.0, initialVelocity: velocity, time: t)
  }
  let export = s.cssLinear(initialVelocity: velocity, tolerance: tolerance)
  let (length, cut) = writeText(export.export.css)
  if cut { flags += Flag.textCut }
  scalars[Slot.response] = s.response
  scalars[Slot.dampingRatio] = s.dampingRatio
  scalars[Slot.bounce] = s.bounce
  scalars[Slot.stiffness] = s.stiffness
  scalars[Slot.damping] = s.damping
  scalars[Slot.mass] = s.mass
  scalars[Slot.settlingDuration] = settling
  scalars[Slot.horizon] = horizon
  scalars[Slot.cssDuration] = export.duration
  scalars[Slot.cssMaximumError] = export.export.maximumError
  scalars[Slot.cssTolerance] = export.export.tolerance
  scalars[Slot.cssMeetsTolerance] = export.export.meetsTolerance ? 1 : 0
  scalars[Slot.textLength] = Double(length)
  scalars[Slot.sampleCount] = Double(count)
  scalars[Slot.velocity] = velocity
  scalars[Slot.flags] = flags
  scalars[Slot.angularFrequency] = s.angularFrequency
  scalars[Slot.decayConstant] = s.decayConstant
  return Int32(count)
}

/// Evaluates a timing curve at `samples` progress values 0…1 (value and velocity) and exports
/// it as CSS `linear()` at `tolerance`. `kind`: 0–6 the named `UnitCurve`s (linear, easeIn,
/// easeOut, easeInOut, circularEaseIn, circularEaseOut, circularEaseInOut), 7
/// `UnitCurve.bezier((x1, y1), (x2, y2))`, 8 `CubicBezier(x1, y1, x2, y2)` (CSS
/// `cubic-bezier`), 100 + 3·family + mode a Penner `Easing` (family and mode in declaration
/// order); anything else `UnitCurve.linear`. Control points follow the types' documented
/// clamping. Returns the number of samples written.
@_expose(wasm, "hooke_curve")
@_cdecl("hooke_curve")
public func hookeCurve(
  _ kind: Int32, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ samples: Int32, _ tolerance: Double
) -> Int32 {
  let count = clampedSampleCount(samples)
  let export: CSSLinearExport
  var controlPoints = (x1, y1, x2, y2)
  func fill(_ value: (Double) -> Double, _ velocity: (Double) -> Double) {
    for i in 0..<count {
      let x = Double(i) / Double(count - 1)
      scalars[sampleBase + i] = value(x)
      scalars[sampleBase + count + i] = velocity(x)
    }
  }
  if kind == 8 {
    let curve = CubicBezier(x1, y1, x2, y2)
    let (p1, p2) = (curve.startControlPoint, curve.endControlPoint)
    controlPoints = (p1.x, p1.y, p2.x, p2.y)
    fill(curve.value(at:), curve.velocity(at:))
    export = curve.cssLinear(tolerance: tolerance)
  } else if kind >= 100 && kind < 100 + 3 * Int32(Easing.Family.allCases.count) {
    let index = Int(kind - 100)
    let easing = Easing(Easing.Family.allCases[index / 3], Easing.Mode.allCases[index % 3])
    fill(easing.value(at:), easing.velocity(at:))
    export = easing.cssLinear(tolerance: tolerance)
  } else {
    let curve: UnitCurve
    switch kind {
    case 1: curve = .easeIn
    case 2: curve = .easeOut
    case 3: curve = .easeInOut
    case 4: curve = .circularEaseIn
    case 5: curve = .circularEaseOut
    case 6: curve = .circularEaseInOut
    case 7:
      curve = .bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
    default: curve = .linear
    }
    fill(curve.value(at:), curve.velocity(at:))
    export = curve.cssLinear(tolerance: tolerance)
  }
  let (length, cut) = writeText(export.css)
  for slot in 0..<sampleBase { scalars[slot] = 0 }
  // Slots 0–3: the control points as the curve uses them (CubicBezier's sanitised ones; the
  // UnitCurve and easing kinds echo the arguments, which they store unchanged or ignore).
  (scalars[0], scalars[1], scalars[2], scalars[3]) = controlPoints
  scalars[Slot.cssMaximumError] = export.maximumError
  scalars[Slot.cssTolerance] = export.tolerance
  scalars[Slot.cssMeetsTolerance] = export.meetsTolerance ? 1 : 0
  scalars[Slot.textLength] = Double(length)
  scalars[Slot.sampleCount] = Double(count)
  scalars[Slot.flags] = cut ? Flag.textCut : 0
  return Int32(count)
}

/// Address of the scalar buffer (Doubles) in the module's memory.
@_expose(wasm, "hooke_scalars")
@_cdecl("hooke_scalars")
public func hookeScalars() -> Int32 { Int32(truncatingIfNeeded: Int(bitPattern: scalars)) }

/// Address of the text buffer (UTF-8 bytes) in the module's memory.
@_expose(wasm, "hooke_text")
@_cdecl("hooke_text")
public func hookeText() -> Int32 { Int32(truncatingIfNeeded: Int(bitPattern: text)) }

/// FNV-1a over the bit patterns of every result slot, sample and text byte the entry points
/// write for a fixed set of springs (every parameterisation and preset, bad input included) and
/// curves (every named curve, Béziers, every Penner easing). Equal digests mean the page shows
/// bit-identical numbers to a native build.
@_expose(wasm, "hooke_digest")
@_cdecl("hooke_digest")
public func hookeDigest() -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
  func absorb(_ count: Int32) {
    let n = Int(count)
    for slot in 0..<(sampleBase + 2 * n) {
      let bits = scalars[slot].bitPattern
      for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }
    for i in 0..<Int(scalars[Slot.textLength]) { mix(text[i]) }
  }
  let springs: [(Int32, Double, Double, Double, Double, Double)] = [
    (0, 0.5, 0, 0, 0, 0), (0, 0.5, 0.3, 0, 0, 2), (0, 1.2, -0.4, 0, 0, -1), (0, -1, .nan, 0, 0, .nan),
    (0, 0.35, 1.5, 0, 0, 0), (1, 0.55, 0.825, 0, 0, 0), (1, 0.3, 2, 0, 0, 5), (1, .infinity, -3, 0, 0, 1e9),
    (2, 1, 170, 26, 0, 0), (2, 2, 300, 80, 1, 0), (2, -1, .nan, -5, 0, 0), (2, 1, 1e30, 10, 0, 0),
    (3, 0.5, 0, 0, 0, 0), (4, 0.4, 0.1, 0, 0, 0), (5, 0.6, 0.2, 0, 0, 3),
  ]
  for (kind, a, b, c, d, v0) in springs { absorb(hookeSpring(kind, a, b, c, d, v0, 97, 0.001)) }
  var curves: [(Int32, Double, Double, Double, Double)] = [
    (0, 0, 0, 0, 0), (1, 0, 0, 0, 0), (2, 0, 0, 0, 0), (3, 0, 0, 0, 0), (4, 0, 0, 0, 0), (5, 0, 0, 0, 0),
    (6, 0, 0, 0, 0), (7, 0.2, 1.4, 0.3, -0.2), (7, -1, .nan, 2, 1), (8, 0.68, -0.55, 0.27, 1.55),
    (8, .nan, 1e300, 5, -1e300),
  ]
  for index in 0..<(3 * Easing.Family.allCases.count) { curves.append((100 + Int32(index), 0, 0, 0, 0)) }
  for (kind, x1, y1, x2, y2) in curves { absorb(hookeCurve(kind, x1, y1, x2, y2, 61, 0.001)) }
  return hash
}

#if !arch(wasm32)
  @main struct PlaygroundDigest {
    static func main() {
      var digits = ""
      let value = hookeDigest()
      for shift in stride(from: 60, through: 0, by: -4) {
        let digit = UInt8((value >> UInt64(shift)) & 0xF)
        digits.append(Character(Unicode.Scalar(digit < 10 ? 48 + digit : 87 + digit)))
      }
      print("digest \(digits)")
    }
  }
#endif
