// hooke-bench: Hooke's benchmark command. A small hand-written dispatcher: no command prints the
// Spring preset table; `micro` runs the batch micro benchmark.
import Hooke

/// Exit codes (issue 6 / frame-metrics.md): 0 success, 64 usage error.
enum ExitCode: Int32 {
  case success = 0
  case usage = 64
}

let usage = """
  USAGE: hooke-bench [--help]
         hooke-bench micro [--format table|json] [--channels N[,N…]] [--quick] [--help]

  With no command, prints Hooke's Spring presets: response (s), damping ratio ζ, stiffness (N/m
  for mass 1), damping (N·s/m), settling duration (s, to within 0.001 of a unit step),
  overshoot, and a 40-column sparkline of each preset's step response.

  COMMANDS:
    micro        Steps the micro workload on every engine; see `hooke-bench micro --help`.

  OPTIONS:
    -h, --help   Show this help.

  """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case nil:
  printPresetTable()
case "-h", "--help":
  print(usage, terminator: "")
case "micro":
  runMicro(Array(arguments.dropFirst()))
case let other?:
  printError("hooke-bench: unknown command '\(other)'.\n\n\(usage)")
  exit(ExitCode.usage)
}

func printPresetTable() {
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
}
