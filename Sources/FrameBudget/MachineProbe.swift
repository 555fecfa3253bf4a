// Clocks, memory and the machine/source description.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The build configuration of the binary running the harness (baselines refuse `debug`).
public enum BuildConfiguration: String, Codable, Sendable {
  /// An optimised build (`-c release`).
  case release
  /// A debug build.
  case debug

  /// The configuration this module was compiled in (`#if DEBUG`). An executable should pass its
  /// own (`#if DEBUG` in main.swift) since it may differ in custom builds.
  public static var current: BuildConfiguration {
    #if DEBUG
      return .debug
    #else
      return .release
    #endif
  }
}

/// The clock frame times are measured with.
public enum FrameClock: String, Codable, Sendable {
  /// `CLOCK_THREAD_CPUTIME_ID` of the driving thread: the CPU time of the frame's work.
  case threadCPU = "thread-cpu"
  /// `CLOCK_MONOTONIC`: wall time (used when work spreads over several threads, whose CPU time the
  /// driving thread's clock cannot see).
  case wall
}

/// Clocks and process statistics.
public enum Probe {
  /// Nanoseconds of `CLOCK_THREAD_CPUTIME_ID` (CPU time of the calling thread).
  @inline(__always)
  public static func threadCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
  }

  /// Nanoseconds of `CLOCK_MONOTONIC`.
  @inline(__always)
  public static func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
  }

  /// Peak resident set size of the process in bytes: `VmHWM` of /proc/self/status on Linux,
  /// else `getrusage` `ru_maxrss`; 0 if unknown.
  public static func peakResidentBytes() -> UInt64 {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
      for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.filter(\.isNumber)
        if let kb = UInt64(digits) { return kb * 1024 }
      }
    }
    var usage = rusage()
    #if canImport(Glibc)
      guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
    #else
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
    #endif
    #if canImport(Darwin)
      return UInt64(max(0, usage.ru_maxrss))
    #else
      return UInt64(max(0, usage.ru_maxrss)) * 1024
    #endif
  }

  /// Resets the peak resident set size to the current size where the OS allows it (Linux:
  /// writes `5` to /proc/self/clear_refs); returns whether it did. Otherwise the peak is the
  /// process's high-water mark so far.
  @discardableResult
  public static func resetPeakResident() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    do { try handle.write(contentsOf: Data("5".utf8)) } catch { return false }
    return true
  }

  /// The host's 1-minute load average (`getloadavg`), or nil where the system reports none.
  public static func loadAverage() -> Double? {
    var sample = [0.0]
    guard getloadavg(&sample, 1) == 1, sample[0].isFinite, sample[0] >= 0 else { return nil }
    return sample[0]
  }

  /// Logical cores available.
  public static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// Describes this machine. `id` defaults to `<os>-<arch>-<cores>c-<cpu slug>` (a machine
  /// *kind*, not a host name); the environment variable `HOOKE_BENCH_MACHINE_ID` overrides it.
  public static func machine(
    configuration: BuildConfiguration, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> MachineInfo {
    var uts = utsname()
    uname(&uts)
    func field<T>(_ value: T) -> String {
      withUnsafeBytes(of: value) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
    }
    let system = field(uts.sysname)
    let release = field(uts.release)
    let arch = field(uts.machine)
    var cpu = "unknown"
    if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let colon = line.firstIndex(of: ":")
    {
      cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let cores = Self.cores
    let slug = _slug("\(system)-\(arch)-\(cores)c-\(cpu)")
    let id = environment["HOOKE_BENCH_MACHINE_ID"].flatMap { $0.isEmpty ? nil : _slug($0) } ?? slug
    return MachineInfo(
      id: id, os: "\(system) \(release)", arch: arch, cpu: cpu, cores: cores,
      memoryBytes: ProcessInfo.processInfo.physicalMemory, swift: swiftVersion,
      configuration: configuration.rawValue)
  }

  /// The compiler version the harness was built with (major.minor).
  public static var swiftVersion: String {
    #if compiler(>=6.4)
      return "6.4+"
    #elseif compiler(>=6.3)
      return "6.3"
    #elseif compiler(>=6.2)
      return "6.2"
    #elseif compiler(>=6.1)
      return "6.1"
    #else
      return "6.0"
    #endif
  }

  /// The git commit and dirty flag of `directory`; nil fields when git or the repository is absent.
  public static func source(directory: String) -> SourceInfo {
    guard
      let commit = _git(["rev-parse", "HEAD"], in: directory)?.trimmingCharacters(
        in: .whitespacesAndNewlines),
      !commit.isEmpty
    else { return SourceInfo(commit: nil, dirty: nil) }
    let status = _git(["status", "--porcelain", "--untracked-files=no"], in: directory)
    return SourceInfo(
      commit: commit, dirty: status.map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty })
  }

  static func _git(_ arguments: [String], in directory: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", directory] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// Lower-case `[a-z0-9-]`, runs of other characters collapsed to one `-`, at most 64 characters.
  static func _slug(_ text: String) -> String {
    var out = ""
    for scalar in text.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" {
        out.unicodeScalars.append(scalar)
      } else if !out.hasSuffix("-") && !out.isEmpty {
        out += "-"
      }
    }
    while out.hasSuffix("-") { out.removeLast() }
    return String(out.prefix(64))
  }

  /// Now as ISO 8601 UTC, seconds precision.
  public static func timestamp() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: Date())
  }
}
