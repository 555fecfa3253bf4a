// A small dependency-free command-line layer shaped like swift-argument-parser: each command
// declares its configuration (name, abstract, options, arguments) and a `run`.
import Foundation
import FrameBudget

/// Where a command writes text (stdout or stderr, or a buffer in tests).
final class TextSink: @unchecked Sendable {
  private let lock = NSLock()
  private let sink: (String) -> Void
  private var buffer = ""
  private let buffering: Bool

  /// A sink forwarding to `write`.
  init(_ write: @escaping (String) -> Void) {
    sink = write
    buffering = false
  }

  private init(buffering: Bool) {
    sink = { _ in }
    self.buffering = buffering
  }

  /// A sink collecting everything written into `text` (for tests).
  static func buffer() -> TextSink { TextSink(buffering: true) }

  /// The process's standard output.
  static var standardOutput: TextSink {
    TextSink { text in FileHandle.standardOutput.write(Data(text.utf8)) }
  }

  /// The process's standard error.
  static var standardError: TextSink {
    TextSink { text in FileHandle.standardError.write(Data(text.utf8)) }
  }

  /// Writes `text` as is.
  func write(_ text: String) {
    lock.lock()
    defer { lock.unlock() }
    if buffering { buffer += text } else { sink(text) }
  }

  /// Everything written so far (buffer sinks only; empty otherwise).
  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return buffer
  }
}

/// A command-line usage error (exit code 64). The message names the flag or argument at fault.
struct UsageError: Error, Equatable, CustomStringConvertible {
  /// The message.
  var message: String
  /// Creates an error with `message`.
  init(_ message: String) { self.message = message }
  /// The message.
  var description: String { message }
}

/// One option of a command.
struct OptionSpec: Sendable {
  /// Long name without dashes (`scenario`).
  var name: String
  /// Value placeholder (`name`), or nil for a flag.
  var valueName: String?
  /// Help text; the default, if any, should be stated in it.
  var help: String
  /// Whether the option may be given several times (values accumulate).
  var repeating: Bool

  /// A value option `--name <valueName>`.
  static func option(_ name: String, _ valueName: String, _ help: String, repeating: Bool = false)
    -> OptionSpec
  {
    OptionSpec(name: name, valueName: valueName, help: help, repeating: repeating)
  }

  /// A flag `--name`.
  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: nil, help: help, repeating: false)
  }
}

/// One positional argument.
struct ArgumentSpec: Sendable {
  /// Placeholder (`baseline`).
  var name: String
  /// Help text.
  var help: String
  /// Whether it may be omitted.
  var optional: Bool
  /// Whether it takes every remaining positional (only the last argument; shown as `<name> ...`).
  var repeating: Bool

  /// Creates an argument.
  init(_ name: String, _ help: String, optional: Bool = false, repeating: Bool = false) {
    self.name = name
    self.help = help
    self.optional = optional
    self.repeating = repeating
  }
}

/// What a command is called, what it does and what it accepts.
struct CommandConfiguration: Sendable {
  /// Command name (`run`).
  var name: String
  /// One-line summary.
  var abstract: String
  /// Longer explanation printed after the overview (may be empty).
  var discussion: String
  /// Positional arguments in order.
  var arguments: [ArgumentSpec]
  /// Options (`--help` is added automatically).
  var options: [OptionSpec]
  /// Example invocations, `(command line, what it does)`, printed under EXAMPLES.
  var examples: [(command: String, explanation: String)]

  /// Creates a configuration.
  init(
    name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], examples: [(command: String, explanation: String)] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.examples = examples
  }

  /// `hooke-bench NAME <arg> [<optional>] [<options>]`.
  var usage: String {
    var parts = ["hooke-bench", name]
    for a in arguments {
      parts.append((a.optional ? "[<\(a.name)>]" : "<\(a.name)>") + (a.repeating ? " ..." : ""))
    }
    if !options.isEmpty { parts.append("[<options>]") }
    return parts.joined(separator: " ")
  }

  /// The `--help` text: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, EXAMPLES (wrapped at 100 columns).
  var helpText: String {
    var out = "OVERVIEW: \(abstract)\n\n"
    if !discussion.isEmpty { out += discussion + "\n\n" }
    out += "USAGE: \(usage)\n\n"
    if !arguments.isEmpty {
      out += "ARGUMENTS:\n"
      for a in arguments { out += _helpLine("<\(a.name)>", a.help) }
      out += "\n"
    }
    out += "OPTIONS:\n"
    for o in options { out += _helpLine("--\(o.name)" + (o.valueName.map { " <\($0)>" } ?? ""), o.help) }
    out += _helpLine("-h, --help", "Show help information.")
    if !examples.isEmpty {
      out += "\nEXAMPLES:\n"
      for e in examples { out += "  " + e.command + "\n" + _wrap(e.explanation, indent: 6) }
    }
    return out
  }
}

/// `text` wrapped at 100 columns, every line indented by `indent` spaces, ending in a newline.
func _wrap(_ text: String, indent: Int) -> String {
  var lines: [String] = []
  var current = ""
  for word in text.split(separator: " ") {
    if !current.isEmpty && indent + current.count + 1 + word.count > 100 {
      lines.append(current)
      current = String(word)
    } else {
      current += current.isEmpty ? String(word) : " " + word
    }
  }
  if !current.isEmpty { lines.append(current) }
  return lines.map { String(repeating: " ", count: indent) + $0 + "\n" }.joined()
}

extension Suggestion {
  /// The names of `available` selected by `patterns` (exact names or globs), in `available`'s
  /// order, or a `UsageError` for `--flag` naming the first pattern that matches nothing (with a
  /// did-you-mean hint and the available names).
  static func select(_ patterns: [String], from available: [String], flag: String, noun: String) throws
    -> [String]
  {
    var chosen = Set<String>()
    for pattern in patterns {
      let matches = available.filter { isGlob(pattern) ? glob(pattern, matches: $0) : $0 == pattern }
      guard !matches.isEmpty else {
        let hint =
          isGlob(pattern) ? "" : nearest(to: pattern, in: available).map { "; did you mean '\($0)'?" } ?? ""
        throw UsageError(
          "option '--\(flag)': \(isGlob(pattern) ? "pattern" : "unknown \(noun)") '\(pattern)'\(isGlob(pattern) ? " matches no \(noun)" : "")\(hint) (available: \(available.joined(separator: ", ")))"
        )
      }
      chosen.formUnion(matches)
    }
    return available.filter(chosen.contains)
  }
}

/// `  label   help` with the help column at 28 and continuation lines indented.
func _helpLine(_ label: String, _ help: String) -> String {
  let column = 28
  var words = help.split(separator: " ").map(String.init)
  var lines: [String] = []
  var current = ""
  while !words.isEmpty {
    let w = words.removeFirst()
    if current.isEmpty {
      current = w
    } else if current.count + 1 + w.count > 100 - column {
      lines.append(current)
      current = w
    } else {
      current += " " + w
    }
  }
  if !current.isEmpty { lines.append(current) }
  let head = "  " + label
  var out = ""
  if head.count + 2 > column {
    out = head + "\n" + lines.map { String(repeating: " ", count: column) + $0 + "\n" }.joined()
  } else {
    let first = lines.first ?? ""
    out = head + String(repeating: " ", count: column - head.count) + first + "\n"
    out += lines.dropFirst().map { String(repeating: " ", count: column) + $0 + "\n" }.joined()
  }
  return out
}

/// Parsed command-line values with typed accessors that throw `UsageError`s naming the flag.
struct ParsedArguments: Sendable {
  /// Values of value options by name (several for repeating options).
  var values: [String: [String]] = [:]
  /// Flags given.
  var flags: Set<String> = []
  /// Positional arguments in order.
  var positionals: [String] = []
  /// Whether `-h`/`--help` was given.
  var help = false

  /// Parses `arguments` against `configuration`: `--name value`, `--name=value`, flags, and
  /// positionals (everything after `--` is positional). A repeating option of a command without
  /// positional arguments also takes the non-option tokens that follow (`--scenario a b`).
  static func parse(_ arguments: [String], for configuration: CommandConfiguration) throws
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var i = 0
    var onlyPositionals = false
    while i < arguments.count {
      let token = arguments[i]
      i += 1
      if onlyPositionals || !token.hasPrefix("-") || token == "-" {
        parsed.positionals.append(token)
        continue
      }
      if token == "--" {
        onlyPositionals = true
        continue
      }
      if token == "-h" || token == "--help" {
        parsed.help = true
        continue
      }
      guard token.hasPrefix("--") else { throw UsageError("unknown option '\(token)'") }
      var name = String(token.dropFirst(2))
      var inline: String?
      if let eq = name.firstIndex(of: "=") {
        inline = String(name[name.index(after: eq)...])
        name = String(name[..<eq])
      }
      guard let spec = configuration.options.first(where: { $0.name == name }) else {
        let hint = Suggestion.nearest(to: name, in: configuration.options.map(\.name) + ["help"]).map {
          " (did you mean '--\($0)'?)"
        }
        throw UsageError("unknown option '--\(name)'\(hint ?? "")")
      }
      if spec.valueName == nil {
        if inline != nil { throw UsageError("flag '--\(name)' does not take a value") }
        parsed.flags.insert(name)
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else {
        guard i < arguments.count, !arguments[i].hasPrefix("--") else {
          throw UsageError("option '--\(name)' needs a value <\(spec.valueName!)>")
        }
        value = arguments[i]
        i += 1
      }
      if !spec.repeating && parsed.values[name] != nil {
        throw UsageError("option '--\(name)' given more than once")
      }
      // An empty file name would resolve to the working directory.
      if spec.valueName == "file" && value.isEmpty {
        throw UsageError("option '--\(name)': the file name is empty")
      }
      parsed.values[name, default: []].append(value)
      // `--scenario a b c`: a repeating option of a command without positionals takes every
      // following non-option token.
      if spec.repeating && inline == nil && configuration.arguments.isEmpty {
        while i < arguments.count && !arguments[i].hasPrefix("-") {
          parsed.values[name, default: []].append(arguments[i])
          i += 1
        }
      }
    }
    if !parsed.help {
      let required = configuration.arguments.filter { !$0.optional }.count
      if parsed.positionals.count < required {
        let missing = configuration.arguments[parsed.positionals.count]
        throw UsageError("missing argument <\(missing.name)>")
      }
      if parsed.positionals.count > configuration.arguments.count,
        configuration.arguments.last?.repeating != true
      {
        throw UsageError("unexpected argument '\(parsed.positionals[configuration.arguments.count])'")
      }
      // An empty path would resolve to the working directory (and an empty name means nothing).
      for (k, value) in parsed.positionals.enumerated()
      where value.isEmpty && !configuration.arguments.isEmpty {
        let argument = configuration.arguments[Swift.min(k, configuration.arguments.count - 1)]
        throw UsageError("argument <\(argument.name)> is empty")
      }
    }
    return parsed
  }

  /// Whether flag `name` was given.
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The last value of option `name`.
  func string(_ name: String) -> String? { values[name]?.last }

  /// A positional argument, if given.
  func positional(_ index: Int) -> String? { index < positionals.count ? positionals[index] : nil }

  /// All values of `name`, split at commas, empty parts dropped.
  func list(_ name: String) -> [String]? {
    guard let raw = values[name] else { return nil }
    return raw.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter {
      !$0.isEmpty
    }
  }

  /// `list(name)`, but a list given with no non-empty part (`--engine ,`) is a `UsageError`.
  func nonEmptyList(_ name: String) throws -> [String]? {
    guard let items = list(name) else { return nil }
    guard !items.isEmpty else { throw UsageError("option '--\(name)' needs at least one value") }
    return items
  }

  /// An integer in `range`; accepts `_` separators and k/M suffixes (`10k`, `1M`).
  func int(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
    guard let raw = string(name) else { return nil }
    return try Self.integer(raw, flag: name, in: range)
  }

  /// A comma-separated integer list, each in `range`.
  func ints(_ name: String, in range: ClosedRange<Int>) throws -> [Int]? {
    guard let items = list(name) else { return nil }
    guard !items.isEmpty else { throw UsageError("option '--\(name)' needs at least one value") }
    return try items.map { try Self.integer($0, flag: name, in: range) }
  }

  /// A non-negative decimal number.
  func double(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
    guard let raw = string(name) else { return nil }
    guard let value = Double(raw), value.isFinite, range.contains(value) else {
      throw UsageError(
        "option '--\(name)': '\(raw)' is not a number in \(range.lowerBound)…\(range.upperBound)")
    }
    return value
  }

  /// One of `choices`.
  func choice(_ name: String, _ choices: [String]) throws -> String? {
    guard let raw = string(name) else { return nil }
    guard choices.contains(raw) else {
      throw UsageError("option '--\(name)': '\(raw)' is not one of \(choices.joined(separator: ", "))")
    }
    return raw
  }

  /// Positional argument `<argument>` as an integer in `range` (same syntax as ``int(_:in:)``),
  /// or a `UsageError` naming the argument.
  static func integer(_ raw: String, argument: String, in range: ClosedRange<Int>) throws -> Int {
    do {
      return try integer(raw, flag: argument, in: range)
    } catch {
      throw UsageError(
        "argument <\(argument)>: '\(raw)' is not an integer in \(range.lowerBound)…\(range.upperBound)")
    }
  }

  static func integer(_ raw: String, flag: String, in range: ClosedRange<Int>) throws -> Int {
    var text = raw.replacingOccurrences(of: "_", with: "")
    var scale = 1
    if text.hasSuffix("k") || text.hasSuffix("K") {
      scale = 1_000
      text.removeLast()
    } else if text.hasSuffix("M") || text.hasSuffix("m") {
      scale = 1_000_000
      text.removeLast()
    }
    guard let base = Int(text), case (let value, let overflow) = base.multipliedReportingOverflow(by: scale),
      !overflow, range.contains(value)
    else {
      throw UsageError(
        "option '--\(flag)': '\(raw)' is not an integer in \(range.lowerBound)…\(range.upperBound)")
    }
    return value
  }
}

/// Output formats of `run` and `compare`.
enum OutputFormat: String, Sendable, CaseIterable {
  /// Aligned plain-text table.
  case text
  /// GitHub-flavoured Markdown (PR step summaries).
  case markdown
  /// The JSON file format.
  case json

  /// The value of `--format` (`text`, `markdown`, `json`; `table` is accepted for `text`) among
  /// `allowed`, nil when absent, or a `UsageError` naming the flag and the allowed values.
  static func parse(_ a: ParsedArguments, allowed: [OutputFormat] = allCases) throws -> OutputFormat? {
    guard let raw = a.string("format") else { return nil }
    if let format = OutputFormat(rawValue: raw == "table" ? "text" : raw), allowed.contains(format) {
      return format
    }
    let names = allowed.map(\.rawValue)
    let hint = Suggestion.nearest(to: raw, in: names).map { "; did you mean '\($0)'?" } ?? ""
    throw UsageError("option '--format': '\(raw)' is not one of \(names.joined(separator: ", "))\(hint)")
  }
}
