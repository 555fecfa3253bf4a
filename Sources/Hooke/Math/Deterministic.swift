/// Deterministic elementary functions: the namespace for Hooke's own `exp`, `log`, `sin`, ….
///
/// Each function exists as a `Double` overload, a `Float` overload and a generic overload over
/// ``DeterministicFloatingPoint``. They never call the C library: results are the same bits on
/// every platform Swift runs on (x86_64, arm64, wasm32), in debug and release.
public enum Deterministic {}
