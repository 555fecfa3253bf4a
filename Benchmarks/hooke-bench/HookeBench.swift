// The `hooke-bench` command layer: the command protocol, dispatch and the entry point main calls.
import Foundation
import FrameBudget
import Scenarios

/// A `hooke-bench` subcommand: a configuration plus `run`, listed in `HookeBenchCommand.commands`.
protocol BenchCommand {
  /// Name, help and accepted options.
  static var configuration: CommandConfiguration { get }
  /// Validates the parsed arguments (and, for commands that write files, the output paths);
  /// throws `UsageError` (exit 64) naming the flag at fault, before any work starts.
  init(_ arguments: ParsedArguments) throws
  /// Runs the command and returns its exit code. Thrown `ResultsFileError`s become
  /// `ExitCode.failure`, `UsageError`s `ExitCode.usage`, `CommandFailure`s their own code.
  func run(_ context: CommandContext) throws -> ExitCode
}

/// The `hooke-bench` entry point.
enum HookeBenchCommand {
  /// Every command, in help order.
  static var commands: [any BenchCommand.Type] {
    [
      RunCommand.self, CapacityCommand.self, VerifyCommand.self, CompareCommand.self,
      BaselineCommand.self, ReportCommand.self, ExportCommand.self, ListCommand.self, PlaygroundCommand.self,
      PreviewCommand.self, MicroCommand.self, SpringsCommand.self, SceneCommand.self, AllocationsCommand.self,
    ]
  }

  /// The tool's scenarios: the nine scene scenarios (the default suite) plus the harness self-test
  /// `spring-field`, ten repetitions per row for the quick suite and `baseline update` (with 10
  /// on both sides the smallest Mann–Whitney p, 2/184 756, survives Holm correction over the
  /// suite's 144 tests, so compare can flag a 2x regression; with 5, 2/252, it never can).
  static func defaultRegistry() -> ScenarioRegistry {
    var registry = ScenarioRegistry.selfTest
    SceneScenarios.register(into: &registry)
    registry.defaultRepetitions = 10
    return registry
  }

  /// Runs `hooke-bench` with `arguments` (without the program name) using the process's stdout,
  /// stderr, working directory and environment. Returns the exit code (an `ExitCode` raw value).
  ///
  /// `configuration` is the executable's own (`#if DEBUG` in main.swift).
  static func main(arguments: [String], registry: ScenarioRegistry, configuration: BuildConfiguration)
    -> Int32
  {
    let context = CommandContext(
      stdout: .standardOutput, stderr: .standardError, registry: registry, configuration: configuration,
      workingDirectory: FileManager.default.currentDirectoryPath,
      environment: ProcessInfo.processInfo.environment, isTerminal: isatty(2) == 1)
    // SIGINT/SIGTERM while a file is being written: remove its temp file, then exit 128 + signal.
    TemporaryFiles.removeOnInterrupt()
    return main(arguments: arguments, context: context)
  }

  /// Runs `hooke-bench` in `context` (tests inject buffers and a temp directory).
  ///
  /// Errors are one line on stderr, `hooke-bench[ <command>]: error: <message>`, followed for
  /// usage errors by the usage line and a `--help` hint. Unknown commands and options suggest the
  /// nearest known name (`did you mean 'run'?`).
  static func main(
    arguments: [String], context: CommandContext, extraCommands: [any BenchCommand.Type] = []
  ) -> Int32 {
    let commands = Self.commands + extraCommands
    var arguments = arguments
    // No arguments, or options first: `run` (the default quick suite).
    let commandName: String
    if let first = arguments.first, !first.hasPrefix("-") {
      commandName = first
      arguments.removeFirst()
    } else if arguments.first == "-h" || arguments.first == "--help" {
      context.stdout.write(helpText(commands))
      return ExitCode.success.rawValue
    } else if arguments.first == "--version" {
      context.stdout.write(versionText(context.configuration))
      return ExitCode.success.rawValue
    } else {
      commandName = "run"
    }
    if commandName == "help" {
      if let name = arguments.first, let command = commands.first(where: { $0.configuration.name == name }) {
        context.stdout.write(command.configuration.helpText)
      } else if let name = arguments.first {
        context.stderr.write(unknownCommand(name, commands))
        return ExitCode.usage.rawValue
      } else {
        context.stdout.write(helpText(commands))
      }
      return ExitCode.success.rawValue
    }
    if commandName == "version" {
      context.stdout.write(versionText(context.configuration))
      return ExitCode.success.rawValue
    }
    guard let command = commands.first(where: { $0.configuration.name == commandName }) else {
      context.stderr.write(unknownCommand(commandName, commands))
      return ExitCode.usage.rawValue
    }
    let configuration = command.configuration
    do {
      let parsed = try ParsedArguments.parse(arguments, for: configuration)
      if parsed.help {
        context.stdout.write(configuration.helpText)
        return ExitCode.success.rawValue
      }
      let instance = try command.init(parsed)
      return try instance.run(context).rawValue
    } catch let error as UsageError {
      context.stderr.write(
        "hooke-bench \(configuration.name): error: \(error.message)\nUsage: \(configuration.usage)\n  See 'hooke-bench \(configuration.name) --help'.\n"
      )
      return ExitCode.usage.rawValue
    } catch let error as ResultsFileError {
      context.stderr.write("hooke-bench \(configuration.name): error: \(error)\n")
      return ExitCode.failure.rawValue
    } catch let error as FilmRecorderError {
      context.stderr.write("hooke-bench \(configuration.name): error: \(error)\n")
      if case .notDrawable = error { return ExitCode.usage.rawValue }
      return ExitCode.scenarioFailed.rawValue
    } catch let error as CommandFailure {
      context.stderr.write("hooke-bench \(configuration.name): error: \(error.message)\n")
      return error.exitCode.rawValue
    } catch {
      context.stderr.write("hooke-bench \(configuration.name): error: \(error)\n")
      return ExitCode.failure.rawValue
    }
  }

  /// `hooke-bench 0.x (results schema 1, Swift 6.3, release build)`.
  static func versionText(_ configuration: BuildConfiguration) -> String {
    "hooke-bench 0.x (results schema \(frameBudgetSchemaVersion), Swift \(Probe.swiftVersion), \(configuration.rawValue) build)\n"
  }

  static func unknownCommand(_ name: String, _ commands: [any BenchCommand.Type]) -> String {
    let names = commands.map { $0.configuration.name } + ["help", "version"]
    let hint = Suggestion.nearest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
    return
      "hooke-bench: error: unknown command '\(name)'\(hint)\n\(shortUsage(commands))  See 'hooke-bench --help'.\n"
  }

  static func shortUsage(_ commands: [any BenchCommand.Type]) -> String {
    "Usage: hooke-bench [<command>] [<options>]  (commands: \(commands.map { $0.configuration.name }.joined(separator: ", ")))\n"
  }

  /// The top-level help text listing every command.
  static func helpText(_ commands: [any BenchCommand.Type]) -> String {
    var out = """
      OVERVIEW: Hooke's frame-budget benchmark suite.

      Measures the CPU time of each frame's animation work against the frame deadline
      D = round(1e9/Hz) and reports CPU-budget metrics (a proxy, not presentation timing):
      percentiles, on-time rate, missed vsyncs, hitch time ratio, 1 % low FPS. Without a command it runs
      the default quick suite (every scenario at 1k and 10k elements, 60 and 120 Hz), writes
      results/latest.json and results/latest.html, and compares with this machine's baseline.

      USAGE: hooke-bench [<command>] [<options>]

      COMMANDS:

      """
    for c in commands { out += _helpLine(c.configuration.name, c.configuration.abstract) }
    out += _helpLine("help <command>", "Show a command's help.")
    out += _helpLine("version, --version", "Print the tool version.")
    out += "\nEXIT CODES:\n"
    for code in ExitCode.allCases {
      let number = "\(code.rawValue)"
      out += "  " + number + String(repeating: " ", count: 4 - number.count) + code.summary + "\n"
    }
    out += """

      EXAMPLES:
        hooke-bench                                    the quick suite, compared with the baseline
        hooke-bench list                               scenarios, engines and baselines
        hooke-bench run --scenario 'grid*' --hz 120    a glob of scenarios at 120 Hz
        hooke-bench baseline update                    record this machine's baseline
        hooke-bench playground --html springs.html     a spring and curve playground page
        hooke-bench preview --scenario hero-grid       one scenario's animation, frame by frame

      See 'hooke-bench <command> --help' for a command's options.

      """
    return out
  }
}

/// A command failure with a specific exit code and message.
struct CommandFailure: Error, CustomStringConvertible {
  /// Exit code.
  var exitCode: ExitCode
  /// Message naming the file, field or flag at fault.
  var message: String
  /// Creates a failure.
  init(_ exitCode: ExitCode, _ message: String) {
    self.exitCode = exitCode
    self.message = message
  }
  /// The message.
  var description: String { message }
}
