import Foundation
import Hooke
import HookeAnimation
import Testing

@testable import HookeScene

/// The seed stories of `SwiftUIStories.swift`, driven frame by frame against animations evaluated
/// directly (`Reference`), and the length of each against its SwiftUI original.
@Suite struct SwiftUIStoryTests {
  /// The grid card opens into the detail: background and title follow the shared frames on the
  /// tap's spring, "now playing" fades in while it moves up by its height, the other cards fade.
  @Test func heroGridOpensIntoDetail() {
    let scene = Scene()
    let tap = musicGridStory(scene)
    let window = scene.bounds
    let cells = Layout.adaptiveGrid(
      count: 3, in: window.insetBy(dx: 16, dy: 60), minimumWidth: 150, rowHeight: 150, spacing: 16)
    let cardTitle = Layout.place(Size(width: cells[1].width * 0.8, height: 24), in: cells[1], anchor: .bottom)
    let detail = Rect(x: 0, y: 0, width: window.width, height: 300)
    let detailTitle = Layout.place(Size(width: 300, height: 44), in: detail)
    let nowPlaying = Rect(x: 16, y: 316, width: window.width - 32, height: 30)
    scene.advance(to: frameTime(30))
    #expect(scene.rendered("card-1") == cells[1])
    #expect(scene.renderedCornerRadius("card-1") == 20)
    let t0 = frameTime(30)
    tap(1)  // at the scene's clock: the frame just drawn
    let spring = Animation.spring(response: 0.6, dampingFraction: 0.8)
    var bg = Reference(spring, interval: shared(detail) - shared(cells[1]), begin: t0)
    var title = Reference(spring, interval: shared(detailTitle) - shared(cardTitle), begin: t0)
    var text = Reference(spring, interval: SIMD8<Double>(1, 0, 0, 0, -nowPlaying.height, 0, 0, 0), begin: t0)
    var otherCard = Reference(spring, interval: SIMD8<Double>(-1, 0, 0, 0, 0, 0, 0, 0), begin: t0)
    for k in Int64(31)...Int64(150) {
      let t = frameTime(k)
      scene.advance(to: t)
      #expect(renderListIsValid(scene.renderList))
      #expect(
        scene.rendered("detail").map { close($0, rect(shared: shared(cells[1]) + bg.offset(at: t))) } == true)
      #expect(
        scene.rendered("detail-title").map {
          close($0, rect(shared: shared(cardTitle) + title.offset(at: t)))
        }
          == true)
      let fx = SIMD8<Double>(0, 1, 1, 0, nowPlaying.height, 0, 0, 0) + text.offset(at: t)
      #expect(scene.rendered("now-playing").map { close($0, nowPlaying.offsetBy(dx: 0, dy: fx[4])) } == true)
      #expect(
        scene.renderedOpacity("now-playing").map { close($0, Swift.min(Swift.max(fx[0], 0), 1)) } == true)
      let fade = 1 + otherCard.offset(at: t)[0]
      if let o = scene.renderedOpacity("card-0") {
        #expect(close(o, Swift.min(Swift.max(fade, 0), 1)), "t = \(t)")
        #expect(scene.rendered("card-0") == cells[0])  // not in this flight: stays in its cell
      }
      if let a = scene.renderList.index(of: "title-0"), let b = scene.renderList.index(of: "detail") {
        #expect(a < b)  // the detail (zIndex 10) draws above the grid
      }
    }
    for i in 0..<3 { #expect(!scene.contains("card-\(i)") && !scene.contains("title-\(i)")) }
    #expect(scene.rendered("detail") == detail && scene.renderedCornerRadius("detail") == 25)
    #expect(scene.renderList.count == 3)
  }

  /// The capsule indicator flies to the tapped tab on the tap's spring, keeps radius
  /// min(48, 36)/2 = 18, and a second tap mid-flight continues from where it is.
  @Test func tabIndicatorFollowsTheSelection() {
    let scene = Scene()
    let tap = tabBarStory(scene)
    let tabs = Layout.horizontalStack(count: 4, in: Rect(x: 8, y: 784, width: 374, height: 52))
    let indicator = tabs.map { Layout.place(Size(width: 48, height: 36), in: $0) }
    scene.advance(to: frameTime(10))
    tap(2)
    let spring = Animation.spring(response: 0.3, dampingFraction: 0.7)
    var ref = Reference(spring, interval: shared(indicator[2]) - shared(indicator[0]), begin: frameTime(10))
    for k in Int64(11)...Int64(16) {
      scene.advance(to: frameTime(k))
      let expected = rect(shared: shared(indicator[0]) + ref.offset(at: frameTime(k)))
      #expect(scene.rendered("indicator-2").map { close($0, expected) } == true)
      #expect(scene.renderedCornerRadius("indicator-2") == 18)
    }
    let ns = Namespace(sceneToken: scene.token, rawValue: 0)
    let before = scene.sharedFrame(id: "tab-indicator", in: ns)
    let velocity = scene.frameVelocity(of: "indicator-2")
    tap(3)
    #expect(before != nil && scene.sharedFrame(id: "tab-indicator", in: ns) == before)
    #expect(velocity != nil && scene.frameVelocity(of: "indicator-3") == velocity)
    #expect(velocity.map { $0[0] > 100 } == true)  // it was moving right
    for k in Int64(17)...Int64(90) { scene.advance(to: frameTime(k)) }
    #expect(!scene.contains("indicator-0") && !scene.contains("indicator-2"))
    #expect(scene.rendered("indicator-3").map { close($0, indicator[3], 1e-3) } == true)
    #expect(scene.renderedCornerRadius("indicator-3") == 18)
  }

  /// The circle flies into the rectangle's 200 × 100 frame and stays round: its rendered corner
  /// radius is half the shorter side of its rendered rectangle in every frame (50 at the end,
  /// not its initial 25); the rectangle keeps square corners. Tapping again flies back.
  @Test func circleBecomesRectangleAndStaysRound() {
    let scene = Scene()
    let (tap, circle, rectangle) = circleToRectangleStory(scene)
    scene.advance(to: frameTime(60))
    #expect(scene.renderedCornerRadius("circle") == 25)
    tap()
    let t0 = frameTime(60)
    var frameRef = Reference(
      Animation.spring, interval: shared(rectangle.frame) - shared(circle.frame), begin: t0)
    var largest = 0.0
    for k in Int64(61)...Int64(200) {
      let t = frameTime(k)
      scene.advance(to: t)
      let expected = rect(shared: shared(circle.frame) + frameRef.offset(at: t))
      #expect(scene.rendered("rectangle").map { close($0, expected) } == true, "t = \(t)")
      #expect(scene.renderedCornerRadius("rectangle") == 0)
      if let f = scene.rendered("circle"), let r = scene.renderedCornerRadius("circle") {
        #expect(close(f, expected), "t = \(t)")
        #expect(r == Swift.min(f.width, f.height) / 2, "t = \(t)")
        largest = Swift.max(largest, r)
      }
    }
    #expect(largest > 40)  // it grew with the frame instead of keeping 25
    #expect(!scene.contains("circle") && scene.rendered("rectangle") == rectangle.frame)
    tap()
    for k in Int64(201)...Int64(400) { scene.advance(to: frameTime(k)) }
    #expect(!scene.contains("rectangle") && scene.rendered("circle") == circle.frame)
    #expect(scene.renderedCornerRadius("circle") == 25)
  }

  /// Pushing row 3's detail: frame, corner radius and dimming animate from the row with
  /// `.smooth`, the row is hidden during the flight; popping flies back and the row shows again.
  @Test func rowZoomsIntoDetailAndBack() {
    let scene = Scene()
    let (push, pop) = zoomStory(scene)
    let rows = Layout.verticalList(count: 5, in: Rect(x: 0, y: 100, width: 390, height: 600), rowHeight: 44)
    let detail = Layout.fullScreen(scene.bounds)
    scene.advance(to: 1)
    push(3)
    var frameRef = Reference(Animation.smooth, interval: detail._v - rows[3]._v, begin: 1)
    var radiusRef = Reference(Animation.smooth, interval: -10.0, begin: 1)
    var dimRef = Reference(Animation.smooth, interval: 0.2, begin: 1)
    var flew = false
    for k in Int64(61)...Int64(180) {
      let t = frameTime(k)
      scene.advance(to: t)
      let i = scene.renderList.index(of: "detail")!
      #expect(close(scene.renderList.frame(at: i), Rect(_v: rows[3]._v + frameRef.offset(at: t))), "t = \(t)")
      #expect(close(scene.renderList.cornerRadius[i], Swift.max(10 + radiusRef.offset(at: t), 0)), "t = \(t)")
      let d = scene.renderList.index(of: "detail", kind: .dimming)!
      #expect(close(scene.renderList.opacity[d], Swift.min(Swift.max(dimRef.offset(at: t), 0), 1)))
      if !frameRef.finished {
        #expect(scene.renderedOpacity(3) == 0)
        flew = true
      }
    }
    #expect(flew && scene.renderedOpacity(3) == 1)
    scene.advance(to: 3)
    pop()
    for k in Int64(181)...Int64(400) { scene.advance(to: frameTime(k)) }
    #expect(!scene.contains("detail") && scene.rendered(3) == rows[3] && scene.renderedOpacity(3) == 1)
  }

  /// No story is longer than its SwiftUI original: non-blank lines of each ```swift block of the
  /// doc comments against the non-blank, non-comment lines between `// story:` and
  /// `// end of story` that follow it.
  @Test func storiesAreNoLongerThanTheirSwiftUIOriginals() throws {
    let path = #filePath.replacingOccurrences(of: "SwiftUIStoryTests.swift", with: "SwiftUIStories.swift")
    let counts = try storyLineCounts(path)
    #expect(counts.map(\.name) == ["hero grid", "tab indicator", "circle to rectangle", "zoom navigation"])
    for c in counts {
      #expect(c.hooke > 0 && c.swiftUI > 0)
      #expect(c.hooke <= c.swiftUI, "\(c.name): \(c.hooke) lines, SwiftUI \(c.swiftUI)")
      print("story \(c.name): HookeScene \(c.hooke) lines, SwiftUI \(c.swiftUI) lines")
    }
  }
}

/// Per story of `path`: its name, the SwiftUI original's line count and the story's.
func storyLineCounts(_ path: String) throws -> [(name: String, swiftUI: Int, hooke: Int)] {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  var result: [(name: String, swiftUI: Int, hooke: Int)] = []
  var inSwiftUI = false
  var swiftUI = 0
  var story: String?
  var hooke = 0
  for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
    let line = raw.drop { $0 == " " }
    if line == "/// ```swift" {
      inSwiftUI = true
      swiftUI = 0
    } else if inSwiftUI {
      if line == "/// ```" {
        inSwiftUI = false
      } else if !line.dropFirst(3).allSatisfy({ $0 == " " }) {
        swiftUI += 1
      }
    } else if line.hasPrefix("// story: ") {
      story = String(line.dropFirst("// story: ".count))
      hooke = 0
    } else if line == "// end of story", let name = story {
      result.append((name, swiftUI, hooke))
      story = nil
    } else if story != nil, !line.isEmpty, !line.hasPrefix("//") {
      hooke += 1
    }
  }
  return result
}

extension Scene {
  func renderedCornerRadius(_ id: ElementID) -> Double? {
    renderList.index(of: id).map { renderList.cornerRadius[$0] }
  }
}
