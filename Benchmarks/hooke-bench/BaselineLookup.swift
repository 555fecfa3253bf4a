// Where a baseline is found: this machine's folder, then a compatible machine's, or a file.
import Foundation
import FrameBudget

/// The baseline lookup shared by `run`, `baseline check` and `baseline path`.
///
/// A baseline named NAME is, in order:
/// 1. a file, when NAME contains `/` or ends in `.json` (`--baseline results/ci.json`);
/// 2. `results/baselines/<machine-id>/NAME.json` for this machine's id (exact match);
/// 3. otherwise `results/baselines/<other-id>/NAME.json` of a *compatible* machine: the same
///    architecture, logical core count and operating system (the first word of `machine.os`,
///    e.g. `Linux`), read from each file's `machine` record; the first such folder in name order
///    wins, with a warning, since its CPU model differs.
enum BaselineLookup {
  /// A baseline found by `locate`.
  struct Located: Sendable, Equatable {
    /// The file.
    var path: String
    /// Set when the file is not this machine's exact baseline (a compatible machine's).
    var warning: String?
  }

  /// The hint printed when no baseline exists.
  static let howToRecord =
    "record one with 'swift run -c release hooke-bench baseline update' on this machine, or pass --baseline FILE"

  /// Whether `name` names a file rather than a baseline name.
  static func isFile(_ name: String) -> Bool { name.contains("/") || name.hasSuffix(".json") }

  /// The baseline `name` for `context`'s machine by the lookup order above, or nil when there
  /// is none. An explicit file that does not exist is a `CommandFailure` with exit 5.
  static func locate(_ name: String, _ context: CommandContext, machineID: String? = nil) throws
    -> Located?
  {
    if isFile(name) {
      let path = context.resolve(name)
      guard FileManager.default.fileExists(atPath: path) else {
        throw CommandFailure(.baselineNotFound, "baseline not found: \(path): file not found")
      }
      return Located(path: path, warning: nil)
    }
    let machine = context.machine
    let exact = context.baselinePath(name: name, machineID: machineID)
    if FileManager.default.fileExists(atPath: exact) { return Located(path: exact, warning: nil) }
    // An explicit --machine-id asks for that folder only.
    guard machineID == nil else { return nil }
    let root = context.resolve("results/baselines")
    let folders = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
    for folder in folders where folder != machine.id {
      let path = root + "/" + folder + "/" + name + ".json"
      guard FileManager.default.fileExists(atPath: path),
        let other = try? ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: path),
        compatible(other.machine, machine)
      else { continue }
      return Located(
        path: path,
        warning:
          "no baseline '\(name)' for machine '\(machine.id)'; using the compatible '\(folder)' (\(machine.arch), \(machine.cores) cores, \(osFamily(machine.os)); CPU '\(other.machine.cpu)' differs from '\(machine.cpu)', so timings may differ)"
      )
    }
    return nil
  }

  /// Same architecture, core count and operating system family.
  static func compatible(_ a: MachineInfo, _ b: MachineInfo) -> Bool {
    a.arch == b.arch && a.cores == b.cores && osFamily(a.os) == osFamily(b.os)
  }

  /// The first word of an `os` string (`Linux 6.8.0` → `Linux`).
  static func osFamily(_ os: String) -> String { os.split(separator: " ").first.map(String.init) ?? os }

  /// The exit-5 failure for a baseline that was not found, saying where it was looked for and how
  /// to record one.
  static func notFound(_ name: String, _ context: CommandContext, machineID: String?) -> CommandFailure {
    let id = machineID ?? context.machine.id
    return CommandFailure(
      .baselineNotFound,
      "baseline '\(name)' not found for machine '\(id)' (looked for \(context.baselinePath(name: name, machineID: machineID))\(machineID == nil ? " and a compatible machine's (same arch, cores and OS)" : "")); \(howToRecord)"
    )
  }
}
