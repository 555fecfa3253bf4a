// hooke-bench: the benchmark tool. The harness (FrameBudget) measures; the command layer of this
// target parses, dispatches and reports; Scenarios supplies the scenarios and engines.
import Foundation
import FrameBudget
import Scenarios

#if DEBUG
  let buildConfiguration = BuildConfiguration.debug
#else
  let buildConfiguration = BuildConfiguration.release
#endif

let status = HookeBenchCommand.main(
  arguments: Array(CommandLine.arguments.dropFirst()), registry: HookeBenchCommand.defaultRegistry(),
  configuration: buildConfiguration)
exit(status)
