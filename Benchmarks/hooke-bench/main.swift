import Foundation
// hooke-bench: the benchmark tool. FrameBudget implements the commands (run, capacity, verify,
// compare, baseline, report, export); this executable adds the scenarios and its own commands.
import FrameBudget
import Scenarios

#if DEBUG
  let buildConfiguration = BuildConfiguration.debug
#else
  let buildConfiguration = BuildConfiguration.release
#endif

// The eight scene scenarios (default suite) plus the harness self-test `spring-field`.
var registry = ScenarioRegistry.selfTest
SceneScenarios.register(into: &registry)
// Ten repetitions per row for the quick suite and `baseline update`: with 10 on both sides the
// smallest Mann–Whitney p (2/184 756) survives Holm correction over the suite's 144 tests, so
// compare can flag a 2x regression; with 5 (2/252) it never can. The suite takes about 20 s.
registry.defaultRepetitions = 10

let status = HookeBenchCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()),
  registry: registry,
  extraCommands: [MicroCommand.self, SpringsCommand.self],
  configuration: buildConfiguration)
exit(status)
