// The temp files of atomic writes: registered while they exist, removed on SIGINT/SIGTERM, and
// swept by the next write when an earlier process left one behind (SIGKILL, power loss).
import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Temp files of `ResultsIO.writeAtomically`, named `.NAME.tmp-PID-RANDOM` next to `NAME`.
///
/// - While a temp file exists it is registered; `removeOnInterrupt()` (installed by the
///   `hooke-bench` entry point) removes every registered file on SIGINT or SIGTERM and exits with
///   128 + the signal number (130, 143). The target file keeps its old content.
/// - A process killed with SIGKILL cannot clean up: the next write to the same target removes
///   temp files of that target whose PID no longer names a running process (`sweep`).
public enum TemporaryFiles {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var live = Set<String>()
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

  /// The temp file name for `target` in this process: `.NAME.tmp-PID-RANDOM`.
  static func name(for target: String) -> String {
    ".\(target).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  }

  static func register(_ path: String) {
    lock.lock()
    live.insert(path)
    lock.unlock()
  }

  static func unregister(_ path: String) {
    lock.lock()
    live.remove(path)
    lock.unlock()
  }

  /// The temp files currently registered (tests).
  static var registered: Set<String> {
    lock.lock()
    defer { lock.unlock() }
    return live
  }

  /// Removes the registered temp files `predicate` selects (the signal handlers: all of them,
  /// before exiting).
  static func removeRegistered(where predicate: (String) -> Bool = { _ in true }) {
    lock.lock()
    let paths = live.filter(predicate)
    live.subtract(paths)
    lock.unlock()
    for path in paths { unlink(path) }
  }

  /// Installs SIGINT and SIGTERM handlers (once per process) that remove the registered temp
  /// files and exit with status 128 + signal. They run on a Dispatch queue, not in signal
  /// context, so the measuring thread is not disturbed until then.
  public static func removeOnInterrupt() {
    lock.lock()
    defer { lock.unlock() }
    guard sources.isEmpty else { return }
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        removeRegistered()
        _exit(128 + signalNumber)
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Removes temp files of `target` (in `directory`) left by processes that no longer run;
  /// returns the removed names. Files of running processes (a concurrent writer) are kept.
  @discardableResult
  static func sweep(target: String, in directory: String) -> [String] {
    let prefix = ".\(target).tmp-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
    var removed: [String] = []
    for name in names where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0,
        UInt32(rest[rest.index(after: dash)...]) != nil
      else { continue }
      guard pid != getpid(), kill(pid, 0) == -1, errno == ESRCH else { continue }
      if unlink(directory + "/" + name) == 0 { removed.append(name) }
    }
    return removed
  }
}

extension ResultsIO {
  /// Throws `.writeFailed` naming the reason when `path` cannot be written: it is a directory,
  /// a block device, a socket or a descriptor that is not open, the file or device is not
  /// writable, an ancestor is a regular file, or the nearest existing ancestor directory is not
  /// writable. A symbolic link is checked where it leads (`_target(of:)`); a device, FIFO or
  /// inherited descriptor needs no writable directory. Commands call this for every output path
  /// before measuring anything.
  public static func checkWritable(_ path: String) throws { _ = try _checkedTarget(path) }

  /// ``checkWritable(_:)``'s checks, returning where the bytes go (`_target(of:)`): the write
  /// resolves the path once, for the checks and the write.
  static func _checkedTarget(_ path: String) throws -> _OutputTarget {
    let target = try _target(of: path)
    let file: String
    switch target {
    case .descriptor: return target
    case .characterDevice(let device), .fifo(let device):
      guard access(device, W_OK) == 0 else {
        throw ResultsFileError.writeFailed(path: path, reason: "the file is not writable")
      }
      return target
    case .file(let resolved): file = resolved
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) {
      guard access(file, W_OK) == 0 else {
        throw ResultsFileError.writeFailed(path: path, reason: "the file is not writable")
      }
    }
    var ancestor = (file as NSString).deletingLastPathComponent
    if ancestor.isEmpty { ancestor = "." }
    while !FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory) {
      let parent = (ancestor as NSString).deletingLastPathComponent
      if parent.isEmpty || parent == ancestor { return target }
      ancestor = parent
    }
    guard isDirectory.boolValue else {
      throw ResultsFileError.writeFailed(path: path, reason: "'\(ancestor)' is a file, not a directory")
    }
    guard access(ancestor, W_OK) == 0 else {
      throw ResultsFileError.writeFailed(path: path, reason: "directory '\(ancestor)' is not writable")
    }
    return target
  }
}
