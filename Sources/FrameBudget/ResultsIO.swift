// Reading and writing result files: atomic writes, typed errors naming the file and field at fault.
import Foundation

/// Why a result, capacity, golden or budgets file could not be used.
public enum ResultsFileError: Error, Equatable, CustomStringConvertible {
  /// The file does not exist.
  case missing(path: String)
  /// The file exists but could not be read (permissions, a directory, …).
  case unreadable(path: String, reason: String)
  /// Not valid JSON (corrupt or truncated).
  case corrupt(path: String, detail: String)
  /// Valid JSON of the wrong shape: `field` is the dotted path of the offending key.
  case wrongSchema(path: String, field: String, detail: String)
  /// A `schemaVersion` this build does not read.
  case unsupportedVersion(path: String, found: Int)
  /// The file could not be written (the previous content, if any, is intact).
  case writeFailed(path: String, reason: String)

  /// A message naming the file, and the field where one is at fault.
  public var description: String {
    switch self {
    case .missing(let p): return "\(p): file not found"
    case .unreadable(let p, let r): return "\(p): cannot read: \(r)"
    case .corrupt(let p, let d): return "\(p): not valid JSON (corrupt or truncated): \(d)"
    case .wrongSchema(let p, let f, let d): return "\(p): field '\(f)': \(d)"
    case .unsupportedVersion(let p, let v):
      return
        "\(p): field 'schemaVersion': version \(v) is not supported (this build reads \(frameBudgetSchemaVersion))"
    case .writeFailed(let p, let r): return "\(p): cannot write: \(r)"
    }
  }
}

/// File access for result files.
public enum ResultsIO {
  /// Encodes `value` as pretty-printed JSON with sorted keys (stable diffs), ending in a newline.
  public static func encode<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    var data = try encoder.encode(value)
    data.append(0x0A)
    return data
  }

  /// Writes `data` to `path` atomically: a temp file `.NAME.tmp-PID-RANDOM` in the same
  /// directory, then `rename(2)`.
  ///
  /// Readers see either the old file or the complete new one, never a half-written file.
  /// `beforeRename` (tests) runs between writing the temp file and renaming it; if it throws,
  /// the temp file is removed, the old file is untouched and `.writeFailed` is thrown.
  /// Intermediate directories are created. The temp file is registered with `TemporaryFiles`
  /// (removed on SIGINT/SIGTERM), and temp files of `path` left by processes that no longer run
  /// are removed first. A directory at `path` or a regular file where a directory belongs is a
  /// `.writeFailed` naming it.
  ///
  /// Other targets (`_target(of:)`): `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and
  /// `/proc/self/fd/N` are written to that descriptor; an existing character device (`/dev/null`)
  /// or FIFO is written in place, without a temp file (renaming over it would replace it with a
  /// regular file: as root, `/dev/null` itself); a symbolic link is followed, so the file it
  /// names is replaced (the temp file goes next to that file) and the link stays. A block
  /// device or a socket is `.writeFailed`.
  public static func writeAtomically(
    _ data: Data, to path: String, beforeRename: (() throws -> Void)? = nil
  ) throws {
    let url: URL
    switch try _checkedTarget(path) {
    case .descriptor(let fd):
      try _write(data, to: fd, reportedAs: path)
      return
    case .characterDevice(let device):
      try _writeInPlace(data, to: device, isFIFO: false, reportedAs: path)
      return
    case .fifo(let fifo):
      try _writeInPlace(data, to: fifo, isFIFO: true, reportedAs: path)
      return
    case .file(let file):
      url = URL(fileURLWithPath: file)
    }
    let directory = url.deletingLastPathComponent()
    let temp = directory.appendingPathComponent(TemporaryFiles.name(for: url.lastPathComponent))
    TemporaryFiles.register(temp.path)
    defer { TemporaryFiles.unregister(temp.path) }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      TemporaryFiles.sweep(target: url.lastPathComponent, in: directory.path)
      try data.write(to: temp)
      try beforeRename?()
      guard rename(temp.path, url.path) == 0 else {
        throw ResultsFileError.writeFailed(path: path, reason: String(cString: strerror(errno)))
      }
    } catch let error as ResultsFileError {
      try? FileManager.default.removeItem(at: temp)
      throw error
    } catch {
      try? FileManager.default.removeItem(at: temp)
      throw ResultsFileError.writeFailed(path: path, reason: "\(error)")
    }
  }

  /// Encodes and writes `value` atomically.
  public static func write<T: Encodable>(
    _ value: T, to path: String, beforeRename: (() throws -> Void)? = nil
  ) throws {
    let data: Data
    do { data = try encode(value) } catch {
      throw ResultsFileError.writeFailed(path: path, reason: "cannot encode: \(error)")
    }
    try writeAtomically(data, to: path, beforeRename: beforeRename)
  }

  /// Reads and validates a file of kind `kind`: existence, JSON syntax, `schemaVersion`, `kind`,
  /// then every field (the error names the dotted field path; numbers must be finite JSON numbers
  /// that fit their field — 1e30 in an integer field is named as out of range), then, for a
  /// `ValidatedFile`, its consistency (no empty result set, no negative or inconsistent counts).
  public static func read<T: Decodable>(_ type: T.Type, kind: String, from path: String) throws -> T {
    try decode(type, kind: kind, from: _contents(of: path), path: path)
  }

  /// The bytes of the file at `path`: `missing` when there is none, `unreadable` for a directory
  /// or a read error.
  static func _contents(of path: String) throws -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ResultsFileError.missing(path: path)
    }
    if isDirectory.boolValue { throw ResultsFileError.unreadable(path: path, reason: "is a directory") }
    do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
      throw ResultsFileError.unreadable(path: path, reason: error.localizedDescription)
    }
  }

  /// The `kind` field of the JSON object at `path`, or nil when the file has none; the errors of
  /// `read` for a missing, unreadable or corrupt file.
  public static func kind(of path: String) throws -> String? {
    let data = try _contents(of: path)
    guard let object = try? JSONSerialization.jsonObject(with: data) else {
      throw ResultsFileError.corrupt(
        path: path, detail: data.isEmpty ? "the file is empty" : "\(data.count) bytes do not parse")
    }
    return (object as? [String: Any])?["kind"] as? String
  }

  /// Validates and decodes `data` (see `read`); `path` only names the file in errors.
  public static func decode<T: Decodable>(_ type: T.Type, kind: String, from data: Data, path: String) throws
    -> T
  {
    let object: Any
    do { object = try JSONSerialization.jsonObject(with: data) } catch {
      let detail =
        data.isEmpty ? "the file is empty" : "\(data.count) bytes do not parse (\(_describe(error)))"
      throw ResultsFileError.corrupt(path: path, detail: detail)
    }
    guard let top = object as? [String: Any] else {
      throw ResultsFileError.wrongSchema(path: path, field: "(top level)", detail: "expected an object")
    }
    guard let version = top["schemaVersion"] as? Int else {
      throw ResultsFileError.wrongSchema(
        path: path, field: "schemaVersion", detail: "missing or not an integer")
    }
    guard version == frameBudgetSchemaVersion else {
      throw ResultsFileError.unsupportedVersion(path: path, found: version)
    }
    guard let foundKind = top["kind"] as? String else {
      throw ResultsFileError.wrongSchema(path: path, field: "kind", detail: "missing or not a string")
    }
    guard foundKind == kind else {
      throw ResultsFileError.wrongSchema(
        path: path, field: "kind", detail: "expected '\(kind)', found '\(foundKind)'")
    }
    // No non-conforming float strategy: this tool never writes NaN or ±∞ into these files, so a
    // "NaN"/"Infinity" string where a number belongs is a schema error naming the field, instead
    // of a value that would leak into compare's statistics and output.
    let decoder = JSONDecoder()
    let value: T
    do { value = try decoder.decode(type, from: data) } catch let error as DecodingError {
      var (field, detail) = _fieldAndDetail(error)
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
        let located = _locateBadNumber(type, in: object)
      {
        (field, detail) = located
      }
      throw ResultsFileError.wrongSchema(path: path, field: field, detail: detail)
    } catch {
      throw ResultsFileError.wrongSchema(path: path, field: "(unknown)", detail: "\(error)")
    }
    if let checked = value as? any ValidatedFile { try checked.validate(path: path) }
    return value
  }

  static func _describe(_ error: Error) -> String {
    let ns = error as NSError
    if let debug = ns.userInfo["NSDebugDescription"] as? String { return debug }
    return ns.localizedDescription
  }

  /// The dotted path (`results[2].metrics.p99Ns`) and a short reason of a decoding error.
  static func _fieldAndDetail(_ error: DecodingError) -> (String, String) {
    func dotted(_ path: [any CodingKey]) -> String {
      var text = ""
      for key in path {
        if let i = key.intValue {
          text += "[\(i)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
      return text.isEmpty ? "(top level)" : text
    }
    switch error {
    case .keyNotFound(let key, let context):
      return (dotted(context.codingPath + [key]), "missing")
    case .typeMismatch(let type, let context):
      return (dotted(context.codingPath), "expected \(type)")
    case .valueNotFound(let type, let context):
      return (dotted(context.codingPath), "expected \(type), found null")
    case .dataCorrupted(let context):
      return (dotted(context.codingPath), context.debugDescription)
    @unknown default:
      return ("(unknown)", "\(error)")
    }
  }
}
