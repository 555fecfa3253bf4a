import Foundation

/// Reference data committed under `Tests/Fixtures/`, generated once by an independent oracle
/// (see each file's header) so tests need neither Python nor anything outside the repository.
///
/// Format: UTF-8 text; lines starting with `#` are comments; other lines are whitespace-separated
/// fields. Numbers are decimal with 17 significant digits (exactly round-trippable) or `nan`,
/// `inf`, `-inf`.
public enum Fixture {
  /// The directory holding the fixture files.
  public static let directory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // _TestSupport
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("Tests/Fixtures", isDirectory: true)

  /// The data rows (comment and blank lines removed) of fixture `name`, split into fields.
  /// Traps with the file name if the file is missing: a missing fixture is a broken checkout.
  public static func rows(_ name: String) -> [[Substring]] {
    let url = directory.appendingPathComponent(name)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
      preconditionFailure("fixture \(name) not found at \(url.path)")
    }
    return text.split(separator: "\n").compactMap { line in
      let trimmed = line.drop(while: { $0 == " " })
      if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
      return trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }
  }

  /// Parses a fixture number (`nan`, `inf`, `-inf` or a decimal literal).
  public static func double(_ field: Substring) -> Double {
    switch field {
    case "nan": return .nan
    case "inf": return .infinity
    case "-inf": return -.infinity
    default:
      guard let value = Double(field) else { preconditionFailure("not a number in fixture: \(field)") }
      return value
    }
  }
}
