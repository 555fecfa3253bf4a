// INTERIM, never to land on main: libm-backed stand-ins so that work on Spring and curves can
// compile and run while the deterministic implementations are written on another branch.
#if canImport(Glibc)
  import Glibc
  extension Deterministic {
    public static func exp(_ x: Double) -> Double { Glibc.exp(x) }
    public static func exp2(_ x: Double) -> Double { Glibc.exp2(x) }
    public static func expm1(_ x: Double) -> Double { Glibc.expm1(x) }
    public static func log(_ x: Double) -> Double { Glibc.log(x) }
    public static func log1p(_ x: Double) -> Double { Glibc.log1p(x) }
    public static func sin(_ x: Double) -> Double { Glibc.sin(x) }
    public static func cos(_ x: Double) -> Double { Glibc.cos(x) }
    public static func sincos(_ x: Double) -> (sin: Double, cos: Double) { (Glibc.sin(x), Glibc.cos(x)) }
    public static func atan(_ x: Double) -> Double { Glibc.atan(x) }
    public static func atan2(y: Double, x: Double) -> Double { Glibc.atan2(y, x) }
    public static func exp(_ x: Float) -> Float { Glibc.expf(x) }
    public static func exp2(_ x: Float) -> Float { Glibc.exp2f(x) }
    public static func expm1(_ x: Float) -> Float { Glibc.expm1f(x) }
    public static func log(_ x: Float) -> Float { Glibc.logf(x) }
    public static func log1p(_ x: Float) -> Float { Glibc.log1pf(x) }
    public static func sin(_ x: Float) -> Float { Glibc.sinf(x) }
    public static func cos(_ x: Float) -> Float { Glibc.cosf(x) }
    public static func sincos(_ x: Float) -> (sin: Float, cos: Float) { (Glibc.sinf(x), Glibc.cosf(x)) }
    public static func atan(_ x: Float) -> Float { Glibc.atanf(x) }
    public static func atan2(y: Float, x: Float) -> Float { Glibc.atan2f(y, x) }
  }
#endif
