// `list`: what can be run and compared.
import Foundation
import FrameBudget

/// `list [scenarios|engines|baselines]`.
struct ListCommand: BenchCommand {
  /// `list`'s configuration.
  static let configuration = CommandConfiguration(
    name: "list",
    abstract: "List the registered scenarios, engines and recorded baselines.",
    discussion: """
      scenarios: each scenario with its engines (the first is the default) and whether the quick
      suite runs it. engines: each engine with the scenarios that offer it. baselines: every
      baseline under results/baselines, this machine's marked with '*'. Without a kind, all three.
      """,
    arguments: [ArgumentSpec("kind", "scenarios, engines or baselines. Default: all three.", optional: true)],
    options: [.option("format", "format", "text or json. Default: text.")],
    examples: [
      ("hooke-bench list", "Everything."),
      ("hooke-bench list engines --format json", "Engines as a JSON object {engine: [scenario]}."),
    ])

  enum Kind: String, CaseIterable { case scenarios, engines, baselines }
  var kinds: [Kind]
  var json: Bool

  /// Validates the arguments.
  init(_ a: ParsedArguments) throws {
    if let raw = a.positional(0) {
      guard let kind = Kind(rawValue: raw) else {
        let names = Kind.allCases.map(\.rawValue)
        let hint = Suggestion.nearest(to: raw, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        throw UsageError("argument <kind>: '\(raw)' is not one of \(names.joined(separator: ", "))\(hint)")
      }
      kinds = [kind]
    } else {
      kinds = Kind.allCases
    }
    json = try OutputFormat.parse(a, allowed: [.text, .json]) == .json
  }

  /// Lists.
  func run(_ context: CommandContext) throws -> ExitCode {
    let registry = context.registry
    let quick = Set(registry.defaultScenarios ?? registry.scenarios.map(\.name))
    var engines: [(String, [String])] = []
    for s in registry.scenarios {
      for e in s.engines {
        if let i = engines.firstIndex(where: { $0.0 == e }) {
          engines[i].1.append(s.name)
        } else {
          engines.append((e, [s.name]))
        }
      }
    }
    let baselines = _baselines(context)
    var sections: [String] = []
    var object: [String: Any] = [:]
    for kind in kinds {
      switch kind {
      case .scenarios:
        object["scenarios"] = registry.scenarios.map {
          ["name": $0.name, "engines": $0.engines, "quickSuite": quick.contains($0.name)] as [String: Any]
        }
        let width = registry.scenarios.map(\.name.count).max() ?? 0
        sections.append(
          "scenarios (engines; * = quick suite):\n"
            + registry.scenarios.map {
              "  \(quick.contains($0.name) ? "*" : " ") \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.engines.joined(separator: ", "))\n"
            }.joined())
      case .engines:
        object["engines"] = Dictionary(engines, uniquingKeysWith: { a, _ in a })
        let width = engines.map(\.0.count).max() ?? 0
        sections.append(
          "engines (scenarios offering them):\n"
            + engines.map {
              "  \($0.0.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.1.count == registry.scenarios.count ? "all" : $0.1.joined(separator: ", "))\n"
            }.joined())
      case .baselines:
        object["baselines"] = baselines.map { ["machine": $0.machine, "name": $0.name, "path": $0.path] }
        let mine = context.machine.id
        sections.append(
          "baselines (* = this machine, \(mine)):\n"
            + (baselines.isEmpty
              ? "  none; \(BaselineLookup.howToRecord)\n"
              : baselines.map { "  \($0.machine == mine ? "*" : " ") \($0.machine)/\($0.name)\n" }.joined()))
      }
    }
    if json {
      let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
      context.stdout.write(String(decoding: data, as: UTF8.self) + "\n")
    } else {
      context.stdout.write(sections.joined(separator: "\n"))
    }
    return .success
  }

  func _baselines(_ context: CommandContext) -> [(machine: String, name: String, path: String)] {
    let root = context.resolve("results/baselines")
    var out: [(String, String, String)] = []
    for machine in ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted() {
      let folder = root + "/" + machine
      for file in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
      where file.hasSuffix(".json") && !file.hasPrefix(".") {
        out.append((machine, String(file.dropLast(5)), folder + "/" + file))
      }
    }
    return out
  }
}
