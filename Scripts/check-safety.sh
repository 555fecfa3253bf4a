#!/usr/bin/env bash
# Checks the house rule "unsafe code states its precondition at each site": every unsafe memory
# access in Sources/ (a `withUnsafe…Pointer` closure, `.baseAddress!`, a raw pointer load or
# store, `unsafelyUnwrapped`, `assumingMemoryBound`/`bindMemory`, `unsafeBitCast`, `Unmanaged`,
# `initialize`/`deinitialize`/`update(from:)` on a pointer, `UnsafeMutablePointer<…>.allocate`)
# needs a comment containing `Safety:` that states the precondition making it correct (why an
# index is in bounds, a pointer valid, an unwrap non-nil). The comment counts when it sits within
# the 12 lines before the site; anywhere between the start of the enclosing `func`/`init`/
# `deinit`/`subscript`/computed property (its doc comment and attributes included) and the site,
# i.e. once at the top of a body for all the sites in it; or right after a run of site lines,
# at the top of the closure they open. Whether the comment is true is for review: this only
# finds sites nobody wrote one for. The generated playground module
# (Sources/FrameBudget/PlaygroundModule.swift) is skipped. Bash and awk only, so it runs before
# anything is built; Scripts/format.sh (and so CI's `format.sh --lint`) calls it. Usage, from
# anywhere in the checkout:
#   Scripts/check-safety.sh   print each uncovered site as `path:line: …` and exit 1 if there is
#                             one; else print the number of sites and exit 0
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$#" -eq 0 ] || { echo "usage: Scripts/check-safety.sh" >&2; exit 64; }

mapfile -t files < <(find Sources -name '*.swift' ! -name PlaygroundModule.swift | LC_ALL=C sort)

awk '
  function flush(   k) {
    for (k = 1; k <= npending; k++) printf "%s:%d: unsafe access without a // Safety: comment\n", pendingFile, pending[k]
    bad += npending; npending = 0
  }
  function reset() { flush(); depth = 0; top = 0; nsafety = 0; inString = 0; runStart = 0 }
  FNR == 1 { reset() }
  {
    line = $0
    # Inside a multi-line string literal: nothing is code until its closing quotes.
    if (inString) {
      if (index(line, "\"\"\"") == 0) { runStart = 0; next }
      line = substr(line, index(line, "\"\"\"") + 3)
      inString = 0
    }
    trimmed = line
    sub(/^[ \t]+/, "", trimmed)
    # Comment, attribute and compiler-directive lines: part of the next declaration'\''s header.
    if (trimmed ~ /^(\/\/|\/\*|\*|@|#)/) {
      if (trimmed ~ /^\/\// && trimmed ~ /Safety:/) { safety[++nsafety] = FNR; npending = 0 }
      if (runStart == 0) runStart = FNR
      if (trimmed !~ /^@/) next
    }
    start = runStart ? runStart : FNR
    # Code: drop string literals (opening a multi-line one when its quotes are not closed), then
    # a trailing comment, which still counts when it says `Safety:`.
    code = line
    gsub(/"""[^"]*"""/, "\"\"", code)
    if (index(code, "\"\"\"") > 0) { code = substr(code, 1, index(code, "\"\"\"") - 1); inString = 1 }
    gsub(/"([^"\\]|\\.)*"/, "\"\"", code)
    if (match(code, /\/\/.*/)) {
      if (substr(code, RSTART) ~ /Safety:/) safety[++nsafety] = FNR
      code = substr(code, 1, RSTART - 1)
    }
    # A declaration whose body may hold sites. A bodiless one (a protocol requirement) is
    # dropped when the next declaration at its depth starts.
    modifiers = "((@[A-Za-z_]+(\\([^)]*\\))?|public|package|private|fileprivate|internal|static|class|final|override|mutating|nonmutating|convenience|required|open|nonisolated|consuming|borrowing)[ \t]+)*"
    isDecl = code ~ ("^[ \t]*" modifiers "(func[ \t]|init[(<?!]|deinit|subscript[(<])")
    if (!isDecl && code ~ ("^[ \t]*" modifiers "var[ \t]+[A-Za-z_][A-Za-z_0-9]*[ \t]*:[^=]*\\{")) isDecl = 1
    if (isDecl) {
      while (top > 0 && !opened[top] && level[top] >= depth) top--
      top++; declStart[top] = start; level[top] = depth; opened[top] = 0
    }
    if (trimmed !~ /^@/ || isDecl) runStart = 0
    if (code ~ /withUnsafe(Mutable)?(Buffer)?Pointer|\.baseAddress!|unsafelyUnwrapped|assumingMemoryBound|bindMemory|UnsafeMutableRawPointer\(|UnsafeRawPointer\(|loadUnaligned|storeBytes|unsafeBitCast|Unmanaged|\.initialize\(|\.deinitialize\(|\.update\(from|UnsafeMutablePointer<[^>]*>\.allocate/) {
      sites++
      from = FNR - 12
      if (top > 0 && declStart[1] < from) from = declStart[1]
      covered = 0
      for (k = nsafety; k > 0 && safety[k] >= from; k--) if (safety[k] <= FNR) { covered = 1; break }
      if (!covered) { pending[++npending] = FNR; pendingFile = FILENAME }
    } else flush()
    # Track the brace depth and close the declarations whose bodies end here.
    opens = gsub(/\{/, "{", code)
    closes = gsub(/\}/, "}", code)
    depth += opens - closes
    if (top > 0 && opens > 0) opened[top] = 1
    while (top > 0 && (depth < level[top] || (opened[top] && depth <= level[top]))) top--
  }
  END {
    flush()
    if (bad) { printf "safety: %d of %d unsafe sites have no Safety: comment\n", bad, sites; exit 1 }
    printf "safety: %d unsafe sites, all commented\n", sites
  }
' "${files[@]}"
