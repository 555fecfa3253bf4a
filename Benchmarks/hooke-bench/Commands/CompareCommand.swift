// `compare`: two results files, statistic by statistic.
import Foundation
import FrameBudget

/// `compare BASELINE CANDIDATE`.
struct CompareCommand: BenchCommand {
  /// `compare`'s configuration.
  static let configuration = CommandConfiguration(
    name: "compare",
    abstract: "Compare two results files: behaviour exactly, timing statistically.",
    discussion: """
      Results are matched by id. Checksums and counters must be equal (differences are reported as
      behaviour changes). Timing statistics (per-repetition p50, p99, hitch time ratio, on-time rate)
      are compared with a two-sided Mann-Whitney U test (Holm-corrected across all tests) and a
      bootstrap 95 % CI of the median ratio (10 000 resamples, fixed seed): regressed / improved if
      significant and the CI is beyond the noise band, unchanged if the CI is inside it, noise if
      significant but inside, inconclusive otherwise. Equal medians are not "unchanged" by
      themselves: the CI decides. Each statistic also has an absolute floor (p50 5 us, p99 5 % of
      the frame deadline, HTR 0.5 ms/s, on-time 0.1 %): regressed / improved need the CI of the
      median difference beyond it, and a CI within it is unchanged. The baseline file's optional
      'tolerance' replaces these defaults and the flags replace it. --confirm N re-measures the
      regressed rows N times with this build (so only when this build is the candidate, on its
      machine) and keeps a regression only if every re-run reproduces it against the same
      baseline. A row with m and n repetitions can reach significance only if
      (tests) x 2/C(m+n, m) < alpha; compare warns once per kind of row that cannot (record with
      10 repetitions: the quick suite's 144 tests then flag a 2x regression). Empty or
      inconsistent files are errors naming the file and field (exit 1).
      """ + "\n"
        + ExitCode.paragraph([
          .success, .failure, .regression, .scenarioFailed, .improvementsOnly, .baselineNotFound,
          .budgetViolated, .inconclusive, .usage,
        ]),
    arguments: [
      ArgumentSpec("baseline", "The reference results file."),
      ArgumentSpec("candidate", "The new results file."),
    ],
    options: _CompareSwitches.options + [_CompareSwitches.confirmOption(defaultRuns: 0)],
    examples: [
      (
        "hooke-bench compare results/baselines/linux-x86_64-2c-amd-epyc/main.json results/latest.json",
        "Compare the last run with a committed baseline."
      ),
      (
        "hooke-bench compare base.json new.json --format markdown --strict",
        "A PR summary; exit 8 if inconclusive."
      ),
    ])

  var baseline: String
  var candidate: String
  var switches: _CompareSwitches

  /// Validates the arguments.
  init(_ a: ParsedArguments) throws {
    baseline = a.positionals[0]
    candidate = a.positionals[1]
    switches = try _CompareSwitches(a)
  }

  /// Compares.
  func run(_ context: CommandContext) throws -> ExitCode {
    let a = try _readResults(context.resolve(baseline), baseline: true)
    let b = try _readResults(context.resolve(candidate), baseline: false)
    return try switches.compare(
      baseline: a, candidate: b, baselinePath: baseline, candidatePath: candidate,
      confirmRuns: switches.confirm ?? 0,
      context)
  }
}
