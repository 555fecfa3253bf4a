// hooke-bench: the benchmark tool. FrameBudget implements the commands (run, capacity, verify,
// compare, baseline, report, export); this executable adds the scenarios and its own commands.
import FrameBudget
import Foundation

#if DEBUG
  let buildConfiguration = BuildConfiguration.debug
#else
  let buildConfiguration = BuildConfiguration.release
#endif

let status = HookeBenchCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()),
  registry: .selfTest,
  extraCommands: [MicroCommand.self, SpringsCommand.self],
  configuration: buildConfiguration)
exit(status)
