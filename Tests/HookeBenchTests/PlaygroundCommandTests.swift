// The `playground` command: writes exactly the page, and reports bad targets.
import Foundation
import FrameBudget
import Testing
import _FrameBudgetTestSupport

@testable import hooke_bench

@Suite struct PlaygroundCommandTests {
  /// `playground --html FILE` writes exactly the page and nothing else.
  @Test func commandWritesThePageAndNoTemporaryFile() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let out = bench(["playground", "--html", "pages/p.html"], in: dir.path)
    #expect(out.code == 0, "\(out.stderr)")
    #expect(out.stdout.hasPrefix("wrote pages/p.html ("))
    #expect(dir.read("pages/p.html") == PlaygroundPage.render())
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("pages")) == ["p.html"])
  }

  /// A directory as the target is an I/O error naming the path; an empty path a usage error.
  @Test func badTargetsAreReported() {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    dir.write("x", to: "taken/keep.txt")
    let directory = bench(["playground", "--html", "taken"], in: dir.path)
    #expect(directory.code == ExitCode.failure.rawValue)
    #expect(
      directory.stderr.contains("taken") && directory.stderr.contains("is a directory"), "\(directory.stderr)"
    )
    let empty = bench(["playground", "--html", ""], in: dir.path)
    #expect(empty.code == ExitCode.usage.rawValue)
    #expect(empty.stderr.contains("--html"), "\(empty.stderr)")
  }
}
