// Runs `hooke-bench` in a temporary directory with buffered output, for the command tests.
import FrameBudget
import Scenarios
import _FrameBudgetTestSupport

@testable import hooke_bench

/// Runs `hooke-bench arguments` in `directory` with buffered output.
func bench(
  _ arguments: [String], in directory: String, registry: ScenarioRegistry = .selfTest,
  configuration: BuildConfiguration = .release, beforeBaselineRename: (() throws -> Void)? = nil,
  measureSuite: (([BenchmarkItem], RunOptions) -> ResultsFile)? = nil
) -> (code: Int32, stdout: String, stderr: String) {
  var context = CommandContext(
    stdout: .buffer(), stderr: .buffer(), registry: registry, configuration: configuration,
    workingDirectory: directory, environment: ["HOOKE_BENCH_MACHINE_ID": "test-machine"], isTerminal: false)
  context.beforeBaselineRename = beforeBaselineRename
  context.measureSuite = measureSuite
  let code = HookeBenchCommand.main(arguments: arguments, context: context)
  return (code, context.stdout.text, context.stderr.text)
}
