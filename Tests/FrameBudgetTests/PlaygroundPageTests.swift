// The playground page: self-contained, under 1 MB, embedding a valid wasm module with the entry
// points its script calls.
import Foundation
import Testing

@testable import FrameBudget

/// The names in a wasm binary's export section, read per the WebAssembly binary format
/// (magic, version, then sections `id, size (LEB128), contents`; section 7 is a vector of
/// `name, kind byte, index`). Nil when the binary is malformed.
private func wasmExportNames(_ bytes: [UInt8]) -> [String]? {
  guard bytes.count >= 8, Array(bytes[0..<8]) == [0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00] else {
    return nil
  }
  var i = 8
  func leb() -> Int? {
    var result = 0
    var shift = 0
    while i < bytes.count, shift < 35 {
      let byte = bytes[i]
      i += 1
      result |= Int(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return result }
      shift += 7
    }
    return nil
  }
  while i < bytes.count {
    let id = bytes[i]
    i += 1
    guard let size = leb(), i + size <= bytes.count else { return nil }
    let end = i + size
    if id == 7 {
      guard let count = leb() else { return nil }
      var names: [String] = []
      for _ in 0..<count {
        guard let length = leb(), i + length <= end else { return nil }
        names.append(String(decoding: bytes[i..<(i + length)], as: UTF8.self))
        i += length + 1  // the kind byte
        guard leb() != nil else { return nil }
      }
      return names
    }
    i = end
  }
  return []
}

@Suite struct PlaygroundPageTests {
  /// The limits: no network, no external files, under 1 MB.
  @Test func pageIsSelfContainedAndUnderOneMegabyte() {
    let page = PlaygroundPage.render()
    #expect(page.utf8.count < 1_000_000, "page is \(page.utf8.count) bytes")
    for external in ["http://", "https://", "<link", " src=", "@import", "__MODULE__", "__NATIVE_DIGEST__"] {
      #expect(!page.contains(external), "page contains \(external)")
    }
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains(playgroundModuleBase64))
  }

  /// The embedded module decodes to a wasm binary exporting every entry point the script calls.
  @Test func embeddedModuleExportsTheEntryPointsTheScriptCalls() throws {
    let data = try #require(Data(base64Encoded: playgroundModuleBase64), "module is not valid base64")
    let names = try #require(wasmExportNames(Array(data)), "module is not a wasm binary")
    let page = PlaygroundPage.render()
    for name in ["memory", "hooke_spring", "hooke_curve", "hooke_scalars", "hooke_text", "hooke_digest"] {
      #expect(names.contains(name), "module does not export \(name)")
      if name != "memory" { #expect(page.contains("hooke.\(name)("), "script never calls \(name)") }
    }
  }

  /// The native digest the page compares against is 16 lowercase hex digits, as the script
  /// formats the wasm one.
  @Test func nativeDigestHasTheScriptsFormat() {
    #expect(playgroundNativeDigest.count == 16)
    #expect(playgroundNativeDigest.allSatisfy { "0123456789abcdef".contains($0) })
  }
}
