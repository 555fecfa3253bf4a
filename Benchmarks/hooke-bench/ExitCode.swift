// The exit codes of every `hooke-bench` command: one owner, so help texts, compare reports and
// CI scripts agree.
import FrameBudget

/// A `hooke-bench` exit status. When several apply, the precedence is
/// 3 > 2 > 6 > 7 > 8 > 4 > 0 (`ExitCode.mostSevere`); 1, 5 and 64 end a command before any
/// verdict exists.
enum ExitCode: Int32, Sendable, CaseIterable, Codable {
  /// Everything passed.
  case success = 0
  /// An I/O error, or a corrupt, empty, inconsistent or incompatible file.
  case failure = 1
  /// A timing statistic regressed (or, with `--strict`, the behaviour changed).
  case regression = 2
  /// A scenario threw or was not deterministic across repetitions.
  case scenarioFailed = 3
  /// Improvements and nothing worse (only with `--fail-on-improvement`).
  case improvementsOnly = 4
  /// No baseline was found for this machine (nor a compatible one).
  case baselineNotFound = 5
  /// A result's p99 frame time exceeds its deadline (only with `--fail-on-deadline`).
  case deadlineMissed = 6
  /// A static budget of the budgets file was violated.
  case budgetViolated = 7
  /// A statistic was inconclusive (only with `--strict`).
  case inconclusive = 8
  /// The command line was wrong (unknown command or option, bad value).
  case usage = 64

  /// A short phrase for help texts (`2 regression`).
  var summary: String {
    switch self {
    case .success: return "ok"
    case .failure: return "error (I/O; corrupt, empty, inconsistent or incompatible file)"
    case .regression: return "regression"
    case .scenarioFailed: return "a scenario failed"
    case .improvementsOnly: return "improvements only (--fail-on-improvement)"
    case .baselineNotFound: return "baseline not found"
    case .deadlineMissed: return "a p99 missed its deadline (--fail-on-deadline)"
    case .budgetViolated: return "static budget violated"
    case .inconclusive: return "inconclusive (--strict)"
    case .usage: return "usage error"
    }
  }

  /// The verdict codes from most to least severe.
  static let precedence: [ExitCode] = [
    .scenarioFailed, .regression, .deadlineMissed, .budgetViolated, .inconclusive, .improvementsOnly,
  ]

  /// The most severe of `codes` by the verdict precedence 3 > 2 > 6 > 7 > 8 > 4 > 0; `success` for
  /// none. Codes outside the precedence (1, 5, 64) rank above all of them.
  static func mostSevere(_ codes: [ExitCode]) -> ExitCode {
    if let fatal = codes.first(where: { !precedence.contains($0) && $0 != .success }) { return fatal }
    return precedence.first(where: codes.contains) ?? .success
  }

  /// The exit code of a compare's findings: each finding's code (3, 2, 7, 8, 4), the most severe
  /// by ``mostSevere(_:)``; `success` for none.
  static func verdict(_ findings: [CompareFinding]) -> ExitCode {
    mostSevere(
      findings.map { finding in
        switch finding {
        case .scenarioFailed: return .scenarioFailed
        case .regression: return .regression
        case .budgetViolated: return .budgetViolated
        case .inconclusive: return .inconclusive
        case .improvements: return .improvementsOnly
        }
      })
  }

  /// `Exit codes: 0 ok, 1 error (…), ….` for the given codes, wrapped at 100 columns without a
  /// trailing newline (for a command's discussion).
  static func paragraph(_ codes: [ExitCode]) -> String {
    String(_wrap("Exit codes: " + legend(codes) + ".", indent: 0).dropLast())
  }

  /// `0 ok, 1 error (…), …` for the given codes, in numeric order.
  static func legend(_ codes: [ExitCode] = allCases) -> String {
    codes.sorted { $0.rawValue < $1.rawValue }.map { "\($0.rawValue) \($0.summary)" }.joined(separator: ", ")
  }
}
