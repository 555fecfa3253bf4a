// The playground page `hooke-bench playground` writes: controls, plots and copyable text for
// springs and timing curves, all computed by Hooke's wasm32 build embedded in the page.
import Foundation

/// The self-contained playground page: HTML, CSS and one script, with the Embedded-Swift wasm32
/// build of Hooke inlined as base64 (`playgroundModuleBase64`) — no network, no external files.
///
/// The script instantiates the module and calls its C-ABI entry points for every number it shows
/// (derived spring parameters, settling duration, value and velocity samples, the CSS `linear()`
/// export and its error); it only formats and draws them. Bad input typed into a control is passed
/// to the module as given (an empty field without a default, or text that is not a number, as
/// NaN) and the module applies the initialisers' documented clamping; the page then names every
/// value that changed and the rule that changed it. Initial velocities are clamped to ±1000 per
/// second (NaN reads as 0). After the first render the page computes `hooke_digest()` over a fixed
/// set of springs and curves, logs `hooke-playground digest <16 hex digits>` to the console, stores
/// it in `document.body.dataset.digest` and shows whether it equals the native build's
/// (`playgroundNativeDigest`). Controls are mirrored into the URL fragment for sharing.
package enum PlaygroundPage {
  /// The page, about 170 kB (the module is about 110 kB, 146 kB in base64).
  package static func render() -> String {
    template
      .replacingOccurrences(of: "__MODULE__", with: playgroundModuleBase64)
      .replacingOccurrences(of: "__NATIVE_DIGEST__", with: playgroundNativeDigest)
  }

  /// The page with placeholders for the module and the native digest.
  static let template = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Hooke playground: springs and curves</title>
    <style>
    :root { --ink: #1d2330; --muted: #5b6475; --line: #d8dde6; --card: #fff; --bg: #f3f5f8;
      --value: #1f6feb; --velocity: #d9480f; --warn-bg: #fff4e5; --warn: #8a4b00; --ok: #1a7f37; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--bg); }
    header { padding: 16px 20px 8px; }
    h1 { font-size: 1.3rem; margin: 0 0 4px; }
    h2 { font-size: 1.05rem; margin: 0 0 10px; }
    h3 { font-size: .9rem; margin: 14px 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
    p { margin: 4px 0; }
    .sub { color: var(--muted); font-size: .9rem; }
    main { padding: 0 12px 24px; display: grid; gap: 14px; }
    section.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; min-width: 0; }
    .layout { display: grid; gap: 14px; }
    @media (min-width: 900px) { .layout { grid-template-columns: 320px minmax(0, 1fr); } main { padding: 0 20px 24px; } }
    label { display: grid; grid-template-columns: 9.5em 1fr; align-items: center; gap: 8px; margin: 6px 0; font-size: .92rem; }
    label.check { grid-template-columns: auto 1fr; }
    label.wide { grid-template-columns: 1fr; gap: 3px; }
    input[type=text], select { width: 100%; font: inherit; padding: 5px 7px; border: 1px solid var(--line); border-radius: 6px; background: #fff; min-width: 0; }
    input[aria-invalid=true] { border-color: var(--warn); background: var(--warn-bg); }
    .notes { margin: 8px 0 0; padding: 0; list-style: none; }
    .notes li { background: var(--warn-bg); color: var(--warn); border-radius: 6px; padding: 5px 8px; margin: 4px 0; font-size: .86rem; }
    svg.plot { width: 100%; height: auto; display: block; background: #fbfcfe; border: 1px solid var(--line); border-radius: 8px; }
    .legend { font-size: .85rem; color: var(--muted); margin: 4px 0 0; }
    .legend b.v { color: var(--value); } .legend b.dv { color: var(--velocity); }
    table.derived { border-collapse: collapse; width: 100%; font-size: .9rem; }
    table.derived td { padding: 3px 6px; border-bottom: 1px solid var(--line); }
    table.derived td:last-child { text-align: right; font-variant-numeric: tabular-nums; font-family: ui-monospace, Menlo, monospace; }
    .copy { display: flex; gap: 6px; align-items: flex-start; margin: 5px 0; }
    .copy code { flex: 1; min-width: 0; display: block; font: 12.5px/1.4 ui-monospace, Menlo, monospace; background: #f6f8fa; border: 1px solid var(--line); border-radius: 6px; padding: 6px 8px; overflow-wrap: anywhere; white-space: pre-wrap; max-height: 9em; overflow: auto; }
    .copy button { font: inherit; font-size: .8rem; padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
    .meta { font-size: .85rem; color: var(--muted); margin: 2px 0 8px; }
    .ok { color: var(--ok); } .bad { color: #b42318; }
    #errors { white-space: pre-wrap; background: #fde8e8; color: #b42318; padding: 8px; border-radius: 6px; }
    footer { padding: 0 20px 20px; font-size: .85rem; color: var(--muted); }
    </style>
    </head>
    <body>
    <header>
      <h1>Hooke playground</h1>
      <p class="sub">Springs and timing curves computed in your browser by Hooke's own Embedded-Swift wasm32 build: every number below comes from that module.</p>
      <p class="sub" id="status">Loading the wasm module…</p>
      <pre id="errors" hidden></pre>
    </header>
    <main>
    <section class="card" id="spring-card">
      <h2>Spring</h2>
      <div class="layout">
        <div>
          <label class="wide">Initialiser <select id="spring-form">
            <option value="0">Spring(duration:bounce:)</option>
            <option value="1">Spring(response:dampingRatio:)</option>
            <option value="2">Spring(mass:stiffness:damping:)</option>
            <option value="3">.smooth(duration:extraBounce:)</option>
            <option value="4">.snappy(duration:extraBounce:)</option>
            <option value="5">.bouncy(duration:extraBounce:)</option>
          </select></label>
          <div data-form="0">
            <label>duration (s) <input type="text" inputmode="decimal" id="s0-a" value="0.5"></label>
            <label>bounce <input type="text" inputmode="decimal" id="s0-b" value="0.15"></label>
          </div>
          <div data-form="1" hidden>
            <label>response (s) <input type="text" inputmode="decimal" id="s1-a" value="0.55"></label>
            <label>dampingRatio <input type="text" inputmode="decimal" id="s1-b" value="0.825"></label>
          </div>
          <div data-form="2" hidden>
            <label>mass <input type="text" inputmode="decimal" id="s2-a" value="1"></label>
            <label>stiffness <input type="text" inputmode="decimal" id="s2-b" value="170"></label>
            <label>damping <input type="text" inputmode="decimal" id="s2-c" value="26"></label>
            <label class="check"><input type="checkbox" id="s2-d"> allowOverDamping</label>
          </div>
          <div data-form="3" data-form2="4" data-form3="5" hidden>
            <label>duration (s) <input type="text" inputmode="decimal" id="s3-a" value="0.5"></label>
            <label>extraBounce <input type="text" inputmode="decimal" id="s3-b" value="0"></label>
          </div>
          <label>initial velocity <input type="text" inputmode="decimal" id="s-v" value="0"></label>
          <label>CSS tolerance <input type="text" inputmode="decimal" id="s-tol" value="0.001"></label>
          <ul class="notes" id="spring-notes"></ul>
          <h3>Derived</h3>
          <table class="derived" id="spring-derived"></table>
        </div>
        <div>
          <svg class="plot" id="spring-plot" viewBox="0 0 640 300" role="img" aria-label="spring value and velocity over time"></svg>
          <p class="legend"><b class="v">━ value</b> (left axis, 0 → 1) · <b class="dv">┅ velocity</b> (right axis, per second) · time over the settling duration</p>
          <h3>Copy</h3>
          <div id="spring-copy"></div>
        </div>
      </div>
    </section>
    <section class="card" id="curve-card">
      <h2>Timing curve</h2>
      <div class="layout">
        <div>
          <label class="wide">Curve <select id="curve-kind">
            <optgroup label="UnitCurve">
              <option value="0">.linear</option><option value="1">.easeIn</option><option value="2">.easeOut</option>
              <option value="3" selected>.easeInOut</option><option value="4">.circularEaseIn</option>
              <option value="5">.circularEaseOut</option><option value="6">.circularEaseInOut</option>
              <option value="7">.bezier(startControlPoint:endControlPoint:)</option>
            </optgroup>
            <optgroup label="CSS cubic-bezier"><option value="8">CubicBezier(x1, y1, x2, y2)</option></optgroup>
            <optgroup label="Penner easings"><option value="100">Easing(family, mode)</option></optgroup>
          </select></label>
          <div id="curve-points" hidden>
            <label>x1 <input type="text" inputmode="decimal" id="c-x1" value="0.68"></label>
            <label>y1 <input type="text" inputmode="decimal" id="c-y1" value="-0.55"></label>
            <label>x2 <input type="text" inputmode="decimal" id="c-x2" value="0.27"></label>
            <label>y2 <input type="text" inputmode="decimal" id="c-y2" value="1.55"></label>
          </div>
          <div id="curve-easing" hidden>
            <label>family <select id="c-family"></select></label>
            <label>mode <select id="c-mode"><option value="0">.in</option><option value="1">.out</option><option value="2" selected>.inOut</option></select></label>
          </div>
          <label>CSS tolerance <input type="text" inputmode="decimal" id="c-tol" value="0.001"></label>
          <ul class="notes" id="curve-notes"></ul>
        </div>
        <div>
          <svg class="plot" id="curve-plot" viewBox="0 0 640 300" role="img" aria-label="curve value and velocity over progress"></svg>
          <p class="legend"><b class="v">━ value</b> (left axis) · <b class="dv">┅ velocity</b> (right axis, d value / d progress) · progress 0 → 1</p>
          <h3>Copy</h3>
          <div id="curve-copy"></div>
        </div>
      </div>
    </section>
    </main>
    <footer>
      <p>Self-check: <span id="digest">pending</span></p>
      <p>Written by <code>hooke-bench playground</code>. Works offline: the module and this script are inline.</p>
    </footer>
    <script>
    "use strict";
    const MODULE_BASE64 = "__MODULE__";
    const NATIVE_DIGEST = "__NATIVE_DIGEST__";
    const SAMPLES = 241, SAMPLE_BASE = 32;
    const FAMILIES = ["quad", "cubic", "quart", "quint", "sine", "expo", "circ", "back", "elastic", "bounce"];
    const MODES = ["in", "out", "inOut"];
    const NAMED_CURVES = ["linear", "easeIn", "easeOut", "easeInOut", "circularEaseIn", "circularEaseOut", "circularEaseInOut"];
    const $ = id => document.getElementById(id);
    let hooke = null;

    function fail(message) {
      const box = $("errors");
      box.hidden = false;
      box.textContent += (box.textContent ? "\n" : "") + message;
    }
    // Console errors are shown too, so a headless check can read them from the DOM.
    const consoleError = console.error.bind(console);
    console.error = (...parts) => { fail(parts.join(" ")); consoleError(...parts); };
    window.addEventListener("error", e => fail("Error: " + e.message));
    window.addEventListener("unhandledrejection", e => fail("Error: " + (e.reason && e.reason.message || e.reason)));

    // Views of the module's memory: recreated after each call, since memory may grow.
    function results(count) { return new Float64Array(hooke.memory.buffer, hooke.hooke_scalars(), SAMPLE_BASE + 2 * count); }
    function resultText(length) { return new TextDecoder().decode(new Uint8Array(hooke.memory.buffer, hooke.hooke_text(), length)); }

    // Numbers for people and for Swift source: up to 6 significant digits, plain integers as is.
    function fmt(x, digits = 6) {
      if (x === Infinity) return "∞";
      if (x === -Infinity) return "−∞";
      if (Number.isNaN(x)) return "NaN";
      if (Number.isInteger(x) && Math.abs(x) < 1e15) return String(x);
      return String(Number(x.toPrecision(digits)));
    }
    // Axis labels: short, with an exponent for very large or small magnitudes.
    function tick(x) {
      if (x !== 0 && (Math.abs(x) >= 1e5 || Math.abs(x) < 1e-3)) return x.toExponential(1).replace("e+", "e");
      return fmt(x, 3);
    }
    // Damping ratios and bounces are ratios of order 1: digits beyond 1e-12 are rounding noise of
    // λ·response/2π (a critical spring reads ζ = 1 − 2⁻⁵²), not information.
    function ratio(x) { return Number.isFinite(x) ? Number(x.toFixed(12)) + 0 : x; }
    function swiftNumber(x) { return Number.isNaN(x) ? ".nan" : x === Infinity ? ".infinity" : x === -Infinity ? "-.infinity" : fmt(x); }

    // A text field: its number, or NaN with `empty`/`bad` set; `fallback` replaces an empty field.
    function field(id, fallback) {
      const input = $(id), raw = input.value.trim();
      if (raw === "") { input.removeAttribute("aria-invalid"); return { raw, value: fallback === undefined ? NaN : fallback, empty: true }; }
      const value = /^[-+]?(nan)$/i.test(raw) ? NaN : Number(raw.replace(/^\+/, "").replace(/^(-?)inf(inity)?$/i, "$1Infinity"));
      const bad = Number.isNaN(value) && !/nan/i.test(raw);
      input.setAttribute("aria-invalid", bad || !Number.isFinite(value) ? "true" : "false");
      return { raw, value, bad };
    }
    function same(a, b) { return a === b || (Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a))); }

    // One note per field whose effective value (computed by the module) differs from the typed one.
    function noteFor(name, f, effective, rule, fallback) {
      if (f.empty && fallback !== undefined) return same(fallback, effective) ? `${name} is empty: the default ${fmt(fallback)} is used.` : `${name} is empty: the default ${fmt(fallback)} is used, which becomes ${fmt(effective)} (${rule}).`;
      if (f.empty) return `${name} is empty: read as NaN, which becomes ${fmt(effective)} (${rule}).`;
      if (f.bad) return `${name} "${f.raw}" is not a number: read as NaN, which becomes ${fmt(effective)} (${rule}).`;
      if (!same(f.value, effective)) return `${name} ${fmt(f.value)} becomes ${fmt(effective)} (${rule}).`;
      return null;
    }

    const DURATION_RULE = "durations that are NaN, zero, negative or below 1e-6 s become 1e-6 s, an almost infinitely stiff spring that snaps; above 1e6 s they become 1e6 s";
    const RESPONSE_RULE = DURATION_RULE.replace(/durations/, "responses");
    const BOUNCE_RULE = "NaN reads as 0; above 1 is undamped (bounce 1); at or below −1 the damping ratio is capped at 10⁴";
    const TOLERANCE_RULE = "the CSS exporter clamps the tolerance to 1e-6…1; NaN uses 1e-6";

    function renderSpring() {
      const kind = Number($("spring-form").value);
      for (const group of document.querySelectorAll("#spring-card [data-form]")) {
        group.hidden = ![group.dataset.form, group.dataset.form2, group.dataset.form3].includes(String(kind));
      }
      const prefix = kind >= 3 ? "s3" : "s" + kind;
      const defaults = kind === 1 ? [undefined, undefined] : kind === 2 ? [1, undefined, undefined] : [0.5, 0];
      const a = field(prefix + "-a", defaults[0]), b = field(prefix + "-b", defaults[1]);
      const c = kind === 2 ? field("s2-c", defaults[2]) : { value: 0 };
      const overDamping = kind === 2 && $("s2-d").checked;
      const v = field("s-v", 0), tol = field("s-tol", 0.001);
      const count = hooke.hooke_spring(kind, a.value, b.value, c.value, overDamping ? 1 : 0, v.value, SAMPLES, tol.value);
      const r = results(count);
      const s = { response: r[0], dampingRatio: ratio(r[1]), bounce: ratio(r[2]), stiffness: r[3], damping: r[4], mass: r[5],
        settling: r[6], horizon: r[7], cssDuration: r[8], cssError: r[9], cssTolerance: r[10], cssMeets: r[11] === 1,
        velocity: r[14], flags: r[15], omega: r[16] };
      const values = Array.from(r.subarray(SAMPLE_BASE, SAMPLE_BASE + count));
      const velocities = Array.from(r.subarray(SAMPLE_BASE + count, SAMPLE_BASE + 2 * count));
      const css = resultText(r[12]);

      const notes = [];
      const base = [0, 0, 0, 0, 0.15, 0.3][kind];
      if (kind === 0 || kind >= 3) {
        notes.push(noteFor("duration", a, s.response, DURATION_RULE, 0.5));
        notes.push(kind === 0 ? noteFor("bounce", b, s.bounce, BOUNCE_RULE, 0)
          : noteFor("extraBounce", b, s.bounce - base, `the preset's bounce ${base} plus extraBounce is a bounce: ${BOUNCE_RULE}`, 0));
      } else if (kind === 1) {
        notes.push(noteFor("response", a, s.response, RESPONSE_RULE));
        notes.push(noteFor("dampingRatio", b, s.dampingRatio, "NaN becomes 1, negative values 0 (undamped), values above 10⁴ (incl. ∞) 10⁴"));
      } else {
        notes.push(noteFor("mass", a, s.mass, "NaN, ±∞, zero or negative masses become 1", 1));
        notes.push(noteFor("stiffness", b, s.stiffness, "stiffness is limited so that the response stays within 1e-6…1e6 s; NaN, zero and negative values give the slowest spring"));
        notes.push(noteFor("damping", c, s.damping, overDamping
          ? "NaN or negative damping becomes 0; damping beyond 10⁴ × critical is capped there"
          : "NaN or negative damping becomes 0; over-damping is clamped to critical damping 2√(k·m) unless allowOverDamping is on, as in SwiftUI"));
      }
      if (s.flags & 8) notes.push(`initial velocity ${v.bad ? '"' + v.raw + '"' : fmt(v.value)} becomes ${fmt(s.velocity)} (the playground accepts −1000…1000 per second; NaN reads as 0).`);
      notes.push(noteFor("CSS tolerance", tol, s.cssTolerance, TOLERANCE_RULE, 0.001));
      if (s.flags & 1) notes.push("This spring has no damping and never settles: the plot shows three periods, the CSS export is cut at 10 s.");
      if (s.flags & 2) notes.push("The plot would span more than 120 s: it shows the first 120 s.");
      if (s.settling === 0 && s.response > 0.01) notes.push("Settling duration 0: SwiftUI's settling search (which Hooke follows) found no settling within about 102 s and reports 0; the plot shows one period instead.");
      if (s.flags & 4) notes.push("The CSS text is longer than 256 KB and was cut; raise the tolerance.");
      showNotes("spring-notes", notes);

      plot("spring-plot", values, velocities, s.horizon, "s");
      const settlingText = s.settling === Infinity ? "∞ (never settles)" : fmt(s.settling) + " s";
      $("spring-derived").innerHTML = [
        ["response = duration", fmt(s.response) + " s"], ["damping ratio ζ", fmt(s.dampingRatio)], ["bounce", fmt(s.bounce)],
        ["stiffness k", fmt(s.stiffness)], ["damping c", fmt(s.damping)], ["mass m", fmt(s.mass)],
        ["settling duration (ε = 0.001)", settlingText], ["initial velocity", fmt(s.velocity) + " /s"],
      ].map(([k, x]) => `<tr><td>${k}</td><td>${x}</td></tr>`).join("");

      const D = swiftNumber(s.response), B = swiftNumber(s.bounce), R = swiftNumber(s.response), Z = swiftNumber(s.dampingRatio);
      const M = swiftNumber(s.mass), K = swiftNumber(s.stiffness), C = swiftNumber(s.damping), V = swiftNumber(s.velocity);
      const over = s.omega < 0 ? ", allowOverDamping: true" : "";
      const swift = [
        `Spring(duration: ${D}, bounce: ${B})`,
        `Spring(response: ${R}, dampingRatio: ${Z})`,
        `Spring(mass: ${M}, stiffness: ${K}, damping: ${C}${over})`,
      ];
      if (kind >= 3) swift.unshift(`Spring.${["smooth", "snappy", "bouncy"][kind - 3]}(duration: ${D}, extraBounce: ${swiftNumber(s.bounce - base)})`);
      else if (kind > 0) swift.unshift(swift.splice(kind, 1)[0]);
      const anim = `withAnimation(.interpolatingSpring(mass: ${M}, stiffness: ${K}, damping: ${C}, initialVelocity: ${V})) { … }`;
      const verdict = s.cssMeets ? `<span class="ok">within tolerance</span>` : `<span class="bad">above tolerance</span>`;
      $("spring-copy").innerHTML = swift.map(copyRow).join("") + copyRow(anim) +
        `<p class="meta">CSS linear(), ${css.length} characters, max error ${fmt(s.cssError, 3)} of the change (tolerance ${fmt(s.cssTolerance)}, ${verdict}); play it over ${fmt(s.cssDuration, 4)} s:</p>` +
        copyRow(`transition: transform ${fmt(s.cssDuration, 4)}s ${css};`);
    }

    function renderCurve() {
      let kind = Number($("curve-kind").value);
      $("curve-points").hidden = !(kind === 7 || kind === 8);
      $("curve-easing").hidden = kind !== 100;
      const family = Number($("c-family").value), mode = Number($("c-mode").value);
      if (kind === 100) kind = 100 + 3 * family + mode;
      const p = ["c-x1", "c-y1", "c-x2", "c-y2"].map(id => field(id, undefined));
      const tol = field("c-tol", 0.001);
      const count = hooke.hooke_curve(kind, p[0].value, p[1].value, p[2].value, p[3].value, SAMPLES, tol.value);
      const r = results(count);
      const values = Array.from(r.subarray(SAMPLE_BASE, SAMPLE_BASE + count));
      const velocities = Array.from(r.subarray(SAMPLE_BASE + count, SAMPLE_BASE + 2 * count));
      const used = [r[0], r[1], r[2], r[3]], cssError = r[9], cssTolerance = r[10], meets = r[11] === 1;
      const css = resultText(r[12]);
      const notes = [];
      const names = ["x1", "y1", "x2", "y2"];
      if (kind === 8) {
        p.forEach((f, i) => notes.push(noteFor(names[i], f, used[i], i % 2 === 0
          ? "CubicBezier clamps x to 0…1 so the curve stays a function; NaN reads as 0"
          : "CubicBezier keeps y (overshoot allowed) but limits it to ±2³²; NaN reads as 0")));
      } else if (kind === 7) {
        p.forEach((f, i) => {
          const inRange = Number.isFinite(f.value) && (i % 2 === 1 || (f.value >= 0 && f.value <= 1)) && !(i % 2 === 1 && (f.value < 0 || f.value > 1));
          if (f.empty || f.bad || !inRange) notes.push(`${names[i]} ${f.empty ? "is empty" : f.bad ? '"' + f.raw + '" is not a number' : fmt(f.value)}: UnitCurve stores control points as given; evaluation reads NaN as 0 and clamps x to 0…1, and value(at:) also clamps y to 0…1 (velocity(at:) does not).`);
        });
      }
      notes.push(noteFor("CSS tolerance", tol, cssTolerance, TOLERANCE_RULE, 0.001));
      if (velocities.some(x => !Number.isFinite(x))) notes.push("The velocity is infinite where the curve is vertical (documented for the circular curves); it is drawn to the edge of the plot.");
      if (r[15] & 4) notes.push("The CSS text is longer than 256 KB and was cut; raise the tolerance.");
      showNotes("curve-notes", notes);
      plot("curve-plot", values, velocities, 1, "");

      const pts = used.map(swiftNumber);
      let swift;
      if (kind < 7) swift = [`UnitCurve.${NAMED_CURVES[kind]}`, `Animation.timingCurve(.${NAMED_CURVES[kind]}, duration: 0.35)`];
      else if (kind === 7) swift = [`UnitCurve.bezier(startControlPoint: UnitPoint(x: ${pts[0]}, y: ${pts[1]}), endControlPoint: UnitPoint(x: ${pts[2]}, y: ${pts[3]}))`, `Animation.timingCurve(${pts.join(", ")}, duration: 0.35)`];
      else if (kind === 8) swift = [`CubicBezier(${pts.join(", ")})  // Hooke`, `cubic-bezier(${pts.join(", ")})  /* CSS */`];
      else { const f = FAMILIES[(kind - 100) / 3 | 0], m = MODES[(kind - 100) % 3]; swift = [`Easing(.${f}, .${m})  // Hooke, Penner's ${f} ${m}`, `Easing.${f}${m[0].toUpperCase()}${m.slice(1)}`]; }
      const verdict = meets ? `<span class="ok">within tolerance</span>` : `<span class="bad">above tolerance</span>`;
      $("curve-copy").innerHTML = swift.map(copyRow).join("") +
        `<p class="meta">CSS linear(), ${css.length} characters, max error ${fmt(cssError, 3)} (tolerance ${fmt(cssTolerance)}, ${verdict}):</p>` + copyRow(css);
    }

    function showNotes(id, notes) {
      $(id).innerHTML = notes.filter(Boolean).map(n => `<li>${escapeHTML(n)}</li>`).join("");
    }
    function escapeHTML(s) { return s.replace(/[&<>"]/g, ch => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]); }
    function copyRow(textValue) {
      return `<div class="copy"><code>${escapeHTML(textValue)}</code><button type="button" data-copy>Copy</button></div>`;
    }
    document.addEventListener("click", e => {
      if (!e.target.matches("[data-copy]")) return;
      const code = e.target.previousElementSibling.textContent;
      const done = () => { e.target.textContent = "Copied"; setTimeout(() => { e.target.textContent = "Copy"; }, 1200); };
      if (navigator.clipboard) navigator.clipboard.writeText(code).then(done, () => selectText(e.target.previousElementSibling));
      else selectText(e.target.previousElementSibling);
    });
    function selectText(node) { const range = document.createRange(); range.selectNodeContents(node); const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range); }

    // Value (left axis) and velocity (right axis) against x in 0…span. Infinite samples are drawn at
    // the plot's edge; a series with no finite sample is drawn flat at 0 with a note elsewhere.
    function plot(id, values, velocities, span, unit) {
      // Narrow screens get a narrower drawing so the axis labels stay legible.
      const W = Math.round(Math.max(320, Math.min(640, $(id).clientWidth || 640))), H = W < 480 ? 240 : 300;
      $(id).setAttribute("viewBox", `0 0 ${W} ${H}`);
      const L = 46, R = 54, T = 14, B = 32, w = W - L - R, h = H - T - B;
      const range = (xs, must) => {
        const finite = xs.filter(Number.isFinite).concat(must);
        let lo = Math.min(...finite), hi = Math.max(...finite);
        if (!(hi > lo)) { lo -= 1; hi += 1; }
        const pad = (hi - lo) * 0.06; return [lo - pad, hi + pad];
      };
      const [vLo, vHi] = range(values, [0, 1]), [dLo, dHi] = range(velocities, [0]);
      const X = i => L + w * i / (values.length - 1);
      const Y = (x, lo, hi) => { const c = x === Infinity ? hi : x === -Infinity ? lo : x; return T + h * (1 - (c - lo) / (hi - lo)); };
      const path = (xs, lo, hi) => xs.map((x, i) => Number.isNaN(x) ? "" : `${i && !Number.isNaN(xs[i - 1]) ? "L" : "M"}${X(i).toFixed(1)},${Y(x, lo, hi).toFixed(1)}`).join("");
      const ticks = (lo, hi) => { const step = niceStep((hi - lo) / 4); const out = []; for (let t = Math.ceil(lo / step) * step; t <= hi + 1e-12; t += step) out.push(Math.abs(t) < step * 1e-9 ? 0 : t); return out; };
      let svg = "";
      for (const t of ticks(vLo, vHi)) svg += `<line x1="${L}" x2="${L + w}" y1="${Y(t, vLo, vHi).toFixed(1)}" y2="${Y(t, vLo, vHi).toFixed(1)}" stroke="#e6e9ef"/><text x="${L - 6}" y="${(Y(t, vLo, vHi) + 4).toFixed(1)}" text-anchor="end" font-size="11" fill="#1f6feb">${tick(t)}</text>`;
      for (const t of ticks(dLo, dHi)) svg += `<text x="${L + w + 6}" y="${(Y(t, dLo, dHi) + 4).toFixed(1)}" font-size="11" fill="#d9480f">${tick(t)}</text>`;
      for (let k = 0; k <= 4; k++) { const x = L + w * k / 4; svg += `<line x1="${x}" x2="${x}" y1="${T}" y2="${T + h}" stroke="#eef0f4"/><text x="${x}" y="${H - 10}" text-anchor="middle" font-size="11" fill="#5b6475">${tick(span * k / 4)}${unit}</text>`; }
      svg += `<line x1="${L}" x2="${L + w}" y1="${Y(1, vLo, vHi)}" y2="${Y(1, vLo, vHi)}" stroke="#1f6feb" stroke-opacity=".35" stroke-dasharray="2 3"/>`;
      svg += `<rect x="${L}" y="${T}" width="${w}" height="${h}" fill="none" stroke="#c9ced8"/>`;
      svg += `<path d="${path(velocities, dLo, dHi)}" fill="none" stroke="#d9480f" stroke-width="1.6" stroke-dasharray="5 4"/>`;
      svg += `<path d="${path(values, vLo, vHi)}" fill="none" stroke="#1f6feb" stroke-width="2.4"/>`;
      $(id).innerHTML = svg;
    }
    function niceStep(raw) { const p = Math.pow(10, Math.floor(Math.log10(raw))); const m = raw / p; return (m < 1.5 ? 1 : m < 3 ? 2 : m < 7 ? 5 : 10) * p; }

    function schedule(render) { let timer = 0; return () => { clearTimeout(timer); timer = setTimeout(() => { try { render(); } catch (e) { fail("Error: " + e.message); } }, 120); }; }

    // The controls' state lives in the URL fragment (#id=value&…), so a spring or curve can be shared.
    function restoreFromFragment() {
      for (const [id, value] of new URLSearchParams(location.hash.slice(1))) {
        const input = $(id);
        if (!input || !input.closest(".card")) continue;
        if (input.type === "checkbox") input.checked = value === "1"; else input.value = value;
      }
    }
    function saveToFragment() {
      const params = new URLSearchParams();
      for (const input of document.querySelectorAll(".card input, .card select")) params.set(input.id, input.type === "checkbox" ? (input.checked ? "1" : "0") : input.value);
      history.replaceState(null, "", "#" + params.toString());
    }

    async function start() {
      const bytes = Uint8Array.from(atob(MODULE_BASE64), ch => ch.charCodeAt(0));
      const { instance } = await WebAssembly.instantiate(bytes, {});
      hooke = instance.exports;
      $("status").textContent = `Hooke's wasm32 module (${bytes.length.toLocaleString("en")} bytes) is running in this page.`;
      $("c-family").innerHTML = FAMILIES.map((f, i) => `<option value="${i}"${f === "back" ? " selected" : ""}>.${f}</option>`).join("");
      restoreFromFragment();
      renderSpring();
      renderCurve();
      for (const card of ["spring-card", "curve-card"]) $(card).addEventListener("change", saveToFragment);
      const springRender = schedule(renderSpring), curveRender = schedule(renderCurve);
      $("spring-card").addEventListener("input", springRender);
      $("spring-card").addEventListener("change", springRender);
      $("curve-card").addEventListener("input", curveRender);
      $("curve-card").addEventListener("change", curveRender);
      // The digest of a fixed set of springs and curves, computed by the module: equal to the
      // native build's means this page shows bit-identical numbers.
      setTimeout(() => {
        const digest = BigInt.asUintN(64, hooke.hooke_digest()).toString(16).padStart(16, "0");
        console.log("hooke-playground digest " + digest);
        const match = digest === NATIVE_DIGEST;
        $("digest").innerHTML = `wasm digest <code id="wasm-digest">${digest}</code> over a fixed set of springs and curves; native build <code>${NATIVE_DIGEST}</code>: ` +
          (match ? `<span class="ok">bit-identical</span>` : `<span class="bad">different</span>`);
        document.body.dataset.digest = digest;
      }, 0);
    }
    start().catch(e => { fail("The wasm module could not be started: " + e.message); $("status").textContent = "The wasm module failed to load; see the message above."; });
    </script>
    </body>
    </html>
    """#
}
