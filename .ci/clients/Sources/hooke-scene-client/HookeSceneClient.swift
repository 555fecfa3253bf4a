// A client of the `HookeScene` product only: two cards, a transaction that animates one card's
// frame with a spring and fades a third card in, frames stepped at 60 Hz, the render list read.
import HookeScene

struct ClientFailure: Error, CustomStringConvertible { var description: String }

@main struct HookeSceneClient {
  static func main() throws {
    var failures: [String] = []
    func check(_ ok: Bool, _ what: String) { if !ok { failures.append(what) } }
    var summary: [String] = []
    // One scene on the default initialiser and one on two workers: the same presentation.
    for threads in [1, 2] {
      let path = "\(threads) thread\(threads == 1 ? "" : "s")"
      let scene = Scene(threads: threads)
      scene.withoutAnimation(at: 0) { tx in
        tx.insert(Element(id: 1, frame: .init(x: 0, y: 0, width: 100, height: 100)))
        tx.insert(Element(id: 2, frame: .init(x: 0, y: 200, width: 50, height: 50)))
      }
      let result = scene.withAnimation(.spring(duration: 0.4, bounce: 0), at: 0) { tx in
        tx.setFrame(1, .init(x: 200, y: 0, width: 100, height: 100))
        tx.insert(Element(id: 3, frame: .init(x: 0, y: 400, width: 10, height: 10)))  // default: .opacity
      }
      check(result.diagnostics.isEmpty, "\(path): diagnostics \(result.diagnostics)")
      scene.advance(to: 0)
      let list = scene.renderList
      guard list.count == 3, let a = list.index(of: 1), let b = list.index(of: 3) else {
        throw ClientFailure(description: "hooke-scene-client: FAILED: \(path): render list \(list.ids)")
      }
      check(list.x[a] == 0 && list.opacity[b] == 0, "\(path): frame 0 is not the start")
      var previous = 0.0
      var frame = 0
      while scene.renderList.x[a] != 200 && frame < 600 {
        frame += 1
        scene.advance(to: Double(frame) / 60)
        let x = scene.renderList.x[a]
        check(x > previous && x <= 200, "\(path): frame \(frame): x \(x) after \(previous)")
        previous = x
      }
      scene.advance(to: Double(frame + 60) / 60)  // one more second: the fade ends too
      let end = scene.renderList
      let (e1, e2, e3) = (end.index(of: 1) ?? 0, end.index(of: 2) ?? 0, end.index(of: 3) ?? 0)
      check(end.count == 3 && end.x[e1] == 200 && end.width[e1] == 100, "\(path): card 1 not at its target")
      check(end.y[e2] == 200 && end.opacity[e3] == 1, "\(path): cards 2 and 3 not where they belong")
      summary.append("\(path) settled in \(frame) frames")
    }
    guard failures.isEmpty else {
      throw ClientFailure(description: "hooke-scene-client: FAILED: \(failures)")
    }
    print(
      "hooke-scene-client: ok (spring frame change 0 → 200 and fade-in; \(summary.joined(separator: ", ")))")
  }
}
