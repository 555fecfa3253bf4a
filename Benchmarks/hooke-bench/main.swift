// hooke-bench: Hooke's benchmark command. Until the benchmark suite lands it prints the Spring
// preset table: parameters, settling time and a sparkline of each preset's step response.
import Hooke

/// Exit codes (issue 6 / frame-metrics.md): 0 success, 64 usage error.
enum ExitCode: Int32 {
  case success = 0
  case usage = 64
}

let usage = """
  USAGE: hooke-bench [--help]

  Prints Hooke's Spring presets: response (s), damping ratio ζ, stiffness (N/m for mass 1),
  damping (N·s/m), settling duration (s, to within 0.001 of a unit step), overshoot, and a
  40-column sparkline of each preset's step response from t = 0 to the longest settling
  duration in the table.

  OPTIONS:
    -h, --help   Show this help.

  """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("-h") || arguments.contains("--help") {
  print(usage, terminator: "")
  exit(ExitCode.success)
}
if let first = arguments.first {
  printError("hooke-bench: unknown argument '\(first)'.\n\n\(usage)")
  exit(ExitCode.usage)
}

let presets: [(name: String, spring: Spring)] = [
  (".smooth", .smooth),
  (".snappy", .snappy),
  (".bouncy", .bouncy),
  (".smooth(duration: 1)", .smooth(duration: 1)),
  (".snappy(extraBounce: 0.1)", .snappy(extraBounce: 0.1)),
  (".bouncy(extraBounce: 0.2)", .bouncy(extraBounce: 0.2)),
  ("Spring(duration: 0.5, bounce: -0.5)", Spring(duration: 0.5, bounce: -0.5)),
]
print(SpringPresetTable(presets: presets, columns: 40).render(), terminator: "")
