// The page `hooke-bench preview` writes: one scenario's render list played frame by frame, with
// each frame's work time against the deadline.
import Foundation

/// Renders the preview page: inline CSS, SVG and one script; no network, no external files.
///
/// Frames are embedded as JSON: per frame its CPU time (ns), element count and the drawn
/// rectangles quantised to 0.5 pt (x, y, width, height ×2) with opacity in percent. The script
/// plays them at the scenario's refresh rate (play/pause, slider, arrow keys on the slider) and
/// moves a cursor over the time chart, which is static SVG, as is a six-frame filmstrip, so the
/// page still shows what was animated without scripts.
package enum PreviewPage {
  /// The page for `film` (frames in order) recorded from `scenario`/`engine` with `setup`.
  package static func render(
    scenario: ScenarioDescriptor, engine: String, setup: WorkloadSetup, film: [FilmFrame], deadlineNs: UInt64
  ) -> String {
    let (minX, minY, maxX, maxY) = FilmstripSVG.bounds(film)
    var json = "{\"hz\":\(setup.hz),\"deadline\":\(deadlineNs),\"frames\":["
    for (i, f) in film.enumerated() {
      if i > 0 { json += "," }
      json += "{\"t\":\(f.cpuNanoseconds),\"n\":\(f.snapshot.elementCount),\"r\":["
      var first = true
      for r in f.snapshot.rects {
        for v in [r.x * 2, r.y * 2, r.width * 2, r.height * 2, r.opacity * 100] {
          json += first ? "" : ","
          first = false
          json += String(Int(max(-1e9, min(1e9, v)).rounded()))
        }
      }
      json += "]}"
    }
    json += "]}"
    let strip = FilmstripSVG.render(
      FilmstripSVG.sampledFrames(count: 6, frames: film.count).map { film[$0] }, hz: setup.hz, panelHeight: 90
    )
    let title = "\(scenario.name) · \(setup.elements) elements · \(setup.hz) Hz"
    return
      template
      .replacingOccurrences(of: "__TITLE__", with: HTMLReport.escape(title))
      .replacingOccurrences(of: "__SUMMARY__", with: HTMLReport.escape(scenario.summary))
      .replacingOccurrences(
        of: "__META__",
        with: HTMLReport.escape(
          "engine \(engine) · \(film.count) frames from a fresh instance (seed \(setup.seed)) · deadline \(_ms(deadlineNs)) ms"
        )
      )
      .replacingOccurrences(
        of: "__VIEWBOX__", with: "\(_n(minX)) \(_n(minY)) \(_n(maxX - minX)) \(_n(maxY - minY))"
      )
      .replacingOccurrences(of: "__CHART__", with: timeChart(film, deadlineNs: deadlineNs))
      .replacingOccurrences(of: "__STRIP__", with: strip)
      .replacingOccurrences(of: "__LAST__", with: String(max(0, film.count - 1)))
      .replacingOccurrences(of: "__DATA__", with: json)
  }

  /// Milliseconds with two decimals.
  static func _ms(_ ns: UInt64) -> String { String(format: "%.2f", Double(ns) / 1e6) }

  /// Bars of each frame's CPU time on a linear axis from 0 to the larger of the slowest frame and
  /// 1.25 × the deadline; the deadline as a red dashed line; frames over it in red; the median
  /// (upper median for an even count) and slowest frame times in the corner.
  static func timeChart(_ film: [FilmFrame], deadlineNs: UInt64) -> String {
    let width = 640.0
    let height = 120.0
    let left = 62.0
    let plotWidth = width - left - 6
    let plotHeight = height - 18
    let slowest = film.map(\.cpuNanoseconds).max() ?? 0
    let top = max(Double(slowest), 1.25 * Double(deadlineNs), 1)
    let barWidth = plotWidth / Double(max(1, film.count))
    func y(_ ns: Double) -> Double { 4 + plotHeight * (1 - ns / top) }
    var svg =
      "<svg id=\"chart\" viewBox=\"0 0 \(_n(width)) \(_n(height))\" role=\"img\" aria-label=\"work time per frame against the deadline\">"
    svg +=
      "<rect x=\"\(_n(left))\" y=\"4\" width=\"\(_n(plotWidth))\" height=\"\(_n(plotHeight))\" fill=\"#fbfcfe\" stroke=\"#d0d7de\"/>"
    for (i, f) in film.enumerated() {
      let over = f.cpuNanoseconds > deadlineNs
      let barTop = y(Double(f.cpuNanoseconds))
      svg +=
        "<rect x=\"\(_n(left + Double(i) * barWidth))\" y=\"\(_n(barTop))\" width=\"\(_n(max(0.5, barWidth * 0.85)))\" height=\"\(_n(4 + plotHeight - barTop))\" fill=\"\(over ? "#cf222e" : "#1f6feb")\"><title>frame \(f.frame): \(_ms(f.cpuNanoseconds)) ms</title></rect>"
    }
    let d = y(Double(deadlineNs))
    svg +=
      "<line x1=\"\(_n(left))\" x2=\"\(_n(left + plotWidth))\" y1=\"\(_n(d))\" y2=\"\(_n(d))\" stroke=\"#cf222e\" stroke-dasharray=\"5 3\"/>"
    svg +=
      "<text x=\"\(_n(left - 4))\" y=\"\(_n(d + 4))\" text-anchor=\"end\" font-size=\"10\" fill=\"#cf222e\">\(_ms(deadlineNs)) ms</text>"
    svg +=
      "<text x=\"\(_n(left - 4))\" y=\"\(_n(4 + plotHeight))\" text-anchor=\"end\" font-size=\"10\" fill=\"#57606a\">0</text>"
    svg +=
      "<text x=\"\(_n(left - 4))\" y=\"12\" text-anchor=\"end\" font-size=\"10\" fill=\"#57606a\">\(_ms(UInt64(top))) ms</text>"
    svg +=
      "<text x=\"\(_n(left))\" y=\"\(_n(height - 2))\" font-size=\"10\" fill=\"#57606a\">frame 0</text><text x=\"\(_n(left + plotWidth))\" y=\"\(_n(height - 2))\" text-anchor=\"end\" font-size=\"10\" fill=\"#57606a\">frame \(max(0, film.count - 1))</text>"
    let sorted = film.map(\.cpuNanoseconds).sorted()
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    svg +=
      "<text x=\"\(_n(left + plotWidth - 4))\" y=\"16\" text-anchor=\"end\" font-size=\"10\" fill=\"#57606a\">median \(_ms(median)) ms · slowest \(_ms(slowest)) ms</text>"
    svg +=
      "<line id=\"cursor\" x1=\"\(_n(left))\" x2=\"\(_n(left))\" y1=\"4\" y2=\"\(_n(4 + plotHeight))\" stroke=\"#1d2330\" stroke-width=\"1.5\" data-left=\"\(_n(left))\" data-step=\"\(barWidth)\"/>"
    return svg + "</svg>"
  }

  static let template = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>__TITLE__</title>
    <style>
    * { box-sizing: border-box; }
    body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2330; background: #f3f5f8; }
    main { max-width: 980px; margin: 0 auto; padding: 14px; }
    h1 { font-size: 1.25rem; margin: 0 0 2px; }
    .sub { color: #5b6475; font-size: .9rem; margin: 2px 0; }
    .card { background: #fff; border: 1px solid #d8dde6; border-radius: 10px; padding: 12px; margin: 12px 0; }
    #stage { width: 100%; height: auto; max-height: 62vh; display: block; background: #f6f8fa; border-radius: 8px; }
    .controls { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; margin: 10px 0 4px; }
    .controls button { font: inherit; padding: 5px 14px; border: 1px solid #d0d7de; border-radius: 6px; background: #fff; cursor: pointer; min-width: 5.5em; }
    .controls input[type=range] { flex: 1; min-width: 160px; }
    #readout { font-variant-numeric: tabular-nums; font-size: .9rem; }
    #chart { width: 100%; min-width: 560px; height: auto; display: block; }
    .chartwrap { overflow-x: auto; }
    .strip { overflow-x: auto; }
    #errors { white-space: pre-wrap; background: #fde8e8; color: #b42318; padding: 8px; border-radius: 6px; }
    </style>
    </head>
    <body>
    <main>
    <h1>__TITLE__</h1>
    <p class="sub">__SUMMARY__</p>
    <p class="sub">__META__</p>
    <pre id="errors" hidden></pre>
    <section class="card">
      <svg id="stage" viewBox="__VIEWBOX__" role="img" aria-label="the render list of the current frame"></svg>
      <div class="controls">
        <button type="button" id="play">Play</button>
        <input type="range" id="slider" min="0" max="__LAST__" value="0" aria-label="frame">
      </div>
      <p id="readout">frame 0</p>
      <div class="chartwrap">__CHART__</div>
      <p class="sub">Work time of each frame (thread CPU time of the animation work, bars; red above the deadline) against the deadline (dashed). The dark line is the frame shown.</p>
    </section>
    <section class="card strip">
      <p class="sub">Six sampled frames (time · drawn/total when elements are left out; the front-most element in orange):</p>
      __STRIP__
    </section>
    </main>
    <script>
    "use strict";
    const DATA = __DATA__;
    const $ = id => document.getElementById(id);
    function fail(message) { const box = $("errors"); box.hidden = false; box.textContent += (box.textContent ? "\n" : "") + message; }
    const consoleError = console.error.bind(console);
    console.error = (...parts) => { fail(parts.join(" ")); consoleError(...parts); };
    window.addEventListener("error", e => fail("Error: " + e.message));
    const NS = "http://www.w3.org/2000/svg";
    const stage = $("stage"), slider = $("slider"), cursor = $("cursor");
    const pool = [];
    let current = 0, playing = false, last = 0, carry = 0;
    function show(k) {
      current = Math.max(0, Math.min(DATA.frames.length - 1, k));
      const f = DATA.frames[current], r = f.r, drawn = r.length / 5;
      while (pool.length < drawn) {
        const node = document.createElementNS(NS, "rect");
        node.setAttribute("fill", "#1f6feb"); node.setAttribute("stroke", "#0b3d91"); node.setAttribute("vector-effect", "non-scaling-stroke");
        stage.appendChild(node); pool.push(node);
      }
      for (let i = 0; i < pool.length; i++) {
        const node = pool[i];
        if (i >= drawn) { node.setAttribute("display", "none"); continue; }
        node.removeAttribute("display");
        node.setAttribute("x", r[5 * i] / 2); node.setAttribute("y", r[5 * i + 1] / 2);
        node.setAttribute("width", r[5 * i + 2] / 2); node.setAttribute("height", r[5 * i + 3] / 2);
        const o = r[5 * i + 4] / 100;
        node.setAttribute("fill-opacity", (0.15 + 0.6 * o).toFixed(3)); node.setAttribute("stroke-opacity", (0.5 * o).toFixed(3));
        node.setAttribute("fill", i === drawn - 1 ? "#d9480f" : "#1f6feb");
      }
      slider.value = current;
      const x = Number(cursor.dataset.left) + (current + 0.42) * Number(cursor.dataset.step);
      cursor.setAttribute("x1", x); cursor.setAttribute("x2", x);
      const ms = f.t / 1e6, deadline = DATA.deadline / 1e6;
      const hidden = f.n - drawn;
      $("readout").textContent = `frame ${current} of ${DATA.frames.length - 1} · t = ${(current / DATA.hz).toFixed(3)} s · ${f.n.toLocaleString("en")} elements` +
        (hidden > 0 ? ` (${drawn} drawn, ${hidden.toLocaleString("en")} not drawn)` : "") +
        ` · work ${ms.toFixed(3)} ms of ${deadline.toFixed(2)} ms` + (f.t > DATA.deadline ? " — over the deadline" : "");
    }
    function tick(now) {
      if (!playing) return;
      carry += (now - last) / 1000 * DATA.hz; last = now;
      const steps = Math.floor(carry);
      if (steps > 0) { carry -= steps; show(current + steps >= DATA.frames.length ? 0 : current + steps); }
      requestAnimationFrame(tick);
    }
    $("play").addEventListener("click", () => {
      playing = !playing;
      $("play").textContent = playing ? "Pause" : "Play";
      if (playing) { last = performance.now(); carry = 0; requestAnimationFrame(tick); }
    });
    slider.addEventListener("input", () => show(Number(slider.value)));
    show(0);
    document.body.dataset.frames = String(DATA.frames.length);
    console.log("hooke-preview frames " + DATA.frames.length);
    </script>
    </body>
    </html>
    """#
}
