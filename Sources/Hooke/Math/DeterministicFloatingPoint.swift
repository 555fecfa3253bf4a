/// A binary floating-point scalar for which Hooke provides deterministic elementary functions.
///
/// Hooke's solvers are generic over this protocol so that the same source runs in `Float` or
/// `Double`. Every function is built from IEEE-754 `+ - * /`, `squareRoot()`, comparisons and bit
/// manipulation only, with a fixed evaluation order, so results are bit-identical on every
/// platform, in debug and release, natively and on wasm32. No C library is involved.
///
/// `Float` and `Double` conform. The requirements are underscored because they are the
/// customisation points; call the functions through ``Deterministic``.
public protocol DeterministicFloatingPoint: BinaryFloatingPoint, Sendable, Hashable {
  /// See ``Deterministic/exp(_:)-(Double)``.
  static func _exp(_ x: Self) -> Self
  /// See ``Deterministic/exp2(_:)-(Double)``.
  static func _exp2(_ x: Self) -> Self
  /// See ``Deterministic/expm1(_:)-(Double)``.
  static func _expm1(_ x: Self) -> Self
  /// See ``Deterministic/log(_:)-(Double)``.
  static func _log(_ x: Self) -> Self
  /// See ``Deterministic/log1p(_:)-(Double)``.
  static func _log1p(_ x: Self) -> Self
  /// See ``Deterministic/sin(_:)-(Double)``.
  static func _sin(_ x: Self) -> Self
  /// See ``Deterministic/cos(_:)-(Double)``.
  static func _cos(_ x: Self) -> Self
  /// See ``Deterministic/sincos(_:)-(Double)``.
  static func _sincos(_ x: Self) -> (sin: Self, cos: Self)
  /// See ``Deterministic/atan(_:)-(Double)``.
  static func _atan(_ x: Self) -> Self
  /// See ``Deterministic/atan2(y:x:)-(Double,_)``.
  static func _atan2(y: Self, x: Self) -> Self
}

extension Double: DeterministicFloatingPoint {
  /// Forwards to ``Deterministic``'s `exp` overload for this type.
  @inlinable public static func _exp(_ x: Double) -> Double { Deterministic.exp(x) }
  /// Forwards to ``Deterministic``'s `exp2` overload for this type.
  @inlinable public static func _exp2(_ x: Double) -> Double { Deterministic.exp2(x) }
  /// Forwards to ``Deterministic``'s `expm1` overload for this type.
  @inlinable public static func _expm1(_ x: Double) -> Double { Deterministic.expm1(x) }
  /// Forwards to ``Deterministic``'s `log` overload for this type.
  @inlinable public static func _log(_ x: Double) -> Double { Deterministic.log(x) }
  /// Forwards to ``Deterministic``'s `log1p` overload for this type.
  @inlinable public static func _log1p(_ x: Double) -> Double { Deterministic.log1p(x) }
  /// Forwards to ``Deterministic``'s `sin` overload for this type.
  @inlinable public static func _sin(_ x: Double) -> Double { Deterministic.sin(x) }
  /// Forwards to ``Deterministic``'s `cos` overload for this type.
  @inlinable public static func _cos(_ x: Double) -> Double { Deterministic.cos(x) }
  /// Forwards to ``Deterministic``'s `sincos` overload for this type.
  @inlinable public static func _sincos(_ x: Double) -> (sin: Double, cos: Double) {
    Deterministic.sincos(x)
  }
  /// Forwards to ``Deterministic``'s `atan` overload for this type.
  @inlinable public static func _atan(_ x: Double) -> Double { Deterministic.atan(x) }
  /// Forwards to ``Deterministic``'s `atan2` overload for this type.
  @inlinable public static func _atan2(y: Double, x: Double) -> Double { Deterministic.atan2(y: y, x: x) }
}

extension Float: DeterministicFloatingPoint {
  /// Forwards to ``Deterministic``'s `exp` overload for this type.
  @inlinable public static func _exp(_ x: Float) -> Float { Deterministic.exp(x) }
  /// Forwards to ``Deterministic``'s `exp2` overload for this type.
  @inlinable public static func _exp2(_ x: Float) -> Float { Deterministic.exp2(x) }
  /// Forwards to ``Deterministic``'s `expm1` overload for this type.
  @inlinable public static func _expm1(_ x: Float) -> Float { Deterministic.expm1(x) }
  /// Forwards to ``Deterministic``'s `log` overload for this type.
  @inlinable public static func _log(_ x: Float) -> Float { Deterministic.log(x) }
  /// Forwards to ``Deterministic``'s `log1p` overload for this type.
  @inlinable public static func _log1p(_ x: Float) -> Float { Deterministic.log1p(x) }
  /// Forwards to ``Deterministic``'s `sin` overload for this type.
  @inlinable public static func _sin(_ x: Float) -> Float { Deterministic.sin(x) }
  /// Forwards to ``Deterministic``'s `cos` overload for this type.
  @inlinable public static func _cos(_ x: Float) -> Float { Deterministic.cos(x) }
  /// Forwards to ``Deterministic``'s `sincos` overload for this type.
  @inlinable public static func _sincos(_ x: Float) -> (sin: Float, cos: Float) { Deterministic.sincos(x) }
  /// Forwards to ``Deterministic``'s `atan` overload for this type.
  @inlinable public static func _atan(_ x: Float) -> Float { Deterministic.atan(x) }
  /// Forwards to ``Deterministic``'s `atan2` overload for this type.
  @inlinable public static func _atan2(y: Float, x: Float) -> Float { Deterministic.atan2(y: y, x: x) }
}

extension Deterministic {
  /// eˣ for any ``DeterministicFloatingPoint``; forwards to the concrete overload.
  @inlinable public static func exp<T: DeterministicFloatingPoint>(_ x: T) -> T {
    T._exp(x)
  }
  /// 2ˣ for any ``DeterministicFloatingPoint``; forwards to the concrete overload.
  @inlinable public static func exp2<T: DeterministicFloatingPoint>(_ x: T) -> T {
    T._exp2(x)
  }
  /// eˣ − 1 for any ``DeterministicFloatingPoint``; forwards to the concrete overload.
  @inlinable public static func expm1<T: DeterministicFloatingPoint>(_ x: T) -> T {
    T._expm1(x)
  }
  /// ln x for any ``DeterministicFloatingPoint``; forwards to the concrete overload.
  @inlinable public static func log<T: DeterministicFloatingPoint>(_ x: T) -> T {
    T._log(x)
  }
  /// ln(1 + x) for any ``DeterministicFloatingPoint``; forwards to the concrete overload.
  @inlinable public static func log1p<T: DeterministicFloatingPoint>(_ x: T) -> T {
    T._log1p(x)
  }
  /// sin x (radians) for any ``DeterministicFloatingPoint``; forwards to the concrete overload.
  @inlinable public static func sin<T: DeterministicFloatingPoint>(_ x: T) -> T {
    T._sin(x)
  }
  /// cos x (radians) for any ``DeterministicFloatingPoint``; forwards to the concrete overload.
  @inlinable public static func cos<T: DeterministicFloatingPoint>(_ x: T) -> T {
    T._cos(x)
  }
  /// (sin x, cos x) for any ``DeterministicFloatingPoint``; forwards to the concrete overload.
  @inlinable public static func sincos<T: DeterministicFloatingPoint>(_ x: T) -> (sin: T, cos: T) {
    T._sincos(x)
  }
  /// arctan x for any ``DeterministicFloatingPoint``; forwards to the concrete overload.
  @inlinable public static func atan<T: DeterministicFloatingPoint>(_ x: T) -> T {
    T._atan(x)
  }
  /// The angle of (x, y) for any ``DeterministicFloatingPoint``; forwards to the concrete overload.
  @inlinable public static func atan2<T: DeterministicFloatingPoint>(y: T, x: T) -> T {
    T._atan2(y: y, x: x)
  }
}
