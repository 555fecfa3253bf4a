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

let status = HookeBenchCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()),
  registry: registry,
  extraCommands: [MicroCommand.self, SpringsCommand.self],
  configuration: buildConfiguration)
exit(status)
