import FrameBudget
import Scenarios

/// `hooke-bench micro`: the batch engine against the reference engines on the spring micro
/// workload described below (table or the `hooke.micro` JSON schema).
struct MicroCommand: BenchCommand {
  static let configuration = CommandConfiguration(
    name: "micro",
    abstract: "Step the spring micro workload on Hooke's batch engine and the reference engines.",
    discussion: """
      Steps springs (response 0.5 s, damping ratio 0.8) at 120 Hz, every channel retargeted to a
      seeded random value in [−1000, 1000) every 30 frames, on Hooke's batch engine (Float and
      Double, 1 and 2 threads; exact springs and the SwiftUI animation-spring model) and on the
      reference engines (naive closed form with exp/cos/sin per frame, semi-implicit Euler, RK4 at
      1 kHz with interpolation; one thread, Double). Only the per-frame steps are timed.
      maxAbsError is the largest |value − closed form in Double| over a sample of ≤ 512 channels
      per run. The triad rows are an in-process bandwidth probe a[i] = b[i] + s·c[i] over the same
      sizes (Float, 12 bytes per element). Progress goes to standard error.
      """,
    options: [
      .option("format", "format", "text or json (the hooke.micro document). Default: text."),
      .option("channels", "list", "Channel counts, each 1…268435456. Default: 4096,65536,1048576,16777216."),
      .flag("quick", "Short run (fewer frames)."),
    ],
    examples: [
      ("hooke-bench micro --quick --channels 4096,65536", "A short run at two sizes."),
      ("hooke-bench micro --format json", "The hooke.micro document."),
    ])

  var benchmark = MicroBenchmark()
  var json = false

  init(_ a: ParsedArguments) throws {
    json = try OutputFormat.parse(a, allowed: [.text, .json]) == .json
    if let values = try a.ints("channels", in: 1...(1 << 28)) { benchmark.channels = values }
    benchmark.quick = a.flag("quick")
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    let (triad, results) = benchmark.run { context.stderr.write("micro: \($0)\n") }
    context.stdout.write(json ? microJSON(triad, results) : microTable(triad, results))
    return .success
  }
}

func formatNumber(_ x: Double) -> String {
  // Shortest round-trip representation; JSON has no NaN/∞, report them as null.
  x.isFinite ? "\(x)" : "null"
}

func microJSON(_ triad: [TriadResult], _ results: [MicroResult]) -> String {
  let t = triad.map { "{\"channels\":\($0.channels),\"bytesPerSecond\":\(formatNumber($0.bytesPerSecond))}" }
  let r = results.map {
    "{\"engine\":\"\($0.engine)\",\"model\":\"\($0.model)\",\"scalar\":\"\($0.scalar)\",\"channels\":\($0.channels),"
      + "\"threads\":\($0.threads),\"nsPerChannelStep\":\(formatNumber($0.nsPerChannelStep)),"
      + "\"bytesPerSecond\":\(formatNumber($0.bytesPerSecond)),\"maxAbsError\":\(formatNumber($0.maxAbsError))}"
  }
  return
    "{\"schemaVersion\":1,\"kind\":\"hooke.micro\",\"triad\":[\(t.joined(separator: ","))],\"results\":[\(r.joined(separator: ","))]}\n"
}

func microPad(_ s: String, _ width: Int, left: Bool = false) -> String {
  let n = s.count
  guard n < width else { return s }
  let fill = String(repeating: " ", count: width - n)
  return left ? s + fill : fill + s
}

func microFixed(_ x: Double, _ digits: Int) -> String {
  guard x.isFinite else { return "—" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let r = (x * scale).rounded() / scale
  var s = "\(r)"
  if let dot = s.firstIndex(of: "."), s.contains("e") == false {
    let decimals = s.distance(from: dot, to: s.endIndex) - 1
    if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
  }
  return s
}

func scientific(_ x: Double) -> String {
  guard x.isFinite, x > 0 else { return x == 0 ? "0" : "—" }
  var e = 0
  var m = x
  while m >= 10 {
    m /= 10
    e += 1
  }
  while m < 1 {
    m *= 10
    e -= 1
  }
  return "\(microFixed(m, 2))e\(e)"
}

func microTable(_ triad: [TriadResult], _ results: [MicroResult]) -> String {
  var out = "triad probe (a[i] = b[i] + s·c[i], Float):\n"
  for t in triad {
    out +=
      "  \(microPad(String(t.channels), 10)) elements  \(microPad(microFixed(t.bytesPerSecond / 1e9, 2), 8)) GB/s\n"
  }
  out +=
    "\n" + microPad("engine", 7, left: true) + " " + microPad("model", 12, left: true)
    + microPad("scalar", 7, left: true)
    + microPad("channels", 10) + microPad("threads", 8) + microPad("ns/ch-step", 12) + microPad("GB/s", 8)
    + microPad("%triad", 8)
    + microPad("maxAbsError", 13) + microPad("vs naive", 10) + "\n"
  for r in results {
    let bandwidth = triad.first { $0.channels == r.channels }?.bytesPerSecond ?? .nan
    let naive = results.first { $0.engine == "naive" && $0.channels == r.channels }?.nsPerChannelStep ?? .nan
    out +=
      microPad(r.engine, 7, left: true) + " " + microPad(r.model, 12, left: true)
      + microPad(r.scalar, 7, left: true)
      + microPad(String(r.channels), 10) + microPad(String(r.threads), 8)
      + microPad(microFixed(r.nsPerChannelStep, 3), 12)
      + microPad(microFixed(r.bytesPerSecond / 1e9, 2), 8)
      + microPad(microFixed(100 * r.bytesPerSecond / bandwidth, 0), 8)
      + microPad(scientific(r.maxAbsError), 13)
      + microPad(microFixed(naive / r.nsPerChannelStep, 1) + "×", 10) + "\n"
  }
  return out
}
