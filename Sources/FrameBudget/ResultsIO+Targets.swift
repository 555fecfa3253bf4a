// Where an output path's bytes go: a file replaced atomically, a device or FIFO written in place,
// or a descriptor the process inherited.
import Foundation

/// What writing to an output path means (``ResultsIO/_target(of:)``).
enum _OutputTarget: Equatable {
  /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N`: descriptor N, written
  /// directly, so a shell's redirection (its file, its offset, its append mode) is honoured.
  /// Opening the path instead would reopen a redirected file at offset 0, and renaming over it
  /// would replace that file.
  case descriptor(Int32)
  /// An existing character device (`/dev/null`), after following symbolic links: written in
  /// place (renaming over it would replace it with a regular file).
  case characterDevice(String)
  /// An existing FIFO, after following symbolic links: written in place, as a device is.
  case fifo(String)
  /// A regular file, existing or not, after following symbolic links (a dangling link's target
  /// included): replaced through a temp file next to it, so a link to it stays a link.
  case file(String)
}

extension ResultsIO {
  /// The most symbolic links followed for one path (as the kernel's `ELOOP` limit).
  static let _linkLimit = 40

  /// Where writing to `path` goes; `.writeFailed` naming the reason for a directory, a block
  /// device, a socket, a descriptor that is not open, or a loop of symbolic links.
  static func _target(of path: String) throws -> _OutputTarget {
    if let fd = _inheritedDescriptor(path) {
      guard fcntl(fd, F_GETFD) != -1 else {
        throw ResultsFileError.writeFailed(path: path, reason: "descriptor \(fd) is not open")
      }
      return .descriptor(fd)
    }
    var resolved = path
    for _ in 0..._linkLimit {
      var info = stat()
      guard lstat(resolved, &info) == 0 else { return .file(resolved) }  // not there yet
      switch info.st_mode & S_IFMT {
      case S_IFLNK:
        guard let next = try? FileManager.default.destinationOfSymbolicLink(atPath: resolved) else {
          throw ResultsFileError.writeFailed(
            path: path, reason: "cannot read the symbolic link '\(resolved)'")
        }
        resolved =
          next.hasPrefix("/")
          ? next : ((resolved as NSString).deletingLastPathComponent as NSString).appendingPathComponent(next)
      case S_IFREG: return .file(resolved)
      case S_IFDIR: throw ResultsFileError.writeFailed(path: path, reason: "is a directory")
      case S_IFCHR: return .characterDevice(resolved)
      case S_IFIFO: return .fifo(resolved)
      case S_IFBLK: throw ResultsFileError.writeFailed(path: path, reason: "is a block device")
      case S_IFSOCK: throw ResultsFileError.writeFailed(path: path, reason: "is a socket")
      default: throw ResultsFileError.writeFailed(path: path, reason: "is not a regular file")
      }
    }
    throw ResultsFileError.writeFailed(path: path, reason: "too many levels of symbolic links")
  }

  /// The descriptor `path` names when it is one of the process's own: `/dev/stdout` (1),
  /// `/dev/stderr` (2), `/dev/fd/N` or `/proc/self/fd/N` (N); nil otherwise.
  static func _inheritedDescriptor(_ path: String) -> Int32? {
    switch path {
    case "/dev/stdout": return 1
    case "/dev/stderr": return 2
    default:
      for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
        return Int32(path.dropFirst(prefix.count))
      }
      return nil
    }
  }

  /// Whether two output options may both name `path`: a character device or an inherited
  /// descriptor takes one write after another. A FIFO does not (its reader usually stops at the
  /// first end of file), nor does a file.
  package static func _acceptsSeveralOutputs(_ path: String) -> Bool {
    switch try? _target(of: path) {
    case .descriptor, .characterDevice: return true
    case .fifo, .file, nil: return false
    }
  }

  /// Writes `data` to the character device or FIFO (`isFIFO`) `path` through one descriptor.
  /// The open does not wait: a FIFO that no process reads is `.writeFailed` ("no process is
  /// reading it") instead of a hang; the writes then block as usual until the reader has taken
  /// the bytes. What the descriptor turns out to be is checked again (the path may have changed
  /// since it was resolved): only a character device or a FIFO is written.
  static func _writeInPlace(_ data: Data, to path: String, isFIFO: Bool, reportedAs name: String) throws {
    let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard fd >= 0 else {
      let code = errno
      let reason = code == ENXIO && isFIFO ? "no process is reading it" : String(cString: strerror(code))
      throw ResultsFileError.writeFailed(path: name, reason: reason)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFCHR || info.st_mode & S_IFMT == S_IFIFO else {
      throw ResultsFileError.writeFailed(path: name, reason: "changed while it was being opened")
    }
    // Blocking writes from here on: a pipe's reader takes the bytes at its own pace.
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    try _write(data, to: fd, reportedAs: name)
  }

  /// Writes all of `data` to descriptor `fd`. A reader that has gone away is `.writeFailed`
  /// ("the reader closed it") rather than the end of the process: SIGPIPE is ignored for the
  /// write and its previous disposition restored after.
  static func _write(_ data: Data, to fd: Int32, reportedAs name: String) throws {
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < bytes.count {
        // Safety: `offset < bytes.count`, so the bytes written lie inside `bytes`.
        let n = _systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
        guard n < 0 else {
          offset += n
          continue
        }
        let code = errno
        if code == EINTR { continue }
        let reason = code == EPIPE ? "the reader closed it" : String(cString: strerror(code))
        throw ResultsFileError.writeFailed(path: name, reason: reason)
      }
    }
  }
}

/// `write(2)` (a free function: inside `ResultsIO` the name is its own `write(_:to:)`).
private func _systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}
