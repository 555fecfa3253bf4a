// `playground`.
import Foundation
import FrameBudget

/// `playground [--html FILE]`: writes the spring and curve playground page.
struct PlaygroundCommand: BenchCommand {
  /// `playground`'s configuration.
  static let configuration = CommandConfiguration(
    name: "playground",
    abstract: "Write a self-contained spring and curve playground page running Hooke's wasm build.",
    discussion: """
      The page embeds Hooke's Embedded-Swift wasm32 build and plots value and velocity for
      Spring(duration:bounce:), (response:dampingRatio:), (mass:stiffness:damping:) and the
      presets, with an initial velocity, and for UnitCurves, cubic Béziers and the Penner easings.
      It shows the derived stiffness, damping and settling duration and gives text to copy: the
      SwiftUI expressions and the CSS linear() easing from Hooke's export with its error. Every
      number comes from the wasm module. Bad input is clamped as the initialisers document and
      the page says what changed. No network and no external files: open it from disk.
      """,
    options: [.option("html", "file", "Where to write the page. Default: playground.html.")],
    examples: [
      ("hooke-bench playground", "Write playground.html in the current directory."),
      ("hooke-bench playground --html /tmp/springs.html", "Write it elsewhere."),
    ])

  var html: String

  /// Validates the arguments.
  init(_ a: ParsedArguments) throws {
    html = a.string("html") ?? "playground.html"
    guard !html.isEmpty else { throw UsageError("option --html: the path is empty") }
  }

  /// Writes the page.
  func run(_ context: CommandContext) throws -> ExitCode {
    let path = context.resolve(html)
    try ResultsIO.checkWritable(path)
    let page = Data(PlaygroundPage.render().utf8)
    try ResultsIO.writeAtomically(page, to: path)
    context.stdout.write("wrote \(html) (\(page.count) bytes)\n")
    return .success
  }
}
