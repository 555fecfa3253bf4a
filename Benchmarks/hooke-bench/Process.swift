#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ends the process with `code`.
func exit(_ code: ExitCode) -> Never {
  #if canImport(Glibc) || canImport(Darwin)
    exit(code.rawValue)
  #else
    fatalError("exit \(code.rawValue)")
  #endif
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
  #if canImport(Glibc) || canImport(Darwin)
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
  #else
    print(message)
  #endif
}
