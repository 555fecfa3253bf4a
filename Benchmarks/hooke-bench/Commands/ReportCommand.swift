// `report`.
import Foundation
import FrameBudget

/// `report RESULTS.json [MORE.json ...] --html FILE`.
struct ReportCommand: BenchCommand {
  /// `report`'s configuration.
  static let configuration = CommandConfiguration(
    name: "report",
    abstract: "Write a self-contained HTML report (inline SVG) for results files.",
    discussion: """
      The report has a summary table and per scenario a filmstrip of six sampled frames (the
      scenario re-run once with the row's elements, Hz and seed), a frame-time percentile plot
      and a histogram (deadline marked), capacity per Hz and engine when --capacity is given, and
      spring and curve trajectories computed with Hooke. With several results files (oldest
      first, e.g. one per commit), the report is of the last one and adds the trend of each id's
      p50 and p99 across all of them. No scripts or external resources: open it in any browser.
      """,
    arguments: [ArgumentSpec("results", "hooke.results files, oldest first.", repeating: true)],
    options: [
      .option("html", "file", "Where to write the HTML. Default: the last results path with .html."),
      .option("capacity", "file", "A hooke.capacity file to chart as well."),
    ],
    examples: [
      ("hooke-bench report results/latest.json", "Write results/latest.html."),
      (
        "hooke-bench report results/latest.json --html cap.html --capacity results/capacity-120hz.json",
        "Add the capacity chart."
      ),
      ("hooke-bench report history/a.json history/b.json history/c.json", "Trends over three commits."),
    ])

  var results: [String]
  var html: String
  var capacity: String?

  /// Validates the arguments.
  init(_ a: ParsedArguments) throws {
    results = a.positionals
    let last = results[results.count - 1]
    html = a.string("html") ?? (last.hasSuffix(".json") ? String(last.dropLast(5)) : last) + ".html"
    capacity = a.string("capacity")
  }

  /// Writes the report.
  func run(_ context: CommandContext) throws -> ExitCode {
    try ResultsIO.checkWritable(context.resolve(html))
    let files = try results.map { try _readResults(context.resolve($0), baseline: false) }
    let cap = try capacity.map {
      try ResultsIO.read(CapacityFile.self, kind: CapacityFile.kindName, from: context.resolve($0))
    }
    try ResultsIO.writeAtomically(
      Data(
        HTMLReport.render(
          results: files.last, capacity: cap, history: files,
          filmstrips: files.last.map { FilmstripSVG.strips(for: $0, registry: context.registry) },
          appendix: [HookeTrajectories.section]
        ).utf8),
      to: context.resolve(html))
    context.stdout.write("wrote \(html)\n")
    return .success
  }
}
