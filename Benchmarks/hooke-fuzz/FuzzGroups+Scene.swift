import Hooke
import HookeAnimation
import HookeScene

// The HookeScene group: random transaction scripts on small scenes (both paths), with
// adversarial frames, styles, animations and times.

enum FuzzScene {
  /// An animation for a scene transaction: `moderate` keeps every duration, delay and response
  /// within a few seconds (so the scene must come to rest soon after), otherwise any class of
  /// parameter, including NaN, ±∞, zero, negative and huge.
  static func animation(_ r: inout FuzzRandom, moderate: Bool) -> Animation? {
    let d = moderate ? r.uniform(0, 1.5) : (r.chance(0.5) ? r.uniform(0, 1.5) : r.anyDouble())
    let response = moderate ? r.uniform(0.05, 1) : (r.chance(0.5) ? r.uniform(0.05, 1) : r.anyDouble())
    // Damping fractions above about 1.2 can make SwiftUI's integrator unstable (it then arrives
    // at once), which is part of what is fuzzed; moderate fractions (0.3…2) settle within 20 s.
    let fraction = moderate ? r.uniform(0.3, 2) : (r.chance(0.5) ? r.uniform(-1, 200) : r.anyDouble())
    switch r.int(9) {
    case 0: return nil
    case 1: return .default
    case 2: return .spring(response: response, dampingFraction: fraction)
    case 3: return Animation.spring(response: response, dampingFraction: Swift.max(fraction, 0.05)).exact
    case 4: return .timingCurve(FuzzCore.unitCurve(&r), duration: d)
    case 5: return .easeInOut(duration: d)
    case 6:
      return .timingCurve(r.uniform(-1, 2), r.uniform(-2, 3), r.uniform(-1, 2), r.uniform(-2, 3), duration: d)
    case 7: return .linear(duration: d).delay(moderate ? r.uniform(0, 1) : r.time())
    default: return .bouncy
    }
  }

  /// A value for an element property: mostly ordinary, sometimes any class of Double.
  static func value(_ r: inout FuzzRandom, _ lower: Double, _ upper: Double, moderate: Bool) -> Double {
    moderate || r.chance(0.7) ? r.uniform(lower, upper) : r.anyDouble()
  }

  static func rect(_ r: inout FuzzRandom, moderate: Bool) -> Rect {
    Rect(
      x: value(&r, -50, 400, moderate: moderate), y: value(&r, -50, 900, moderate: moderate),
      width: value(&r, -10, 300, moderate: moderate), height: value(&r, -10, 300, moderate: moderate))
  }

  /// Whether every row of `list` is finite with opacity in [0, 1] and non-negative radii, as
  /// ``RenderList`` documents (clip bounds may be ±∞).
  static func isValid(_ list: RenderList) -> Bool {
    for i in 0..<list.count {
      let style = list.style(at: i)
      guard list.x[i].isFinite, list.y[i].isFinite, list.width[i].isFinite, list.height[i].isFinite,
        list.width[i] >= 0, list.height[i] >= 0,
        style.opacity >= 0 && style.opacity <= 1, style.rotation.isFinite,
        style.cornerRadius.isFinite && style.cornerRadius >= 0,
        style.blurRadius.isFinite && style.blurRadius >= 0, !style.clipMinX.isNaN, !style.clipMaxY.isNaN
      else { return false }
    }
    return true
  }

  /// One script: up to 12 elements (matched in a few groups, some in a clipped container) on the
  /// general or the batch path, 6 transactions of up to 6 changes each at random times with
  /// frames between them. After every frame the render list must be valid; after a moderate
  /// script, 20 s of quiet 60 Hz frames must bring it to rest (nothing animating on the batch,
  /// nothing still being removed). Quiet frames, not one jump: SwiftUI's spring integrator
  /// advances at most a frame over a gap of more than a second (its stall rule).
  static func scenes(_ r: inout FuzzRandom, _ c: inout FuzzCheck) {
    let moderate = r.bool()
    let fast = r.bool()
    let scene = fast ? Scene() : Scene(perPropertyReference: Rect(x: 0, y: 0, width: 390, height: 844))
    let ns = scene.makeNamespace()
    c.called(2)
    var t = 0.0
    scene.withoutAnimation(at: 0) { tx in
      tx.setContainer(
        Container(
          id: 1, clipRect: Rect(x: 0, y: 0, width: 200, height: 400),
          zIndex: value(&r, -2, 2, moderate: moderate)))
    }
    for round in 0..<6 {
      let animation = animation(&r, moderate: moderate)
      let at = moderate || r.chance(0.8) ? t + r.uniform(0, 0.3) : r.time()
      scene.withAnimation(animation, at: at) { tx in
        for _ in 0..<(1 + r.int(6)) {
          let id = ElementID(r.int(12))
          switch r.int(6) {
          case 0, 1:
            var e = Element(id: id, frame: rect(&r, moderate: moderate), container: r.chance(0.3) ? 1 : .root)
            e.opacity = value(&r, 0, 1, moderate: moderate)
            e.zIndex = value(&r, -2, 2, moderate: moderate)
            e.transition = r.pick([
              nil, .scale, .opacity, .move(edge: .leading), .offset(x: 20), .blurReplace,
            ])
            if r.chance(0.5) {
              e = e.matchedGeometry(id: .int(r.int(3)), in: ns, isSource: r.chance(0.8))
            }
            tx.insert(e)
          case 2: tx.remove(id)
          case 3: tx.setFrame(id, rect(&r, moderate: moderate))
          default:
            let opacity = value(&r, 0, 1, moderate: moderate)
            let scale = value(&r, 0, 2, moderate: moderate)
            let radius = value(&r, 0, 30, moderate: moderate)
            let rotation = value(&r, -360, 360, moderate: moderate)
            let z = value(&r, -2, 2, moderate: moderate)
            tx.update(id) {
              $0.opacity = opacity
              $0.scale = scale
              $0.cornerRadius = radius
              $0.rotation = rotation
              $0.zIndex = z
            }
          }
          c.called()
        }
      }
      c.called()
      for _ in 0..<(1 + r.int(8)) {
        t = moderate || r.chance(0.9) ? Swift.max(t, at.isFinite ? at : t) + 1.0 / 120 : r.time()
        scene.advance(to: t)
        c.called()
        c.expect(isValid(scene.renderList), "round \(round) t \(t) fast \(fast): render list not valid")
      }
      if scene.currentTime.isFinite { t = scene.currentTime }
    }
    guard moderate else { return }
    let start = scene.currentTime
    for k in 1...1200 { scene.advance(to: start + Double(k) / 60) }
    c.called(1200)
    c.expect(isValid(scene.renderList), "fast \(fast): render list not valid at rest")
    c.expect(scene.activeBatchChannelCount == 0, "fast \(fast): batch channels still active after 20 s")
    for raw in 0..<12 {
      c.expect(
        !scene.isRemoving(ElementID(raw)), "fast \(fast): element \(raw) still being removed after 20 s")
    }
    c.called(12)
  }
}
