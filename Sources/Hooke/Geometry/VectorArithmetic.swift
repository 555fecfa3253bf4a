/// A type with vector-space arithmetic: the values SwiftUI-style animations interpolate.
///
/// Same shape as SwiftUI's `VectorArithmetic`: a value with `zero`, `+` and `-` that can be scaled
/// by a `Double` and reports the square of its Euclidean length. Hooke's springs, curves and
/// animations are generic over it and work component-wise.
///
/// Unlike SwiftUI's protocol, this one states the additive operations itself instead of refining
/// `AdditiveArithmetic`. That lets the standard library's SIMD vectors conform without a
/// retroactive `AdditiveArithmetic` conformance, which would otherwise be imposed on every client
/// of Hooke and could clash with the standard library or another module declaring the same one.
/// `Double`, `Float`, ``AnimatablePair`` and ``EmptyAnimatableData`` are `AdditiveArithmetic` as
/// well; SIMD vectors are not (the standard library does not make them so). A conformer of your
/// own that is also `AdditiveArithmetic` gets `+=` and `-=` from that protocol.
///
/// Conforming types in Hooke: `Double`, `Float`, the standard library's `SIMD2`…`SIMD64` of
/// `Float` or `Double`, ``AnimatablePair`` and ``EmptyAnimatableData``.
public protocol VectorArithmetic: Equatable {
  /// The additive identity.
  static var zero: Self { get }

  /// The component-wise sum.
  static func + (lhs: Self, rhs: Self) -> Self

  /// Adds `rhs` to `lhs` in place.
  static func += (lhs: inout Self, rhs: Self)

  /// The component-wise difference.
  static func - (lhs: Self, rhs: Self) -> Self

  /// Subtracts `rhs` from `lhs` in place.
  static func -= (lhs: inout Self, rhs: Self)

  /// Multiplies every component by `rhs`.
  ///
  /// - Parameter rhs: The factor. Non-finite factors are applied as given (IEEE rules).
  mutating func scale(by rhs: Double)

  /// The dot product of the value with itself (the square of its length), in `Double`.
  var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
  /// `lhs = lhs + rhs`, for conformers without a compound assignment of their own.
  @inlinable
  public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }

  /// `lhs = lhs - rhs`, for conformers without a compound assignment of their own.
  @inlinable
  public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }

  /// A copy multiplied by `rhs`; see ``scale(by:)``.
  @inlinable
  public func scaled(by rhs: Double) -> Self {
    var result = self
    result.scale(by: rhs)
    return result
  }

  /// Moves the value `amount` of the way towards `other`: `self + (other − self)·amount`.
  ///
  /// `amount` is not clamped: values outside `0...1` extrapolate, as in SwiftUI.
  @inlinable
  public mutating func interpolate(towards other: Self, amount: Double) {
    var delta = other - self
    delta.scale(by: amount)
    self += delta
  }

  /// The value `amount` of the way from `self` to `other`; see ``interpolate(towards:amount:)``.
  @inlinable
  public func interpolated(towards other: Self, amount: Double) -> Self {
    var result = self
    result.interpolate(towards: other, amount: amount)
    return result
  }
}

extension Double: VectorArithmetic {
  /// Multiplies the value by `rhs`.
  @inlinable public mutating func scale(by rhs: Double) { self *= rhs }
  /// `self * self`.
  @inlinable public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
  /// Multiplies the value by `Float(rhs)`.
  @inlinable public mutating func scale(by rhs: Double) { self *= Float(rhs) }
  /// `self * self`, widened to `Double` before squaring so large values do not overflow.
  @inlinable public var magnitudeSquared: Double { Double(self) * Double(self) }
}

// The standard library's SIMD vectors of floating-point scalars already have `zero`, `+`, `-`, `+=`
// and `-=`, so they conform to the Hooke-owned protocol directly (no retroactive conformance).
extension SIMD where Scalar: BinaryFloatingPoint {
  /// Shared implementation of ``VectorArithmetic/scale(by:)`` for the SIMD conformances.
  @inlinable
  mutating func _scale(by rhs: Double) { self *= Scalar(rhs) }

  /// Shared implementation of ``VectorArithmetic/magnitudeSquared`` for the SIMD conformances:
  /// the lane products are summed in `Double`, lane 0 first, so the result does not depend on
  /// how the platform reduces a SIMD vector.
  @inlinable
  var _magnitudeSquared: Double {
    var sum = 0.0
    for i in indices {
      let lane = Double(self[i])
      sum += lane * lane
    }
    return sum
  }
}

extension SIMD2: VectorArithmetic where Scalar: BinaryFloatingPoint {
  /// Lane-wise `lhs = lhs + rhs` (the standard library's `+=`; stated here so the conformance
  /// has one witness, not the protocol's default as well).
  @inlinable public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  /// Lane-wise `lhs = lhs - rhs`; see ``+=(_:_:)``.
  @inlinable public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
  /// Multiplies every lane by `rhs` (converted to the scalar type).
  @inlinable public mutating func scale(by rhs: Double) {
    _scale(by: rhs)
  }
  /// The sum of the squared lanes, in `Double`, lane 0 first.
  @inlinable public var magnitudeSquared: Double {
    _magnitudeSquared
  }
}
extension SIMD3: VectorArithmetic where Scalar: BinaryFloatingPoint {
  /// Lane-wise `lhs = lhs + rhs` (the standard library's `+=`; stated here so the conformance
  /// has one witness, not the protocol's default as well).
  @inlinable public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  /// Lane-wise `lhs = lhs - rhs`; see ``+=(_:_:)``.
  @inlinable public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
  /// Multiplies every lane by `rhs` (converted to the scalar type).
  @inlinable public mutating func scale(by rhs: Double) {
    _scale(by: rhs)
  }
  /// The sum of the squared lanes, in `Double`, lane 0 first.
  @inlinable public var magnitudeSquared: Double {
    _magnitudeSquared
  }
}
extension SIMD4: VectorArithmetic where Scalar: BinaryFloatingPoint {
  /// Lane-wise `lhs = lhs + rhs` (the standard library's `+=`; stated here so the conformance
  /// has one witness, not the protocol's default as well).
  @inlinable public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  /// Lane-wise `lhs = lhs - rhs`; see ``+=(_:_:)``.
  @inlinable public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
  /// Multiplies every lane by `rhs` (converted to the scalar type).
  @inlinable public mutating func scale(by rhs: Double) {
    _scale(by: rhs)
  }
  /// The sum of the squared lanes, in `Double`, lane 0 first.
  @inlinable public var magnitudeSquared: Double {
    _magnitudeSquared
  }
}
extension SIMD8: VectorArithmetic where Scalar: BinaryFloatingPoint {
  /// Lane-wise `lhs = lhs + rhs` (the standard library's `+=`; stated here so the conformance
  /// has one witness, not the protocol's default as well).
  @inlinable public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  /// Lane-wise `lhs = lhs - rhs`; see ``+=(_:_:)``.
  @inlinable public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
  /// Multiplies every lane by `rhs` (converted to the scalar type).
  @inlinable public mutating func scale(by rhs: Double) {
    _scale(by: rhs)
  }
  /// The sum of the squared lanes, in `Double`, lane 0 first.
  @inlinable public var magnitudeSquared: Double {
    _magnitudeSquared
  }
}
extension SIMD16: VectorArithmetic where Scalar: BinaryFloatingPoint {
  /// Lane-wise `lhs = lhs + rhs` (the standard library's `+=`; stated here so the conformance
  /// has one witness, not the protocol's default as well).
  @inlinable public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  /// Lane-wise `lhs = lhs - rhs`; see ``+=(_:_:)``.
  @inlinable public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
  /// Multiplies every lane by `rhs` (converted to the scalar type).
  @inlinable public mutating func scale(by rhs: Double) {
    _scale(by: rhs)
  }
  /// The sum of the squared lanes, in `Double`, lane 0 first.
  @inlinable public var magnitudeSquared: Double {
    _magnitudeSquared
  }
}
extension SIMD32: VectorArithmetic where Scalar: BinaryFloatingPoint {
  /// Lane-wise `lhs = lhs + rhs` (the standard library's `+=`; stated here so the conformance
  /// has one witness, not the protocol's default as well).
  @inlinable public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  /// Lane-wise `lhs = lhs - rhs`; see ``+=(_:_:)``.
  @inlinable public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
  /// Multiplies every lane by `rhs` (converted to the scalar type).
  @inlinable public mutating func scale(by rhs: Double) {
    _scale(by: rhs)
  }
  /// The sum of the squared lanes, in `Double`, lane 0 first.
  @inlinable public var magnitudeSquared: Double {
    _magnitudeSquared
  }
}
extension SIMD64: VectorArithmetic where Scalar: BinaryFloatingPoint {
  /// Lane-wise `lhs = lhs + rhs` (the standard library's `+=`; stated here so the conformance
  /// has one witness, not the protocol's default as well).
  @inlinable public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  /// Lane-wise `lhs = lhs - rhs`; see ``+=(_:_:)``.
  @inlinable public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
  /// Multiplies every lane by `rhs` (converted to the scalar type).
  @inlinable public mutating func scale(by rhs: Double) {
    _scale(by: rhs)
  }
  /// The sum of the squared lanes, in `Double`, lane 0 first.
  @inlinable public var magnitudeSquared: Double {
    _magnitudeSquared
  }
}

/// A pair of animatable values, itself animatable: SwiftUI's way to animate several properties.
///
/// Arithmetic is component-wise; ``magnitudeSquared`` is the sum of both halves'.
@frozen
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic,
  AdditiveArithmetic
{
  /// The first component.
  public var first: First
  /// The second component.
  public var second: Second

  /// Creates a pair from its two components.
  @inlinable
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  /// The pair of zeros.
  @inlinable public static var zero: Self { Self(.zero, .zero) }

  /// Component-wise sum.
  @inlinable
  public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.first + rhs.first, lhs.second + rhs.second) }

  /// Component-wise difference.
  @inlinable
  public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.first - rhs.first, lhs.second - rhs.second) }

  /// Component-wise sum in place.
  @inlinable
  public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }

  /// Component-wise difference in place.
  @inlinable
  public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }

  /// Scales both components by `rhs`.
  @inlinable
  public mutating func scale(by rhs: Double) {
    first.scale(by: rhs)
    second.scale(by: rhs)
  }

  /// `first.magnitudeSquared + second.magnitudeSquared`.
  @inlinable public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension AnimatablePair: Equatable where First: Equatable, Second: Equatable {}
extension AnimatablePair: Hashable where First: Hashable, Second: Hashable {}
extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}

/// The animatable data of a type with nothing to animate: every operation is a no-op.
@frozen
public struct EmptyAnimatableData: VectorArithmetic, AdditiveArithmetic, Hashable, Sendable {
  /// Creates the (only) empty value.
  @inlinable public init() {}
  /// The empty value.
  @inlinable public static var zero: Self { Self() }
  /// Returns the empty value.
  @inlinable public static func + (lhs: Self, rhs: Self) -> Self { Self() }
  /// Returns the empty value.
  @inlinable public static func - (lhs: Self, rhs: Self) -> Self { Self() }
  /// Does nothing.
  @inlinable public static func += (lhs: inout Self, rhs: Self) {}
  /// Does nothing.
  @inlinable public static func -= (lhs: inout Self, rhs: Self) {}
  /// Does nothing.
  @inlinable public mutating func scale(by rhs: Double) {}
  /// Always 0.
  @inlinable public var magnitudeSquared: Double { 0 }
}

/// A type whose value can be animated through a ``VectorArithmetic`` projection, as in SwiftUI.
public protocol Animatable {
  /// The vector the animation system interpolates.
  associatedtype AnimatableData: VectorArithmetic
  /// The value's animatable projection; setting it updates the value.
  var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
  /// Types with nothing to animate report ``EmptyAnimatableData``; setting it does nothing.
  @inlinable
  public var animatableData: EmptyAnimatableData {
    get { EmptyAnimatableData() }
    set {}
  }
}
