// `report` and `export`: capacity files exported to both dashboard formats, trends across results
// files.
import Foundation
import FrameBudget
import Testing
import _FrameBudgetTestSupport

@testable import hooke_bench

func capacityFile() -> CapacityFile {
  CapacityFile(
    createdAt: "t", machine: syntheticMachine(), source: SourceInfo(commit: nil, dirty: nil),
    results: [
      CapacityResult(
        scenario: "grid", engine: "hooke", hz: 120, maxElements: 1_115_500, p99NsAtMax: 8_000_000,
        deadlineNs: 8_333_333, reachedLimit: false, peakResidentBytes: 1, probes: [[1000, 10]]),
      CapacityResult(
        scenario: "grid", engine: "naive", hz: 120, maxElements: 18_500, p99NsAtMax: 8_000_000,
        deadlineNs: 8_333_333, reachedLimit: false, peakResidentBytes: 1, probes: [[1000, 10]]),
    ])
}

@Suite("export of capacity files")
struct CapacityExportTests {
  /// A capacity file exports its largest N per scenario, engine and Hz (bigger is better).
  @Test func capacityExportsToBothFormats() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try ResultsIO.write(capacityFile(), to: dir.file("cap.json"))
    let bmf = bench(["export", "cap.json", "--format", "bmf"], in: dir.path)
    #expect(bmf.code == 0, "\(bmf.stderr)")
    let object =
      try JSONSerialization.jsonObject(with: Data(bmf.stdout.utf8)) as! [String: [String: [String: Double]]]
    #expect(object["grid/hooke?hz=120"]?["max-elements"]?["value"] == 1_115_500)
    let perElement = try #require(object["grid/naive?hz=120"]?["ns-per-element"]?["value"])
    #expect(abs(perElement - 8_000_000.0 / 18_500) < 1e-9)
    let gab = bench(["export", "cap.json", "--format", "github-action-benchmark"], in: dir.path)
    let entries = try JSONSerialization.jsonObject(with: Data(gab.stdout.utf8)) as! [[String: Any]]
    #expect(
      entries.map { $0["name"] as! String } == [
        "grid/hooke?hz=120 max elements", "grid/naive?hz=120 max elements",
      ])
    #expect(entries.allSatisfy { $0["unit"] as? String == "elements" })
  }
}

@Suite("report trends")
struct ReportTrendTests {
  /// `report a.json b.json c.json`: one trend chart per id present in at least two files, with a
  /// point per file and statistic, labelled by commit; a file missing the id leaves a gap.
  @Test func trendAcrossThreeFiles() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    for (k, base) in [1e6, 1.5e6, 3e6].enumerated() {
      var file = syntheticFile(
        [syntheticResult(id: "alpha", baseNs: base, noise: 0.01, seed: UInt64(k))]
          + (k == 1 ? [] : [syntheticResult(id: "beta", baseNs: base, noise: 0.01, seed: UInt64(k + 10))]))
      file.source = SourceInfo(commit: "abcdef\(k)0123456789", dirty: false)
      try ResultsIO.write(file, to: dir.file("h\(k).json"))
    }
    let r = bench(["report", "h0.json", "h1.json", "h2.json", "--html", "trend.html"], in: dir.path)
    #expect(r.code == 0, "\(r.stderr)")
    let html = try #require(dir.read("trend.html"))
    #expect(html.contains("<h2>Trend over 3 results files</h2>"))
    let alpha = try #require(
      HTMLReport.trendPlot(
        id: "alpha/hooke?elements=1000&hz=60",
        history: (0..<3).map {
          try! ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: dir.file("h\($0).json"))
        }))
    #expect(alpha.components(separatedBy: "<circle ").count - 1 == 6)  // 3 files × p50, p99
    for label in ["abcdef0", "abcdef1", "abcdef2"] { #expect(alpha.contains(">\(label)</text>"), "\(label)") }
    // beta is missing from the middle file: two points per statistic, no line across the gap.
    let beta = try #require(
      HTMLReport.trendPlot(
        id: "beta/hooke?elements=1000&hz=60",
        history: (0..<3).map {
          try! ResultsIO.read(ResultsFile.self, kind: ResultsFile.kindName, from: dir.file("h\($0).json"))
        }))
    #expect(beta.components(separatedBy: "<circle ").count - 1 == 4)
    #expect(!beta.contains("<polyline fill=\"none\" stroke=\"#1565c0\""))
    #expect(ReportCommand.configuration.usage == "hooke-bench report <results> ... [<options>]")
  }
}

@Suite("report: Hooke trajectories")
struct HookeTrajectoriesTests {
  /// The appendix hooke-bench adds: two charts, spring step responses (three presets) and unit
  /// curves (three presets), each legend label in its curve's own colour.
  @Test func trajectoriesSectionHasBothChartsWithColouredLegends() {
    let section = HookeTrajectories.section
    #expect(section.heading == "Hooke trajectories")
    #expect(section.charts.count == 2)
    #expect(section.charts.allSatisfy { $0.hasPrefix("<svg ") && $0.hasSuffix("</svg>") })
    let springs = section.charts[0]
    for (name, colour) in [("smooth", "#1565c0"), ("snappy", "#ef6c00"), ("bouncy", "#2e7d32")] {
      #expect(springs.contains("fill=\"\(colour)\">\(name)</text>"), "\(name)")
      #expect(springs.contains("<polyline fill=\"none\" stroke=\"\(colour)\""), "\(name)")
    }
    for name in ["easeInOut", "easeOut", "linear"] { #expect(section.charts[1].contains(">\(name)</text>")) }
  }
}
