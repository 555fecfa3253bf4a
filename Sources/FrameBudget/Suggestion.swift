// "Did you mean" suggestions and shell-style globs, shared by the command line and the files
// whose names it validates (budgets metrics).

/// "Did you mean" suggestions and glob patterns for names given on the command line.
package enum Suggestion {
  /// The Levenshtein edit distance between `a` and `b` (insertions, deletions, substitutions).
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a)
    let y = Array(b)
    guard !x.isEmpty else { return y.count }
    guard !y.isEmpty else { return x.count }
    var previous = Array(0...y.count)
    var row = previous
    for i in 1...x.count {
      row[0] = i
      for j in 1...y.count {
        row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
      }
      swap(&previous, &row)
    }
    return previous[y.count]
  }

  /// The candidate nearest to `name` when it is within `max(1, name.count / 3)` edits (ties: the
  /// first in `candidates`), or a candidate `name` is a prefix of; nil otherwise.
  package static func nearest(to name: String, in candidates: [String]) -> String? {
    let limit = max(1, name.count / 3)
    var best: (String, Int)?
    for c in candidates {
      let d = editDistance(name.lowercased(), c.lowercased())
      if d <= limit && (best == nil || d < best!.1) { best = (c, d) }
    }
    if let best { return best.0 }
    return name.count >= 2 ? candidates.first { $0.hasPrefix(name) } : nil
  }

  /// Whether `pattern` contains a glob metacharacter (`*`, `?` or `[`).
  package static func isGlob(_ pattern: String) -> Bool {
    pattern.contains { $0 == "*" || $0 == "?" || $0 == "[" }
  }

  /// Shell-style matching: `*` any run of characters, `?` one character, `[abc]` / `[a-z]` /
  /// `[!a]` a character class; everything else matches itself. The whole name must match.
  package static func glob(_ pattern: String, matches name: String) -> Bool {
    let p = Array(pattern)
    let n = Array(name)
    // Iterative matcher with backtracking to the last `*` (linear in practice, no recursion).
    var i = 0
    var j = 0
    var star: (p: Int, n: Int)?
    while j < n.count {
      if i < p.count, p[i] == "*" {
        star = (i, j)
        i += 1
      } else if i < p.count, let next = _matchOne(p, i, n[j]) {
        i = next
        j += 1
      } else if let s = star {
        i = s.p + 1
        j = s.n + 1
        star = (s.p, s.n + 1)
      } else {
        return false
      }
    }
    while i < p.count && p[i] == "*" { i += 1 }
    return i == p.count
  }

  /// If `p[i]` (a literal, `?` or a class) matches `c`, the index after it.
  static func _matchOne(_ p: [Character], _ i: Int, _ c: Character) -> Int? {
    if p[i] == "?" { return i + 1 }
    guard p[i] == "[", let close = p[(i + 1)...].firstIndex(of: "]"), close > i + 1 else {
      return p[i] == c ? i + 1 : nil
    }
    var k = i + 1
    let negate = p[k] == "!" || p[k] == "^"
    if negate { k += 1 }
    var matched = false
    while k < close {
      if k + 2 < close, p[k + 1] == "-" {
        if p[k] <= c && c <= p[k + 2] { matched = true }
        k += 3
      } else {
        if p[k] == c { matched = true }
        k += 1
      }
    }
    return matched != negate ? close + 1 : nil
  }
}
