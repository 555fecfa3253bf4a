// The determinism program: prints one 64-bit digest per numeric family of Hooke, computed by the
// `_DeterminismDigest` functions over fixed seeded inputs. `.ci/run` builds it natively (debug and
// release) and as Embedded Swift for wasm32 (run under wasmkit) and requires identical output.
// It is compiled together with every file of Sources/Hooke as one module (`-wmo`).

#if arch(wasm32)
  @_extern(wasm, module: "wasi_snapshot_preview1", name: "fd_write")
  @_extern(c)
  func _wasiWrite(
    _ fd: Int32, _ iovs: UnsafeRawPointer, _ iovsLen: Int32, _ written: UnsafeMutablePointer<Int32>
  ) -> Int32
#endif

/// One output line, built in a fixed-size global buffer so the program never allocates.
nonisolated(unsafe) var _line: (
  UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
) = (0, 0, 0, 0, 0, 0, 0, 0)

/// Writes `name`, a space, `value` in 16 hex digits and a newline to standard output.
func emit(_ name: StaticString, _ value: UInt64) {
  withUnsafeMutableBytes(of: &_line) { buffer in
    var n = 0
    name.withUTF8Buffer { for byte in $0 where n < 40 { buffer[n] = byte; n += 1 } }
    buffer[n] = 32
    n += 1
    for shift in stride(from: 60, through: 0, by: -4) {
      let digit = UInt8((value >> UInt64(shift)) & 0xF)
      buffer[n] = digit < 10 ? 48 + digit : 87 + digit
      n += 1
    }
    buffer[n] = 10
    n += 1
    #if arch(wasm32)
      var iov: (Int32, Int32) = (Int32(Int(bitPattern: buffer.baseAddress!)), Int32(n))
      var written: Int32 = 0
      _ = withUnsafeBytes(of: &iov) { _wasiWrite(1, $0.baseAddress!, 1, &written) }
    #else
      print(String(decoding: UnsafeRawBufferPointer(rebasing: buffer[0..<(n - 1)]), as: UTF8.self))
    #endif
  }
}

func run() {
  emit("elementary", _DeterminismDigest.elementaryFunctions())
  emit("springs", _DeterminismDigest.springs())
  emit("curves", _DeterminismDigest.curves())
  emit("batch", _DeterminismDigest.batch())
}

#if arch(wasm32)
  @_expose(wasm, "_start")
  @_cdecl("_start")
  public func _start() { run() }
#else
  @main struct DeterminismMain {
    static func main() { run() }
  }
#endif
