// Files and output paths: empty, negative, inconsistent and out-of-range content is an error
// naming the file and field; output paths are checked before any work; temp files are swept.
import Foundation
import Hooke
import Scenarios
import Testing
import _FrameBudgetTestSupport

@testable import FrameBudget
@testable import hooke_bench

@Suite("results files: consistency")
struct ResultsFileConsistencyTests {
  /// `compare good.json bad.json` (with and without --strict) exits 1 and names the file and the
  /// field, for each kind of inconsistent file.
  @Test(arguments: [
    ("empty results", "results", "is empty"),
    ("negative repetitions", "config.repetitions", "-5 is not in 1…10000"),
    ("zero frames", "config.frames", "0 is not in 1…10000000"),
    ("no repetitions", "results[0].repetitions", "is empty"),
    ("wrong id", "results[0].id", "does not match"),
    ("p50 above p99", "results[0].repetitions[0]", "p50Ns"),
    ("on-time above 1", "results[0].repetitions[0].onTimeRate", "1.5 is not in 0…1"),
    ("duplicate id", "results[1].id", "appears twice"),
  ])
  func inconsistentFileIsAnErrorNamingFileAndField(label: String, field: String, detail: String) throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 2e6, noise: 0.05, seed: 7)]), to: dir.file("good.json"))
    try writeEdited(dir, "bad.json") { top in
      switch label {
      case "empty results": top["results"] = [Any]()
      case "negative repetitions":
        var c = top["config"] as! [String: Any]
        c["repetitions"] = -5
        top["config"] = c
      case "zero frames":
        var c = top["config"] as! [String: Any]
        c["frames"] = 0
        top["config"] = c
      case "no repetitions": editResult(&top) { $0["repetitions"] = [Any]() }
      case "wrong id": editResult(&top) { $0["id"] = "spring-field/hooke?elements=2&hz=60" }
      case "p50 above p99":
        editResult(&top) { r in
          var reps = r["repetitions"] as! [[String: Any]]
          reps[0]["p50Ns"] = (reps[0]["p99Ns"] as! Int) + 1
          r["repetitions"] = reps
        }
      case "on-time above 1":
        editResult(&top) { r in
          var reps = r["repetitions"] as! [[String: Any]]
          reps[0]["onTimeRate"] = 1.5
          r["repetitions"] = reps
        }
      default:
        let results = top["results"] as! [Any]
        top["results"] = results + results
      }
    }
    for strict in [false, true] {
      let r = bench(["compare", "good.json", "bad.json"] + (strict ? ["--strict"] : []), in: dir.path)
      #expect(r.code == 1, "\(label): \(r.stderr)")
      #expect(r.stderr.contains("bad.json: field '\(field)': "), "\(label): \(r.stderr)")
      #expect(r.stderr.contains(detail), "\(label): \(r.stderr)")
      #expect(r.stdout.isEmpty)
    }
  }

  /// A number that is valid JSON but does not fit its integer field (1e30, a 31-digit integer,
  /// −5 for an unsigned time) is named by field and range, not called invalid JSON.
  @Test(arguments: [
    ("results[0].elements", "1e30", "not an integer in -9223372036854775808…9223372036854775807"),
    (
      "results[0].metrics.p99Ns", "1000000000000000000000000000000",
      "not an integer in 0…18446744073709551615"
    ),
    ("results[0].metrics.p99Ns", "-5", "not an integer in 0…18446744073709551615"),
  ])
  func outOfRangeNumberIsNamed(field: String, literal: String, detail: String) throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let good = try ResultsIO.encode(syntheticFile([syntheticResult(baseNs: 2e6, noise: 0.05, seed: 7)]))
    var text = String(decoding: good, as: UTF8.self)
    let key = field.split(separator: ".").last!
    let range = try #require(text.range(of: "\"\(key)\" : "))
    let end = text[range.upperBound...].firstIndex(where: { $0 == "," || $0 == "\n" })!
    text.replaceSubrange(range.upperBound..<end, with: literal)
    dir.write(text, to: "bad.json")
    let r = bench(["report", "bad.json"], in: dir.path)
    #expect(r.code == 1, "\(r.stderr)")
    #expect(
      r.stderr.contains("bad.json: field '\(field)': \(literal == "1e30" ? "1e+30" : literal)"), "\(r.stderr)"
    )
    #expect(r.stderr.contains(detail), "\(r.stderr)")
    #expect(!r.stderr.contains("not valid JSON"), "\(r.stderr)")
  }

  /// An empty capacity file and a budgets file with an unknown metric are errors naming the field.
  @Test func capacityAndBudgetFilesAreChecked() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try ResultsIO.write(
      syntheticFile([syntheticResult(baseNs: 2e6, noise: 0.05, seed: 7)]), to: dir.file("r.json"))
    dir.write(
      #"{"schemaVersion":1,"kind":"hooke.capacity","createdAt":"x","machine":{"id":"m","os":"Linux","arch":"x","cpu":"c","cores":1,"memoryBytes":0,"swift":"6.3","configuration":"release"},"source":{"commit":null,"dirty":null},"results":[]}"#,
      to: "cap.json")
    let cap = bench(["report", "r.json", "--capacity", "cap.json"], in: dir.path)
    #expect(cap.code == 1)
    #expect(cap.stderr.contains("cap.json: field 'results': is empty"), "\(cap.stderr)")
    dir.write(
      #"{"schemaVersion":1,"kind":"hooke.budgets","budgets":[{"scenario":"*","metric":"p99ns","max":1}]}"#,
      to: "b.json")
    let budget = bench(["compare", "r.json", "r.json", "--budgets", "b.json"], in: dir.path)
    #expect(budget.code == 1)
    #expect(
      budget.stderr.contains(
        "b.json: field 'budgets[0].metric': unknown metric 'p99ns' (did you mean 'p99Ns'?)"),
      "\(budget.stderr)")
  }
}

@Suite("output paths and temp files")
struct OutputPathTests {
  /// `run --output DIR`, `--html` under a regular file, and a report into a directory fail with
  /// exit 1 before anything is measured or written, naming the path and why.
  @Test(arguments: [
    (["run", "--output", "out"], "out: cannot write: is a directory"),
    (["run", "--html", "plain.txt/report.html"], "'PLAIN' is a file, not a directory"),
    (["run", "--output", "plain.txt/deeper/r.json"], "'PLAIN' is a file, not a directory"),
    (["capacity", "--output", "out", "--max-elements", "10", "--start", "10"], "is a directory"),
    (["baseline", "update", "--machine-id", "plain.txt"], "is a file, not a directory"),
  ])
  func badOutputPathFailsBeforeMeasuring(arguments: [String], message: String) throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try FileManager.default.createDirectory(atPath: dir.file("out"), withIntermediateDirectories: true)
    dir.write("x", to: "plain.txt")
    if arguments[0] == "baseline" {
      // results/baselines/plain.txt is a regular file where the machine folder belongs.
      dir.write("x", to: "results/baselines/plain.txt")
    }
    let r = bench(
      arguments + ["--hz", "60", "--frames", "2", "--warmup", "0", "--threads", "1"], in: dir.path)
    #expect(r.code == 1, "\(arguments): \(r.stderr)")
    #expect(
      r.stderr.contains(message.replacingOccurrences(of: "PLAIN", with: dir.file("plain.txt"))), "\(r.stderr)"
    )
    #expect(r.stdout.isEmpty, "\(arguments) measured: \(r.stdout)")
    #expect(!FileManager.default.fileExists(atPath: dir.file("results/latest.json")))
    #expect(!FileManager.default.fileExists(atPath: dir.file("results/latest.html")))
  }

  /// A temp file of `x.json` left by a process that no longer exists is removed by the next
  /// write of `x.json`; one of a running process (this one: a concurrent writer) is kept, as is
  /// a temp file of another target.
  @Test func staleTempFilesAreSweptByTheNextWrite() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    // A PID that no longer runs: a child that has exited and been reaped.
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/true")
    try child.run()
    child.waitUntilExit()
    let dead = child.processIdentifier
    let stale = ".x.json.tmp-\(dead)-123"
    let live = ".x.json.tmp-\(getpid())-456"
    let other = ".y.json.tmp-\(dead)-789"
    for name in [stale, live, other] { dir.write("partial", to: name) }
    try ResultsIO.writeAtomically(Data("new".utf8), to: dir.file("x.json"))
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
    #expect(names == ["x.json", live, other], "\(names)")
    #expect(dir.read("x.json") == "new")
  }

  /// A special file (here a FIFO; `/dev/null` and `/dev/stdout` alike) is written in place: it
  /// stays what it was and its reader gets the bytes. Renaming a temp file over it replaced it
  /// with a regular file.
  @Test func specialFileIsWrittenInPlaceNotReplaced() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let path = makeFIFO(in: dir)
    // A non-blocking reader first, so that opening the FIFO for writing does not wait.
    let reader = openReader(path)
    defer { close(reader) }
    try ResultsIO.writeAtomically(Data("through the pipe".utf8), to: path)
    #expect(fileType(path) == S_IFIFO, "the FIFO was replaced")
    var buffer = [UInt8](repeating: 0, count: 64)
    let n = read(reader, &buffer, buffer.count)
    #expect(n == 16)
    #expect(String(decoding: buffer.prefix(max(0, n)), as: UTF8.self) == "through the pipe")
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
    #expect(names == ["pipe"], "no temp file is left: \(names)")
  }

  /// A symbolic link is followed: the file it names gets the new bytes, and the link stays a
  /// link (renaming over it replaced the link with a regular file and left its target stale).
  @Test func symbolicLinkKeepsItsTargetUpdated() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try FileManager.default.createDirectory(atPath: dir.file("shared"), withIntermediateDirectories: true)
    dir.write("old", to: "shared/latest.json")
    try FileManager.default.createSymbolicLink(
      atPath: dir.file("latest.json"), withDestinationPath: dir.file("shared/latest.json"))
    try ResultsIO.writeAtomically(Data("new".utf8), to: dir.file("latest.json"))
    #expect(fileType(dir.file("latest.json"), ofLink: true) == S_IFLNK, "the link was replaced")
    #expect(dir.read("shared/latest.json") == "new")
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["latest.json", "shared"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("shared")) == ["latest.json"])
  }

  /// A dangling symbolic link is followed too: the file it names is created and the link stays.
  @Test func danglingSymbolicLinkGetsItsTargetCreated() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    try FileManager.default.createDirectory(atPath: dir.file("shared"), withIntermediateDirectories: true)
    // A relative link, resolved against the link's own directory.
    try FileManager.default.createSymbolicLink(
      atPath: dir.file("latest.json"), withDestinationPath: "shared/new.json")
    try ResultsIO.writeAtomically(Data("new".utf8), to: dir.file("latest.json"))
    #expect(fileType(dir.file("latest.json"), ofLink: true) == S_IFLNK, "the link was replaced")
    #expect(dir.read("shared/new.json") == "new")
  }

  /// `/dev/fd/N` (as `/dev/stdout`) is written to descriptor N itself: a file the shell
  /// redirected there keeps what it had and gets the bytes appended, and stays the same file.
  /// Resolved and renamed over, the redirected file was replaced; reopened, it was overwritten
  /// from its start.
  @Test func inheritedDescriptorIsWrittenNotReplaced() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    dir.write("before\n", to: "log.txt")
    let fd = open(dir.file("log.txt"), O_WRONLY | O_APPEND)
    #expect(fd >= 0)
    defer { close(fd) }
    var before = stat()
    #expect(stat(dir.file("log.txt"), &before) == 0)
    try ResultsIO.writeAtomically(Data("report\n".utf8), to: "/dev/fd/\(fd)")
    #expect(dir.read("log.txt") == "before\nreport\n")
    var after = stat()
    #expect(stat(dir.file("log.txt"), &after) == 0)
    #expect(after.st_ino == before.st_ino, "the file was replaced")
    #expect(throws: ResultsFileError.writeFailed(path: "/dev/fd/987", reason: "descriptor 987 is not open")) {
      try ResultsIO.checkWritable("/dev/fd/987")
    }
  }

  /// A FIFO whose reader goes away in the middle of a write is an error naming it; the process
  /// is not ended by SIGPIPE.
  @Test func fifoWhoseReaderLeavesIsAnError() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let path = makeFIFO(in: dir)
    let reader = openReader(path)
    // More than a pipe holds, so the writer is still writing when the reader leaves.
    let write = BackgroundWrite(Data(repeating: 0x41, count: 1 << 20), to: path)
    // Wait for the first bytes (until the writer has opened the FIFO a read finds none), then
    // leave.
    var first = [UInt8](repeating: 0, count: 5)
    var got = 0
    for _ in 0..<10_000 where got <= 0 {
      got = read(reader, &first, first.count)
      if got <= 0 { usleep(1000) }
    }
    #expect(got > 0, "the writer wrote nothing")
    close(reader)
    let outcome = write.outcome(within: 10)
    #expect(outcome != nil, "the write did not return")
    #expect(throws: ResultsFileError.writeFailed(path: path, reason: "the reader closed it")) {
      try outcome?.get()
    }
  }

  /// A FIFO that no process reads is an error naming it, at once: opening it for writing would
  /// wait for a reader forever. (The write runs on its own thread: if it waits, the test opens a
  /// reader to release it and fails instead of hanging.)
  @Test func fifoWithoutAReaderIsAnErrorNotAHang() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    let path = makeFIFO(in: dir)
    let write = BackgroundWrite(Data("nobody listens".utf8), to: path)
    var outcome = write.outcome(within: 10)
    if outcome == nil {
      Issue.record("the write waited for a reader")
      let reader = openReader(path)
      outcome = write.outcome(within: 10)
      close(reader)
    }
    #expect(throws: ResultsFileError.writeFailed(path: path, reason: "no process is reading it")) {
      try outcome?.get()
    }
    #expect(fileType(path) == S_IFIFO)
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
    #expect(names == ["pipe"], "no temp file is left: \(names)")
  }

  /// While a write is in progress its temp file is registered (what the SIGINT/SIGTERM handlers
  /// remove), and it is unregistered afterwards whether the write succeeded or failed.
  @Test func tempFileIsRegisteredOnlyDuringTheWrite() throws {
    let dir = TempDirectory()
    defer { dir.cleanup() }
    var during: Set<String> = []
    try ResultsIO.writeAtomically(
      Data("a".utf8), to: dir.file("x.json"),
      beforeRename: { during = TemporaryFiles.registered.filter { $0.hasPrefix(dir.path) } })
    #expect(during.count == 1)
    #expect(
      during.first.map { ($0 as NSString).lastPathComponent.hasPrefix(".x.json.tmp-\(getpid())-") } == true)
    #expect(TemporaryFiles.registered.filter { $0.hasPrefix(dir.path) }.isEmpty)
    // removeRegistered (the handlers' action) deletes a registered file.
    dir.write("partial", to: ".z.json.tmp-1-1")
    TemporaryFiles.register(dir.file(".z.json.tmp-1-1"))
    TemporaryFiles.removeRegistered { $0.hasPrefix(dir.path) }
    #expect(!FileManager.default.fileExists(atPath: dir.file(".z.json.tmp-1-1")))
  }
}

/// A FIFO named `pipe` in `dir`.
private func makeFIFO(in dir: TempDirectory) -> String {
  let path = dir.file("pipe")
  #expect(mkfifo(path, 0o600) == 0)
  return path
}

/// A reader of the FIFO `path`, opened without waiting for a writer.
private func openReader(_ path: String) -> Int32 {
  let reader = open(path, O_RDONLY | O_NONBLOCK)
  #expect(reader >= 0)
  return reader
}

/// The file type bits (`S_IFMT`) of what `path` names, or of the link itself with `ofLink`;
/// nil when there is nothing there.
private func fileType(_ path: String, ofLink: Bool = false) -> mode_t? {
  var info = stat()
  guard (ofLink ? lstat(path, &info) : stat(path, &info)) == 0 else { return nil }
  return info.st_mode & S_IFMT
}

/// `ResultsIO.writeAtomically(data, to: path)` on a thread of its own, so that a test can tell a
/// write that waits from one that returns instead of hanging with it.
private final class BackgroundWrite: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  // Written by the thread before it signals `done`, read after the wait: the semaphore orders them.
  private var result: Result<Void, any Error>?

  init(_ data: Data, to path: String) {
    Thread { [self] in
      result = Result { try ResultsIO.writeAtomically(data, to: path) }
      done.signal()
    }.start()
  }

  /// The write's outcome, or nil if it has not returned within `seconds`.
  func outcome(within seconds: Double) -> Result<Void, any Error>? {
    done.wait(timeout: .now() + seconds) == .success ? result : nil
  }
}
