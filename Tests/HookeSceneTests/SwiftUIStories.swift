import Hooke
import HookeAnimation
import HookeScene

// The seed stories twice: as a SwiftUI developer writes them (the ```swift block of each doc
// comment) and with HookeScene's SwiftUI-style API (between `// story:` and `// end of story`).
// `SwiftUIStoryTests` drives the Hooke versions and checks that none is longer than its SwiftUI
// original (non-blank, non-comment lines).

/// The hero grid: tapping a card opens the detail; background and title fly with matched
/// geometry, "now playing" moves in from the bottom, the other cards fade out.
///
/// ```swift
/// struct MusicGrid: View {
///   @Namespace private var ns
///   @State private var selected: Int?
///   var body: some View {
///     if let i = selected {
///       VStack(spacing: 16) {
///         ZStack {
///           RoundedRectangle(cornerRadius: 25).matchedGeometryEffect(id: "\(i)-bg", in: ns)
///           Text("Album \(i)").frame(width: 300, height: 44).matchedGeometryEffect(id: "\(i)-text", in: ns)
///         }
///         .frame(height: 300)
///         Text("Now playing").frame(height: 30).transition(.opacity.combined(with: .move(edge: .bottom)))
///       }
///       .zIndex(10)
///     } else {
///       LazyVGrid(columns: [GridItem(.adaptive(minimum: 150), spacing: 16)], spacing: 16) {
///         ForEach(0..<3) { i in
///           ZStack(alignment: .bottom) {
///             RoundedRectangle(cornerRadius: 20).matchedGeometryEffect(id: "\(i)-bg", in: ns)
///             Text("Album \(i)").frame(height: 24).matchedGeometryEffect(id: "\(i)-text", in: ns).zIndex(1)
///           }
///           .frame(height: 150)
///           .onTapGesture { withAnimation(.spring(response: 0.6, dampingFraction: 0.8)) { selected = i } }
///         }
///       }
///       .padding(.horizontal, 16)
///     }
///   }
/// }
/// ```
func musicGridStory(_ scene: Scene) -> (_ tapCard: Int) -> Void {
  // story: hero grid
  let ns = scene.makeNamespace()
  let cells = Layout.adaptiveGrid(
    count: 3, in: scene.bounds.insetBy(dx: 16, dy: 60), minimumWidth: 150, rowHeight: 150, spacing: 16)
  scene.withoutAnimation { tx in
    for (i, cell) in cells.enumerated() {
      let title = Layout.place(Size(width: cell.width * 0.8, height: 24), in: cell, anchor: .bottom)
      tx.insert(
        Element(id: "card-\(i)", frame: cell).cornerRadius(20).matchedGeometryEffect(id: "\(i)-bg", in: ns))
      tx.insert(
        Element(id: "title-\(i)", frame: title).zIndex(1).matchedGeometryEffect(id: "\(i)-text", in: ns))
    }
  }
  return { i in
    let detail = Rect(x: 0, y: 0, width: scene.bounds.width, height: 300)
    let title = Layout.place(Size(width: 300, height: 44), in: detail)
    let nowPlaying = Rect(x: 16, y: 316, width: scene.bounds.width - 32, height: 30)
    scene.withAnimation(.spring(response: 0.6, dampingFraction: 0.8)) { tx in
      tx.remove(contentsOf: (0..<3).flatMap { ["card-\($0)", "title-\($0)"] })
      tx.insert(
        Element(id: "detail", frame: detail).cornerRadius(25).zIndex(10).matchedGeometryEffect(
          id: "\(i)-bg", in: ns))
      tx.insert(
        Element(id: "detail-title", frame: title).zIndex(11).matchedGeometryEffect(id: "\(i)-text", in: ns))
      tx.insert(
        Element(id: "now-playing", frame: nowPlaying).zIndex(10).transition(
          .opacity.combined(with: .move(edge: .bottom))))
    }
  }
  // end of story
}

/// The tab-bar indicator: one capsule in the selected tab, flying to the tapped one.
///
/// ```swift
/// struct TabBar: View {
///   @Namespace private var ns
///   @State private var selected = 0
///   var body: some View {
///     HStack(spacing: 0) {
///       ForEach(0..<4) { i in
///         ZStack {
///           if selected == i {
///             Capsule().frame(width: 48, height: 36).matchedGeometryEffect(id: "tab-indicator", in: ns)
///           }
///         }
///         .frame(maxWidth: .infinity, maxHeight: .infinity)
///         .onTapGesture { withAnimation(.spring(response: 0.3, dampingFraction: 0.7)) { selected = i } }
///       }
///     }
///     .frame(width: 374, height: 52)
///   }
/// }
/// ```
func tabBarStory(_ scene: Scene) -> (_ tapTab: Int) -> Void {
  // story: tab indicator
  let ns = scene.makeNamespace()
  let tabs = Layout.horizontalStack(count: 4, in: Rect(x: 8, y: 784, width: 374, height: 52))
  var selected = 0
  func indicator(_ i: Int) -> Element {
    Element(id: "indicator-\(i)", frame: Layout.place(Size(width: 48, height: 36), in: tabs[i]))
      .clipShape(.capsule).matchedGeometryEffect(id: "tab-indicator", in: ns)
  }
  scene.withoutAnimation { $0.insert(indicator(0)) }
  return { i in
    scene.withAnimation(.spring(response: 0.3, dampingFraction: 0.7)) { tx in
      tx.remove("indicator-\(selected)")
      tx.insert(indicator(i))
    }
    selected = i
  }
  // end of story
}

/// The red circle that becomes a blue rectangle (the circle stays round while it flies).
///
/// ```swift
/// struct CircleToRectangle: View {
///   @Namespace private var ns
///   @State private var expanded = false
///   var body: some View {
///     VStack {
///       if !expanded {
///         Circle().fill(.red).frame(width: 50, height: 50).matchedGeometryEffect(id: "geoID", in: ns)
///       }
///       Spacer()
///       if expanded {
///         Rectangle().fill(.blue).frame(width: 200, height: 100).matchedGeometryEffect(id: "geoID", in: ns)
///       }
///     }
///     .onTapGesture { withAnimation(.spring) { expanded.toggle() } }
///   }
/// }
/// ```
func circleToRectangleStory(_ scene: Scene) -> (tap: () -> Void, circle: Element, rectangle: Element) {
  // story: circle to rectangle
  let ns = scene.makeNamespace()
  let circle = Element(id: "circle", frame: Rect(x: 170, y: 60, width: 50, height: 50))
    .clipShape(.circle).matchedGeometryEffect(id: "geoID", in: ns)
  let rectangle = Element(id: "rectangle", frame: Rect(x: 95, y: 700, width: 200, height: 100))
    .matchedGeometryEffect(id: "geoID", in: ns)
  var expanded = false
  scene.withoutAnimation { $0.insert(circle) }
  let tap = {
    expanded.toggle()
    scene.withAnimation(.spring) { tx in
      tx.remove(expanded ? circle.id : rectangle.id)
      tx.insert(expanded ? rectangle : circle)
    }
  }
  // end of story
  return (tap, circle, rectangle)
}

/// The zoom navigation transition from a list row into its detail and back.
///
/// ```swift
/// struct Rows: View {
///   @Namespace private var ns
///   var body: some View {
///     NavigationStack {
///       List(0..<5, id: \.self) { i in
///         NavigationLink(value: i) {
///           Text("Row \(i)").frame(height: 44)
///             .clipShape(.rect(cornerRadius: 10))
///             .matchedTransitionSource(id: i, in: ns)
///         }
///       }
///       .navigationDestination(for: Int.self) { i in
///         Detail(i).navigationTransition(.zoom(sourceID: i, in: ns))
///       }
///     }
///   }
/// }
/// ```
func zoomStory(_ scene: Scene) -> (push: (Int) -> Void, pop: () -> Void) {
  // story: zoom navigation
  let ns = scene.makeNamespace()
  let rows = Layout.verticalList(count: 5, in: Rect(x: 0, y: 100, width: 390, height: 600), rowHeight: 44)
  scene.withoutAnimation { tx in
    for (i, row) in rows.enumerated() {
      tx.insert(Element(id: i, frame: row).cornerRadius(10).matchedTransitionSource(id: i, in: ns))
    }
  }
  let detail = Layout.fullScreen(scene.bounds)
  let push: (Int) -> Void = { i in
    scene.withAnimation(.smooth) {
      $0.insert(
        Element(id: "detail", frame: detail).zIndex(5).navigationTransition(.zoom(sourceID: i, in: ns)))
    }
  }
  let pop: () -> Void = { scene.withAnimation(.smooth) { $0.remove("detail") } }
  // end of story
  return (push, pop)
}
