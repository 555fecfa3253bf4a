// The host-load warning of compare, on hand-picked load records (2-core synthetic machines:
// busy above 2.0, and the two sides must differ by at least 1.0 in load average).
import Foundation
import Testing
import _FrameBudgetTestSupport

@testable import FrameBudget

@Suite("compare: host load")
struct CompareHostLoadTests {
  /// A one-row file measured under `load` (nil: no load record, as in older files).
  func file(_ load: HostLoad?) -> ResultsFile {
    var f = syntheticFile([syntheticResult(baseNs: 2e6, noise: 0.05, seed: 7)])
    f.hostLoad = load
    return f
  }

  func warnings(baseline: HostLoad?, candidate: HostLoad?) -> [String] {
    Comparator.compare(
      baseline: file(baseline), candidate: file(candidate), baselinePath: "a", candidatePath: "b"
    ).warnings
  }

  @Test func aBusierCandidateIsNamedWithBothLoads() {
    // Peak 9.31 on 2 cores = 4.66 per core against 0.21: busy, and 4.4 per core busier.
    let w = warnings(baseline: HostLoad(start: 0.4, end: 0.3), candidate: HostLoad(start: 7.2, end: 9.31))
    #expect(
      w.contains(
        "the candidate ran on a busier host (load average up to 9.31 on 2 cores) than the baseline "
          + "(load average up to 0.4 on 2 cores): timing regressions may be host load, not code; "
          + "re-run both on a quiet host"))
  }

  @Test func aBusierBaselineIsNamedForImprovements() {
    let w = warnings(baseline: HostLoad(start: 3, end: 2.5), candidate: HostLoad(start: 0.5, end: 0.2))
    #expect(
      w.contains { $0.hasPrefix("the baseline ran on a busier host (load average up to 3.0 on 2 cores)") })
  }

  @Test func similarOrQuietLoadsGiveNoWarning() {
    // Both quiet; both equally busy (no difference); busy but only 0.4 per core apart.
    for (b, c) in [(0.1, 1.9), (6.0, 6.0), (2.0, 2.8)] {
      let w = warnings(baseline: HostLoad(start: b, end: b), candidate: HostLoad(start: c, end: c))
      #expect(!w.contains { $0.contains("host") }, "baseline \(b), candidate \(c): \(w)")
    }
  }

  @Test func theThresholdsAreInclusive() {
    // Candidate exactly 1.0 per core (2.0) and exactly 0.5 per core (1.0) busier than 1.0.
    let w = warnings(baseline: HostLoad(start: 1, end: 1), candidate: HostLoad(start: 2, end: 2))
    #expect(w.contains { $0.hasPrefix("the candidate ran on a busier host") })
  }

  @Test func aBusyCandidateWithoutABaselineRecordIsStillNamed() {
    let w = warnings(baseline: nil, candidate: HostLoad(start: 4, end: 4))
    #expect(
      w.contains(
        "the candidate ran on a busy host (load average up to 4.0 on 2 cores); the baseline has no "
          + "load record: timing regressions may be host load, not code"))
    #expect(!warnings(baseline: nil, candidate: HostLoad(start: 1, end: 1)).contains { $0.contains("host") })
    #expect(!warnings(baseline: nil, candidate: nil).contains { $0.contains("host") })
  }

  @Test func badReadingsAreClampedToZero() {
    let load = HostLoad(start: .nan, end: -3)
    #expect(load.start == 0 && load.end == 0 && load.peak == 0)
    #expect(HostLoad(start: .infinity, end: 1).start == 0)
    #expect(HostLoad(start: 3, end: 1).peakPerCore(cores: 0) == 3)
  }

  @Test func theRecordRoundTripsAndOlderFilesDecodeWithoutIt() throws {
    let f = file(HostLoad(start: 0.5, end: 1.25))
    let data = try ResultsIO.encode(f)
    let back = try ResultsIO.decode(ResultsFile.self, kind: ResultsFile.kindName, from: data, path: "x")
    #expect(back.hostLoad == HostLoad(start: 0.5, end: 1.25))
    // A file written before the field existed has no `hostLoad` key.
    var top = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    top["hostLoad"] = nil
    let old = try JSONSerialization.data(withJSONObject: top)
    #expect(
      try ResultsIO.decode(ResultsFile.self, kind: ResultsFile.kindName, from: old, path: "x").hostLoad == nil
    )
  }
}
