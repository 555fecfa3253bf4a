import FrameBudget
import Hooke

/// `hooke-bench springs`: Hooke's Spring presets as a table with step-response sparklines.
struct SpringsCommand: BenchCommand {
  static let configuration = CommandConfiguration(
    name: "springs",
    abstract: "Print Hooke's Spring presets with their step responses.",
    discussion: """
      Prints each preset's response (s), damping ratio ζ, stiffness (N/m for mass 1), damping
      (N·s/m), settling duration (s, to within 0.001 of a unit step), overshoot, and a 40-column
      sparkline of its step response from t = 0 to the longest settling duration in the table.
      """,
    examples: [("hooke-bench springs", "The preset table.")])

  init(_ a: ParsedArguments) throws {}

  func run(_ context: CommandContext) throws -> ExitCode {
    let presets: [(name: String, spring: Spring)] = [
      (".smooth", .smooth),
      (".snappy", .snappy),
      (".bouncy", .bouncy),
      (".smooth(duration: 1)", .smooth(duration: 1)),
      (".snappy(extraBounce: 0.1)", .snappy(extraBounce: 0.1)),
      (".bouncy(extraBounce: 0.2)", .bouncy(extraBounce: 0.2)),
      ("Spring(duration: 0.5, bounce: -0.5)", Spring(duration: 0.5, bounce: -0.5)),
    ]
    context.stdout.write(SpringPresetTable(presets: presets, columns: 40).render())
    return .success
  }
}
