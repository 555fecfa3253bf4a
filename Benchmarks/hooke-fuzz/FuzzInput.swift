// Seeded adversarial inputs. Every case draws from its own generator, seeded from (seed, group,
// index), so a single case can be re-run alone when a chunk is bisected.

/// SplitMix64: a small, fast, well-mixed generator (Steele, Lea, Flood 2014).
struct FuzzRandom {
  private var state: UInt64
  /// The case this generator belongs to.
  let index: Int

  /// The generator of case `index` of `group` under `seed`.
  init(seed: UInt64, group: Int, index: Int) {
    self.index = index
    state = seed ^ (UInt64(group) &* 0xD1B5_4A32_D192_ED03) ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    _ = next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in `[0, 1)`.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// Uniform in `[lower, upper)`.
  mutating func uniform(_ lower: Double, _ upper: Double) -> Double { lower + (upper - lower) * unit() }

  /// Uniform in `0..<n`.
  mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

  mutating func bool() -> Bool { next() & 1 == 1 }

  /// `p` in [0, 1]: true with that probability.
  mutating func chance(_ p: Double) -> Bool { unit() < p }

  /// One of `values`.
  mutating func pick<T>(_ values: [T]) -> T { values[int(values.count)] }

  /// A sign-random value with log-uniform magnitude in `[10^lo, 10^hi]`.
  mutating func logUniform(_ lo: Double, _ hi: Double) -> Double {
    let magnitude = pow10(uniform(lo, hi))
    return bool() ? magnitude : -magnitude
  }

  /// Any `Double` class: NaN, ±∞, ±0, subnormals, ±greatestFiniteMagnitude, huge, tiny, moderate.
  mutating func anyDouble() -> Double {
    switch int(10) {
    case 0: return pick(FuzzRandom.specials)
    case 1:
      return Double(
        sign: bool() ? .minus : .plus, exponentBitPattern: 0,
        significandBitPattern: next() & 0xF_FFFF_FFFF_FFFF)
    case 2, 3: return logUniform(-307, 308.2)
    default: return bounded()
    }
  }

  /// A finite value of magnitude at most 1e100 (the range whose results must stay finite).
  mutating func bounded() -> Double {
    switch int(10) {
    case 0:
      return pick([0.0, -0.0, 1, -1, 0.5, 2, .leastNonzeroMagnitude, -.leastNormalMagnitude, .ulpOfOne])
    case 1, 2: return logUniform(-300, 100)
    case 3: return Double(int(2001) - 1000)
    default: return uniform(-10, 10)
    }
  }

  /// A duration or time: any class, with most of the weight on `[0, 10]` seconds.
  mutating func time() -> Double {
    chance(0.6) ? uniform(0, 10) : anyDouble()
  }

  static let specials: [Double] = [
    .nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
    .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne, 1, -1,
    1e100, -1e100, 0x1p52, 0x1p62, 0x1p-1030,
  ]
}

/// 10^x without libm (the harness stays on Hooke's own functions where it can).
func pow10(_ x: Double) -> Double {
  var result = 1.0
  var e = x.rounded(.down)
  var f = x - e
  while e > 0 {
    result *= 10
    e -= 1
  }
  while e < 0 {
    result /= 10
    e += 1
  }
  // 10^f for f in [0, 1): e^(f ln 10) by a short series is plenty for input generation.
  f *= 2.302585092994046
  var term = 1.0
  var sum = 1.0
  for n in 1..<30 {
    term *= f / Double(n)
    sum += term
  }
  return result * sum
}

/// Whether `x` is finite and at most 1e100 in magnitude.
func isBounded(_ x: Double) -> Bool { x.magnitude <= 1e100 }

/// A compact text for a double (bit-exact round trip through Swift's description).
func show(_ x: Double) -> String { "\(x)" }
