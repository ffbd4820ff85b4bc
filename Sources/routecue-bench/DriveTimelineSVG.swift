import Foundation
import RouteCueCore

// timeline.svg: the picture of one bench drive (`DriveTimeline`), hand-written SVG text that a browser opens as is
// (a <style> block, no scripts; tooltips are <title> children, which browsers show on hover).
//
// Layout. The header holds the title, a one-line summary (outputs by outcome, late ones, trigger error) and the
// legend. Below it the drive is drawn in rows stacked vertically, like lines of text, all at one time scale:
// a drive of up to 10 minutes is one row across the full 1400 px plot width; a longer one is cut into rows of equal
// length, whole minutes, at most 10 minutes each (12 min → 2 rows of 6, 3 h → 18 rows of 10), so a cue of 2 s is
// never narrower than ~5 px and a 3-hour drive is a page one scrolls down rather than a 40,000 px strip one scrolls
// sideways (past 24 rows, i.e. 4 h, the rows get longer instead of more numerous, so the picture stays bounded).
// Each row has, top to bottom:
//   - a strip with the maneuvers passed (their index; the instruction on hover) whose thin dashed lines cross all
//     lanes;
//   - distance to the next maneuver: area + line on a log-ish scale, y = log(1 + m/25 m), normalised to a ceiling
//     (the data's maximum rounded up to 0.5/1/2/5/10/20/50 km; beyond 50 km clamped), so 50 m sits a fifth of the way
//     up a 5 km lane and 5 km and 50 m are both readable; a nil distance (no route, off route) leaves a gap, shaded
//     grey;
//   - the outputs: a bar from first to last sample, coloured by stage, several tracks when outputs overlap; the
//     deadline (due) is a dark tick; a late output (start > due + 0.5 s, or trigger error > 20 m) is outlined in red
//     with a red whisker from its due time to its start; an interrupted one is hatched with a dashed outline; the
//     stage's initial is written in a bar wide enough for it (and the text too when there is room); outputs that
//     never played are markers at their due time in the strip under the bars (circle ⊗ skipped, diamond cancelled);
//   - the music's MPRIS volume (0…1, a step line) so the ducking windows show as dips under the cues;
//   - the time axis, seconds since the drive's start as mm:ss (h:mm:ss for drives of an hour or more), ticks every
//     1/2/5/10/15/30 s, 1/2/5/10/15/30 min, … whichever is the first at least 64 px apart (84 px with hours).
// Hovering a bar, marker, maneuver or gap shows its details. Distance and volume are reduced per pixel column to
// the first, minimum, maximum and last sample of the column (M4), so ~10,000 samples become at most a few points
// per pixel and spikes stay visible. Non-finite numbers are skipped; text is XML-escaped.

/// The timeline.svg of a bench drive.
enum DriveTimelineSVG {
    /// An output is late when it started more than this after its due time…
    static let lateSeconds = 0.5
    /// …or when its trigger error against the ground truth is more than this (positive = late).
    static let lateMetres = 20.0

    static func render(_ timeline: DriveTimeline) -> String {
        TimelineDrawing(timeline).svg()
    }
}

private enum StageKind: CaseIterable {
    case range, reminder, distance, action, `continue`, arrival, app, chime, other

    init(_ stage: String) {
        let s = stage.lowercased().trimmingCharacters(in: .whitespaces)
        switch s {
        case "range": self = .range
        case "reminder": self = .reminder
        case "distance": self = .distance
        case "action": self = .action
        case "continue": self = .continue
        case "arrival", "arrive", "arrived": self = .arrival
        default:
            if s == "ui" || s.hasPrefix("app") || s.hasPrefix("ui") || s.contains("prompt") || s.contains("notif") {
                self = .app
            } else if s.contains("chime") || s.contains("tone") || s.contains("beep") || s.contains("earcon") {
                self = .chime
            } else {
                self = .other
            }
        }
    }

    var cssClass: String {
        switch self {
        case .range: "k-range"
        case .reminder: "k-reminder"
        case .distance: "k-distance"
        case .action: "k-action"
        case .continue: "k-continue"
        case .arrival: "k-arrival"
        case .app: "k-app"
        case .chime: "k-chime"
        case .other: "k-other"
        }
    }

    var name: String {
        switch self {
        case .range: "range"
        case .reminder: "reminder"
        case .distance: "distance"
        case .action: "action"
        case .continue: "continue"
        case .arrival: "arrival"
        case .app: "app/UI prompt"
        case .chime: "chime/tone"
        case .other: "other"
        }
    }

    /// The label written in a bar (two letters where one would be ambiguous).
    var initial: String {
        switch self {
        case .range: "R"
        case .reminder: "Rm"
        case .distance: "D"
        case .action: "A"
        case .continue: "C"
        case .arrival: "Ar"
        case .app: "P"
        case .chime: "T"
        case .other: "?"
        }
    }

    var fill: String {
        switch self {
        case .range: "#4e79a7"
        case .reminder: "#76b7b2"
        case .distance: "#59a14f"
        case .action: "#f28e2b"
        case .continue: "#b07aa1"
        case .arrival: "#edc948"
        case .app: "#9c755f"
        case .chime: "#bab0ac"
        case .other: "#5f6b7a"
        }
    }

    var textColour: String {
        switch self {
        case .reminder, .action, .arrival, .chime: "#1d1d1d"
        default: "#ffffff"
        }
    }
}

private struct TimelineDrawing {
    typealias Output = DriveTimeline.Output

    /// One played output (or one cut after it started): a bar.
    struct Bar {
        var output: Output
        var kind: StageKind
        var start: Double
        var end: Double
        var due: Double?
        var track: Int
        var late: Bool
        var hatched: Bool
        var tooltip: String
    }

    /// One output that never played, at its due time.
    struct Marker {
        var output: Output
        var kind: StageKind
        var due: Double
        var tooltip: String
    }

    // Geometry (px).
    static let left = 84.0
    static let plotWidth = 1400.0
    static let right = 30.0
    static let width = left + plotWidth + right
    static let headerHeight = 112.0
    static let stripHeight = 15.0
    static let distanceHeight = 96.0
    static let laneGap = 6.0
    static let trackHeight = 20.0
    static let barPad = 3.0
    static let markerStrip = 16.0
    static let volumeHeight = 44.0
    static let axisHeight = 22.0
    static let rowGap = 18.0
    static let footerHeight = 30.0
    static let maxTracks = 4
    /// Scale knee of the distance lane: y ∝ log(1 + m / knee).
    static let knee = 25.0

    let title: String
    let distance: [(t: Double, m: Double?, index: Int?)]
    let volume: [(t: Double, v: Double)]
    let maneuvers: [(t: Double, index: Int, instruction: String)]
    let bars: [Bar]
    let markers: [Marker]
    let unplaced: [Output]
    let tracks: Int
    let spanEnd: Double
    let rowSeconds: Double
    let rowCount: Int
    let pxPerSecond: Double
    let hours: Bool
    let ceiling: Double
    let summary: String
    let allOutputs: [Output]

    init(_ timeline: DriveTimeline) {
        title = timeline.title
        allOutputs = timeline.outputs

        func finite(_ value: Double?) -> Double? {
            guard let value, value.isFinite else { return nil }
            return value
        }

        // Samples in time order (stable), non-finite ones dropped.
        distance = timeline.distance.enumerated().compactMap { offset, sample -> (Int, Double, Double?, Int?)? in
            guard sample.seconds.isFinite else { return nil }
            if let metres = sample.metres, !metres.isFinite { return nil }
            return (offset, sample.seconds, sample.metres.map { max(0, $0) }, sample.maneuver)
        }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map { (t: $0.1, m: $0.2, index: $0.3) }
        volume = timeline.volume.enumerated().compactMap { offset, sample -> (Int, Double, Double)? in
            guard sample.seconds.isFinite, sample.volume.isFinite else { return nil }
            return (offset, sample.seconds, min(1, max(0, sample.volume)))
        }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map { (t: $0.1, v: $0.2) }

        var maneuvers = timeline.maneuvers.filter { $0.seconds.isFinite }.map {
            (t: $0.seconds, index: $0.index, instruction: $0.instruction)
        }
        if maneuvers.isEmpty {
            // No maneuvers recorded: a change of the distance samples' maneuver index is a maneuver passed.
            var previous: Int?
            for sample in distance {
                guard let index = sample.index else { continue }
                if let previous, index != previous {
                    maneuvers.append((t: sample.t, index: previous, instruction: "maneuver \(previous) (from the distance samples)"))
                }
                previous = index
            }
        }
        maneuvers.sort { $0.t < $1.t }
        self.maneuvers = maneuvers

        // The time span: the drive's duration, stretched to whatever was recorded after it; at least 10 s.
        var end = finite(timeline.duration) ?? 0
        end = max(end, distance.last?.t ?? 0, volume.last?.t ?? 0, maneuvers.last?.t ?? 0)
        for output in timeline.outputs {
            end = max(end, finite(output.start) ?? 0, finite(output.end) ?? 0, finite(output.due) ?? 0)
        }
        // A stray instant far past the end (a clock error in the bench) would squeeze the drive into a corner: the
        // span stops at 1.5 × the duration + 2 min, and what lies beyond is drawn at the last row's right edge.
        if let duration = finite(timeline.duration), duration > 0 { end = min(end, duration * 1.5 + 120) }
        spanEnd = max(end, 10)
        if spanEnd <= 600 {
            rowCount = 1
            rowSeconds = spanEnd
        } else {
            let rows = min(24, (spanEnd / 600).rounded(.up))
            let seconds = (spanEnd / rows / 60).rounded(.up) * 60
            rowSeconds = seconds
            rowCount = max(1, Int(min(24, (spanEnd / seconds).rounded(.up))))
        }
        pxPerSecond = Self.plotWidth / rowSeconds
        hours = spanEnd >= 3600

        let maxMetres = distance.compactMap(\.m).max() ?? 0
        ceiling = [500.0, 1000, 2000, 5000, 10000, 20000, 50000].first { $0 >= maxMetres } ?? 50000

        // Outputs: bars in tracks (greedy, first track free at its start), markers, and those with no time at all.
        var bars: [Bar] = []
        var markers: [Marker] = []
        var unplaced: [Output] = []
        var trackEnds: [Double] = []
        let hours = self.hours
        let played = timeline.outputs.enumerated().compactMap { offset, output -> (Int, Double, Output)? in
            finite(output.start).map { (offset, $0, output) }
        }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        for (_, start, output) in played {
            let end = max(start, finite(output.end) ?? start)
            var track = trackEnds.firstIndex { $0 <= start } ?? -1
            if track < 0 {
                if trackEnds.count < Self.maxTracks {
                    trackEnds.append(end)
                    track = trackEnds.count - 1
                } else {
                    track = trackEnds.indices.min { trackEnds[$0] < trackEnds[$1] } ?? 0
                }
            }
            trackEnds[track] = max(trackEnds[track], end)
            let due = finite(output.due)
            let late = Self.isLate(output, start: start, due: due)
            bars.append(Bar(output: output, kind: StageKind(output.stage), start: start, end: end, due: due, track: track,
                            late: late, hatched: output.outcome != .played,
                            tooltip: Self.tooltip(output, start: start, end: end, due: due, late: late, hours: hours)))
        }
        for output in timeline.outputs where finite(output.start) == nil {
            if let due = finite(output.due) {
                markers.append(Marker(output: output, kind: StageKind(output.stage), due: due,
                                      tooltip: Self.tooltip(output, start: nil, end: nil, due: due, late: false, hours: hours)))
            } else {
                unplaced.append(output)
            }
        }
        markers.sort { $0.due < $1.due }
        self.bars = bars
        self.markers = markers
        self.unplaced = unplaced
        tracks = max(1, trackEnds.count)

        // The summary line.
        var parts = [Self.clock(finite(timeline.duration) ?? 0, tenths: false, hours: hours) + " drive"]
        let outputs = timeline.outputs
        var counts: [String] = []
        for outcome in [Output.Outcome.played, .interrupted, .skipped, .cancelled] {
            let n = outputs.filter { $0.outcome == outcome }.count
            if n > 0 { counts.append("\(n) \(outcome.rawValue)") }
        }
        parts.append("\(outputs.count) output\(outputs.count == 1 ? "" : "s")" + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", ")))
        let lateCount = bars.filter(\.late).count
        parts.append("\(lateCount) late (start > due + \(Self.number(DriveTimelineSVG.lateSeconds)) s or trigger error > \(Self.number(DriveTimelineSVG.lateMetres)) m)")
        let errors = outputs.compactMap { finite($0.triggerErrorMetres) }.sorted()
        if !errors.isEmpty {
            let median = errors.count % 2 == 1 ? errors[errors.count / 2] : (errors[errors.count / 2 - 1] + errors[errors.count / 2]) / 2
            parts.append("trigger error median \(Self.signed(median)) m, max \(Self.signed(errors.last!)) m")
        }
        parts.append("\(maneuvers.count) maneuver\(maneuvers.count == 1 ? "" : "s") passed")
        if !unplaced.isEmpty { parts.append("\(unplaced.count) never played and without a due time (not drawn)") }
        let spanEnd = self.spanEnd
        var beyond = distance.filter { $0.t > spanEnd }.count + volume.filter { $0.t > spanEnd }.count
        beyond += self.maneuvers.filter { $0.t > spanEnd }.count
        beyond += outputs.filter { [$0.start, $0.end, $0.due].contains { finite($0).map { $0 > spanEnd } ?? false } }.count
        if beyond > 0 { parts.append("\(beyond) instant\(beyond == 1 ? "" : "s") after \(Self.clock(spanEnd, tenths: false, hours: hours)) drawn at its edge or not at all") }
        summary = parts.joined(separator: "  ·  ")
    }

    static func isLate(_ output: Output, start: Double, due: Double?) -> Bool {
        if let due, start > due + DriveTimelineSVG.lateSeconds { return true }
        if let error = output.triggerErrorMetres, error.isFinite, error > DriveTimelineSVG.lateMetres { return true }
        return false
    }

    static func tooltip(_ output: Output, start: Double?, end: Double?, due: Double?, late: Bool, hours: Bool) -> String {
        var lines = ["#\(output.id) \(output.stage) · \(output.outcome.rawValue)\(late ? " · LATE" : "")"]
        if !output.text.isEmpty { lines.append("“\(output.text)”") }
        if let start, let end {
            var line = "start \(clock(start, tenths: true, hours: hours)) → end \(clock(end, tenths: true, hours: hours)) (\(number(end - start)) s)"
            if output.end == nil || !(output.end!.isFinite) { line += ", end not recorded" }
            lines.append(line)
        }
        if let due {
            var line = "due \(clock(due, tenths: true, hours: hours))"
            if let start {
                let delta = start - due
                line += delta > 0 ? " · started \(number(delta)) s after it" : " · started \(number(-delta)) s before it"
            }
            lines.append(line)
        } else {
            lines.append("due time unknown")
        }
        if let error = output.triggerErrorMetres, error.isFinite { lines.append("trigger error \(signed(error)) m") }
        if !output.reason.isEmpty { lines.append("reason: \(output.reason)") }
        return lines.joined(separator: "\n")
    }

    // MARK: geometry

    /// At least tall enough for its rotated name.
    var outputsHeight: Double {
        max(48, Self.barPad * 2 + Double(tracks) * Self.trackHeight + (markers.isEmpty ? 0 : Self.markerStrip))
    }

    var rowHeight: Double {
        Self.stripHeight + Self.distanceHeight + Self.laneGap + outputsHeight + Self.laneGap + Self.volumeHeight
            + Self.axisHeight + Self.rowGap
    }

    var height: Double { Self.headerHeight + Double(rowCount) * rowHeight + Self.footerHeight }

    func x(_ t: Double, row: Int) -> Double {
        Self.left + (t - Double(row) * rowSeconds) * pxPerSecond
    }

    func rowOf(_ t: Double) -> Int {
        guard t.isFinite else { return 0 }
        return max(0, min(rowCount - 1, Int(max(0, min(Double(rowCount), (t / rowSeconds).rounded(.down))))))
    }

    /// 0 at 0 m, 1 at the ceiling.
    func distanceFraction(_ metres: Double) -> Double {
        log1p(min(metres, ceiling) / Self.knee) / log1p(ceiling / Self.knee)
    }

    // MARK: drawing

    func svg() -> String {
        var out: [String] = []
        out.reserveCapacity(4096)
        let w = Self.number(Self.width), h = Self.number(height)
        out.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        out.append(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)">"#)
        out.append("<title>\(Self.escape(title))</title>")
        out.append(style)
        out.append(defs)
        out.append(#"<rect class="page" x="0" y="0" width="\#(w)" height="\#(h)"/>"#)
        header(&out)
        for row in 0..<rowCount { draw(row: row, into: &out) }
        let footerY = Self.headerHeight + Double(rowCount) * rowHeight + 8
        out.append(#"<text class="axis-title" x="\#(Self.number(Self.left + Self.plotWidth / 2))" y="\#(Self.number(footerY))" text-anchor="middle">time since the drive's start (\#(hours ? "h:mm:ss" : "mm:ss"))</text>"#)
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    var style: String {
        var css = """
        <style>
        text{font-family:"DejaVu Sans",Verdana,Helvetica,Arial,sans-serif;fill:#222}
        .page{fill:#fff}
        .title{font-size:20px;font-weight:bold}
        .summary{font-size:12px;fill:#444}
        .legend{font-size:11px;fill:#333}
        .lane{fill:#f8f9fa;stroke:#d5d8dc;stroke-width:1}
        .grid{stroke:#e6e8eb;stroke-width:1}
        .grid-minor{stroke:#f0f1f3;stroke-width:1}
        .tick{stroke:#888;stroke-width:1}
        .tick-label{font-size:10px;fill:#555}
        .y-label{font-size:9.5px;fill:#666}
        .lane-name{font-size:10px;fill:#555;font-weight:bold}
        .axis-title{font-size:11px;fill:#555}
        .dist-area{fill:#2c6fbb;fill-opacity:.14;stroke:none}
        .dist-line{fill:none;stroke:#2c6fbb;stroke-width:1.3;stroke-linejoin:round}
        .vol-area{fill:#6b5b95;fill-opacity:.16;stroke:none}
        .vol-line{fill:none;stroke:#6b5b95;stroke-width:1.3}
        .gap{fill:url(#gap);stroke:none}
        .gap-label{font-size:9.5px;fill:#777;font-style:italic}
        .mnv{stroke:#555;stroke-width:1;stroke-dasharray:3 2;opacity:.55}
        .mnv-hit{stroke:#000;stroke-opacity:0;stroke-width:9}
        .mnv-label{font-size:9.5px;fill:#333;font-weight:bold}
        .mnv-text{font-weight:normal;fill:#555}
        .mnv-flag{fill:#555}
        .bar{stroke:#00000033;stroke-width:.6}
        .bar.late{stroke:#d62728;stroke-width:2}
        .bar.cut{stroke:#222;stroke-width:1;stroke-dasharray:3 2}
        .bar.cut.late{stroke:#d62728;stroke-width:2}
        .hatch{fill:url(#hatch);pointer-events:none}
        .o:hover .bar{stroke:#000;stroke-width:2}
        .bar-label{font-size:9.5px;font-weight:bold;pointer-events:none}
        .bar-label.small{font-size:8px}
        .bar-text{font-size:9px;font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;pointer-events:none}
        .due{stroke:#222;stroke-width:1.2}
        .late-whisker{stroke:#d62728;stroke-width:1.6;fill:none}
        .late-flag{fill:#d62728}
        .mk{fill:#fff;stroke-width:1.8}
        .mk-x{stroke:#222;stroke-width:1.3}
        .m:hover .mk{stroke-width:3}
        .empty{font-size:11px;fill:#999;font-style:italic}
        """
        for kind in StageKind.allCases {
            css += "\n.\(kind.cssClass){fill:\(kind.fill)}"
            css += "\n.\(kind.cssClass)-t{fill:\(kind.textColour)}"
            css += "\n.mk.\(kind.cssClass){fill:#fff;stroke:\(kind.fill)}"
        }
        return css + "\n</style>"
    }

    var defs: String {
        var d = """
        <defs>
        <pattern id="hatch" patternUnits="userSpaceOnUse" width="5" height="5" patternTransform="rotate(45)"><rect x="0" y="0" width="2" height="5" fill="#fff" fill-opacity=".6"/></pattern>
        <pattern id="gap" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)"><rect x="0" y="0" width="6" height="6" fill="#eceef0"/><rect x="0" y="0" width="1.5" height="6" fill="#d5d8dc"/></pattern>
        """
        for row in 0..<rowCount {
            let top = rowTop(row) + Self.stripHeight
            let y0 = top, y1 = top + Self.distanceHeight
            let v0 = volumeTop(row), v1 = v0 + Self.volumeHeight
            d += "\n" + #"<clipPath id="cd\#(row)"><rect x="\#(Self.number(Self.left))" y="\#(Self.number(y0 - 1))" width="\#(Self.number(Self.plotWidth))" height="\#(Self.number(y1 - y0 + 2))"/></clipPath>"#
            d += "\n" + #"<clipPath id="cv\#(row)"><rect x="\#(Self.number(Self.left))" y="\#(Self.number(v0 - 1))" width="\#(Self.number(Self.plotWidth))" height="\#(Self.number(v1 - v0 + 2))"/></clipPath>"#
        }
        return d + "\n</defs>"
    }

    func header(_ out: inout [String]) {
        let maxTitle = Int((Self.width - 2 * Self.left / 3) / 11.5)
        out.append(#"<text class="title" x="\#(Self.number(Self.left))" y="30">\#(Self.escape(Self.truncate(title.isEmpty ? "bench drive" : title, to: maxTitle)))</text>"#)
        out.append(#"<text class="summary" x="\#(Self.number(Self.left))" y="50">\#(Self.escape(Self.truncate(summary, to: Int(Self.width / 6.6))))</text>"#)

        // Legend, line 1: the stages; line 2: the marks.
        var x = Self.left
        var y = 74.0
        for kind in StageKind.allCases where kind != .other || bars.contains(where: { $0.kind == .other }) || markers.contains(where: { $0.kind == .other }) {
            out.append(#"<rect class="bar \#(kind.cssClass)" x="\#(Self.number(x))" y="\#(Self.number(y - 10))" width="22" height="14" rx="2"/>"#)
            out.append(#"<text class="bar-label \#(kind.cssClass)-t" x="\#(Self.number(x + 11))" y="\#(Self.number(y + 0.5))" text-anchor="middle">\#(kind.initial)</text>"#)
            out.append(#"<text class="legend" x="\#(Self.number(x + 27))" y="\#(Self.number(y + 1))">\#(Self.escape(kind.name))</text>"#)
            x += 27 + Self.textWidth(kind.name, size: 11) + 18
        }
        x = Self.left
        y = 96
        func item(_ width: Double, _ label: String, _ draw: (Double) -> String) {
            out.append(draw(x))
            out.append(#"<text class="legend" x="\#(Self.number(x + width + 5))" y="\#(Self.number(y + 1))">\#(Self.escape(label))</text>"#)
            x += width + 5 + Self.textWidth(label, size: 11) + 18
        }
        let top = Self.number(y - 10)
        item(22, "late (start > due + \(Self.number(DriveTimelineSVG.lateSeconds)) s or error > \(Self.number(DriveTimelineSVG.lateMetres)) m)") { x in
            #"<path class="late-whisker" d="M\#(Self.number(x + 1)),\#(Self.number(y - 3))h8M\#(Self.number(x + 1)),\#(Self.number(y - 7))v8"/><rect class="bar late k-distance" x="\#(Self.number(x + 9))" y="\#(top)" width="13" height="14" rx="2"/>"#
        }
        item(22, "interrupted") { x in
            #"<rect class="bar cut k-distance" x="\#(Self.number(x))" y="\#(top)" width="22" height="14" rx="2"/><rect class="hatch" x="\#(Self.number(x))" y="\#(top)" width="22" height="14" rx="2"/>"#
        }
        item(12, "skipped") { x in Self.markerShape(cx: x + 6, cy: y - 3, kind: .distance, skipped: true) }
        item(12, "cancelled") { x in Self.markerShape(cx: x + 6, cy: y - 3, kind: .distance, skipped: false) }
        item(12, "due time") { x in
            #"<rect class="bar k-chime" x="\#(Self.number(x))" y="\#(Self.number(y - 7))" width="12" height="8" rx="1"/><path class="due" d="M\#(Self.number(x + 6)),\#(top)v4M\#(Self.number(x + 6)),\#(Self.number(y))v4"/>"#
        }
        item(16, "maneuver passed") { x in #"<path class="mnv" d="M\#(Self.number(x + 8)),\#(top) v14" style="opacity:1"/>"# }
        item(22, "distance to next maneuver") { x in
            #"<rect class="dist-area" x="\#(Self.number(x))" y="\#(Self.number(y - 5))" width="22" height="9"/><path class="dist-line" d="M\#(Self.number(x)),\#(Self.number(y - 5)) h22"/>"#
        }
        item(22, "no route / off route") { x in #"<rect class="gap" x="\#(Self.number(x))" y="\#(top)" width="22" height="14"/>"# }
        item(22, "music volume (MPRIS)") { x in
            #"<rect class="vol-area" x="\#(Self.number(x))" y="\#(Self.number(y - 5))" width="22" height="9"/><path class="vol-line" d="M\#(Self.number(x)),\#(Self.number(y - 5)) h8 v5 h6 v-5 h8"/>"#
        }
    }

    func rowTop(_ row: Int) -> Double { Self.headerHeight + Double(row) * rowHeight }
    func distanceTop(_ row: Int) -> Double { rowTop(row) + Self.stripHeight }
    func outputsTop(_ row: Int) -> Double { distanceTop(row) + Self.distanceHeight + Self.laneGap }
    func volumeTop(_ row: Int) -> Double { outputsTop(row) + outputsHeight + Self.laneGap }
    func axisTop(_ row: Int) -> Double { volumeTop(row) + Self.volumeHeight }

    func draw(row: Int, into out: inout [String]) {
        let rowStart = Double(row) * rowSeconds
        let rowEnd = rowStart + rowSeconds
        let drawnEnd = min(rowEnd, spanEnd)
        let xEnd = x(drawnEnd, row: row)
        let laneWidth = Self.number(max(1, xEnd - Self.left))
        let n = Self.number
        let dTop = distanceTop(row), oTop = outputsTop(row), vTop = volumeTop(row), aTop = axisTop(row)
        let stripTop = rowTop(row)
        out.append("<g class=\"row\" id=\"row\(row)\">")

        // Lanes and their names.
        for (top, height, name) in [(dTop, Self.distanceHeight, "to maneuver"), (oTop, outputsHeight, "outputs"), (vTop, Self.volumeHeight, "volume")] {
            out.append(#"<rect class="lane" x="\#(n(Self.left))" y="\#(n(top))" width="\#(laneWidth)" height="\#(n(height))"/>"#)
            let cy = top + height / 2
            out.append(#"<text class="lane-name" x="14" y="\#(n(cy))" text-anchor="middle" dominant-baseline="central" transform="rotate(-90 14 \#(n(cy)))">\#(name)</text>"#)
        }

        // Time grid and axis.
        let (step, minor) = tickSteps()
        var ticks: [String] = [], minors: [String] = [], labels: [String] = []
        if minor > 0 {
            var k = (rowStart / minor).rounded(.up)
            while k * minor <= drawnEnd + 1e-9 * rowSeconds, minors.count < 400 {
                let t = k * minor
                let isMajor = abs((t / step) - (t / step).rounded()) < 1e-6
                if !isMajor { minors.append("M\(n(x(t, row: row))),\(n(dTop))V\(n(aTop))") }
                k += 1
            }
        }
        var k = (rowStart / step).rounded(.up)
        while k * step <= drawnEnd + 1e-9 * rowSeconds, ticks.count < 200 {
            let t = k * step
            let xt = x(t, row: row)
            ticks.append("M\(n(xt)),\(n(dTop))V\(n(aTop))")
            labels.append(#"<text class="tick-label" x="\#(n(xt))" y="\#(n(aTop + 16))" text-anchor="middle">\#(Self.clock(t, tenths: false, hours: hours))</text>"#)
            k += 1
        }
        if !minors.isEmpty { out.append(#"<path class="grid-minor" d="\#(minors.joined())"/>"#) }
        if !ticks.isEmpty { out.append(#"<path class="grid" d="\#(ticks.joined())"/>"#) }
        out.append(#"<path class="tick" d="M\#(n(Self.left)),\#(n(aTop))H\#(n(xEnd))"/>"#)
        var tickMarks = ""
        var kk = (rowStart / step).rounded(.up)
        while kk * step <= drawnEnd + 1e-9 * rowSeconds, tickMarks.count < 20000 {
            tickMarks += "M\(n(x(kk * step, row: row))),\(n(aTop))v4"
            kk += 1
        }
        if !tickMarks.isEmpty { out.append(#"<path class="tick" d="\#(tickMarks)"/>"#) }
        out.append(contentsOf: labels)

        // Distance lane: y grid, gaps, area and line.
        var lastLabelY = Double.infinity
        var grid = ""
        for metres in [0.0, 50, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000] where metres <= ceiling {
            let y = dTop + Self.distanceHeight * (1 - distanceFraction(metres))
            guard lastLabelY - y >= 11.5 else { continue }
            lastLabelY = y
            if metres > 0 { grid += "M\(n(Self.left)),\(n(y))H\(n(xEnd))" }
            out.append(#"<text class="y-label" x="\#(n(Self.left - 5))" y="\#(n(y + 3.2))" text-anchor="end">\#(Self.metres(metres))</text>"#)
        }
        if !grid.isEmpty { out.append(#"<path class="grid" d="\#(grid)"/>"#) }
        drawDistance(row: row, rowStart: rowStart, rowEnd: rowEnd, top: dTop, into: &out)

        // Maneuvers: a dashed line across all lanes, a flag with the index in the strip, hover on both.
        // The label is the index and as much of the instruction as fits before the next maneuver's flag.
        let inRow = maneuvers.filter { $0.t >= rowStart && ($0.t < rowEnd || (row == rowCount - 1 && $0.t <= rowEnd)) }
        var labelEnd = -Double.infinity
        for (i, maneuver) in inRow.enumerated() {
            let xv = x(maneuver.t, row: row)
            let xm = n(xv)
            let tip = Self.escape("maneuver \(maneuver.index) passed at \(Self.clock(maneuver.t, tenths: true, hours: hours))\n\(maneuver.instruction)")
            out.append(#"<path class="mnv" d="M\#(xm),\#(n(stripTop + 4))V\#(n(aTop))"/>"#)
            var group = #"<g class="mv"><title>\#(tip)</title><path class="mnv-hit" d="M\#(xm),\#(n(stripTop))V\#(n(dTop + Self.distanceHeight))"/>"#
            group += #"<path class="mnv-flag" d="M\#(n(xv - 3.5)),\#(n(stripTop + 3))h7l-3.5,5z"/>"#
            let index = "\(maneuver.index)"
            let indexWidth = Self.textWidth(index, size: 9.5) + 1
            if xv + 5 >= labelEnd + 4 {
                let next = i + 1 < inRow.count ? x(inRow[i + 1].t, row: row) - 8 : xEnd
                let room = next - (xv + 5 + indexWidth + 4)
                let chars = Int(room / (9.5 * 0.6))
                var label = #"<text class="mnv-label" x="\#(n(xv + 5))" y="\#(n(stripTop + 10))">\#(index)"#
                var width = indexWidth
                if chars >= 5, !maneuver.instruction.isEmpty {
                    let text = Self.truncate(maneuver.instruction, to: chars)
                    label += #"<tspan class="mnv-text" dx="4">\#(Self.escape(text))</tspan>"#
                    width += 4 + Self.textWidth(text, size: 9.5)
                }
                group += label + "</text>"
                labelEnd = xv + 5 + width
            }
            out.append(group + "</g>")
        }

        // Volume lane: 0, ½, 1 and the step line.
        for (value, label) in [(0.0, "0"), (0.5, "0.5"), (1.0, "1")] {
            let y = vTop + Self.volumeHeight * (1 - value)
            out.append(#"<text class="y-label" x="\#(n(Self.left - 5))" y="\#(n(y + 3.2))" text-anchor="end">\#(label)</text>"#)
            if value == 0.5 { out.append(#"<path class="grid" d="M\#(n(Self.left)),\#(n(y))H\#(n(xEnd))"/>"#) }
        }
        drawVolume(row: row, rowStart: rowStart, rowEnd: rowEnd, top: vTop, into: &out)

        // Outputs.
        drawOutputs(row: row, rowStart: rowStart, rowEnd: rowEnd, top: oTop, into: &out)
        if row == 0 {
            if allOutputs.isEmpty {
                out.append(#"<text class="empty" x="\#(n(Self.left + 8))" y="\#(n(oTop + outputsHeight / 2 + 4))">no outputs</text>"#)
            }
            if distance.isEmpty {
                out.append(#"<text class="empty" x="\#(n(Self.left + 8))" y="\#(n(dTop + Self.distanceHeight / 2 + 4))">no distance samples</text>"#)
            }
            if volume.isEmpty {
                out.append(#"<text class="empty" x="\#(n(Self.left + 8))" y="\#(n(vTop + Self.volumeHeight / 2 + 4))">no volume samples</text>"#)
            }
        }
        out.append("</g>")
    }

    /// The labelled step, the first to put labels 64 px apart (84 px for h:mm:ss), and the unlabelled one between.
    func tickSteps() -> (Double, Double) {
        var candidates: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400]
        let spacing = hours ? 84.0 : 64.0
        while candidates.last! * pxPerSecond < spacing && candidates.count < 1200 { candidates.append(candidates.last! * 2) }
        let step = candidates.first { $0 * pxPerSecond >= spacing } ?? candidates.last!
        let minor = candidates.reversed().first { $0 < step && (step / $0).rounded() == step / $0 && $0 * pxPerSecond >= 10 } ?? 0
        return (step, minor)
    }

    /// The index range of samples to draw in [rowStart, rowEnd]: one before and one after, for the lines' ends.
    static func range(of times: [Double], from rowStart: Double, to rowEnd: Double) -> ClosedRange<Int>? {
        guard !times.isEmpty else { return nil }
        func lowerBound(_ t: Double, strict: Bool) -> Int {
            var lo = 0, hi = times.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if strict ? times[mid] <= t : times[mid] < t { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let first = max(0, lowerBound(rowStart, strict: false) - 1)
        let last = min(times.count - 1, lowerBound(rowEnd, strict: true))
        return first <= last ? first...last : nil
    }

    func drawDistance(row: Int, rowStart: Double, rowEnd: Double, top: Double, into out: inout [String]) {
        guard let range = Self.range(of: distance.map(\.t), from: rowStart, to: rowEnd) else { return }
        let n = Self.number
        let bottom = top + Self.distanceHeight
        // Gaps first (under the line): from a nil sample to the next sample with a distance.
        var gapStart: Double?
        var gaps = ""
        func closeGap(at t: Double) {
            guard let start = gapStart else { return }
            gapStart = nil
            let x0 = max(Self.left, x(start, row: row)), x1 = min(Self.left + Self.plotWidth, x(t, row: row))
            guard x1 > x0 else { return }
            let tip = Self.escape("no distance (no route / off route) \(Self.clock(start, tenths: true, hours: hours))–\(Self.clock(t, tenths: true, hours: hours))")
            gaps += #"<g><title>\#(tip)</title><rect class="gap" x="\#(n(x0))" y="\#(n(top + 0.5))" width="\#(n(x1 - x0))" height="\#(n(Self.distanceHeight - 1))"/>"#
            if x1 - x0 >= 60 {
                gaps += #"<text class="gap-label" x="\#(n((x0 + x1) / 2))" y="\#(n(top + Self.distanceHeight / 2 + 3))" text-anchor="middle">no route</text>"#
            }
            gaps += "</g>"
        }
        var reducer = ColumnReducer(columnOrigin: Self.left)
        var segments: [[(Double, Double)]] = []
        for i in range {
            let sample = distance[i]
            if let metres = sample.m {
                closeGap(at: sample.t)
                reducer.add(x: x(sample.t, row: row), y: top + Self.distanceHeight * (1 - distanceFraction(metres)))
            } else {
                if gapStart == nil { gapStart = sample.t }
                let points = reducer.finish()
                if !points.isEmpty { segments.append(points) }
            }
        }
        if let start = gapStart, let last = distance[range].last?.t, last > start { closeGap(at: last) }
        let points = reducer.finish()
        if !points.isEmpty { segments.append(points) }
        if !gaps.isEmpty { out.append(gaps) }
        guard !segments.isEmpty else { return }
        var area = "", line = ""
        for segment in segments.map(Self.pruneLine) {
            let path = segment.enumerated().map { ($0.offset == 0 ? "M" : "L") + n($0.element.0) + "," + n($0.element.1) }.joined()
            let first = segment.first!, last = segment.last!
            if segment.count == 1 {
                line += "M\(n(first.0 - 1)),\(n(first.1))h2"
            } else {
                line += path
                area += "M\(n(first.0)),\(n(bottom))" + "L" + path.dropFirst() + "L\(n(last.0)),\(n(bottom))Z"
            }
        }
        out.append(#"<g clip-path="url(#cd\#(row))">"#)
        if !area.isEmpty { out.append(#"<path class="dist-area" d="\#(area)"/>"#) }
        out.append(#"<path class="dist-line" d="\#(line)"/>"#)
        out.append("</g>")
    }

    func drawVolume(row: Int, rowStart: Double, rowEnd: Double, top: Double, into out: inout [String]) {
        guard let range = Self.range(of: volume.map(\.t), from: rowStart, to: rowEnd) else { return }
        let n = Self.number
        let bottom = top + Self.volumeHeight
        var reducer = ColumnReducer(columnOrigin: Self.left)
        for i in range {
            reducer.add(x: x(volume[i].t, row: row), y: top + Self.volumeHeight * (1 - volume[i].v))
        }
        var points = Self.pruneSteps(reducer.finish())
        guard let last = points.last else { return }
        // The player keeps its last volume until the end of the drive.
        let holdUntil = x(min(rowEnd, spanEnd), row: row)
        if holdUntil > last.0 { points.append((holdUntil, last.1)) }
        var line = "M\(n(points[0].0)),\(n(points[0].1))"
        for point in points.dropFirst() { line += "H\(n(point.0))V\(n(point.1))" }
        let area = "M\(n(points[0].0)),\(n(bottom))V\(n(points[0].1))" + line.dropFirst(line.prefix { $0 != "H" }.count) + "V\(n(bottom))Z"
        out.append(#"<g clip-path="url(#cv\#(row))">"#)
        out.append(#"<path class="vol-area" d="\#(area)"/>"#)
        out.append(#"<path class="vol-line" d="\#(line)"/>"#)
        out.append("</g>")
    }

    func drawOutputs(row: Int, rowStart: Double, rowEnd: Double, top: Double, into out: inout [String]) {
        let n = Self.number
        let plotRight = Self.left + Self.plotWidth
        for bar in bars {
            let firstRow = rowOf(bar.start)
            let lastRow = bar.end > bar.start ? rowOf(bar.end - rowSeconds * 1e-9) : firstRow
            guard row >= firstRow, row <= lastRow else { continue }
            let x0 = max(Self.left, min(plotRight, x(max(bar.start, rowStart), row: row)))
            var x1 = max(Self.left, min(plotRight, x(min(bar.end, rowEnd), row: row)))
            x1 = max(x1, x0 + 2)
            let width = x1 - x0
            let y = top + Self.barPad + Double(bar.track) * Self.trackHeight + 1.5
            let height = Self.trackHeight - 3
            let classes = "bar \(bar.kind.cssClass)" + (bar.hatched ? " cut" : "") + (bar.late ? " late" : "")
            var g = #"<g class="o"><title>\#(Self.escape(bar.tooltip))</title>"#
            g += #"<rect class="\#(classes)" x="\#(n(x0))" y="\#(n(y))" width="\#(n(width))" height="\#(n(height))" rx="2"/>"#
            if bar.hatched {
                g += #"<rect class="hatch" x="\#(n(x0))" y="\#(n(y))" width="\#(n(width))" height="\#(n(height))" rx="2"/>"#
            }
            // Label: the initial, and the text after it when there is room; in a narrow bar a smaller initial, centred.
            let initial = bar.kind.initial
            let initialWidth = Self.textWidth(initial, size: 9.5) + 4
            let textY = n(y + height / 2 + 3.4)
            if width >= initialWidth + 2 {
                g += #"<text class="bar-label \#(bar.kind.cssClass)-t" x="\#(n(x0 + 3))" y="\#(textY)">\#(initial)</text>"#
                let room = width - initialWidth - 6
                let chars = Int(room / 5.45)
                if chars >= 4, !bar.output.text.isEmpty {
                    let text = Self.truncate(bar.output.text, to: chars)
                    g += #"<text class="bar-text \#(bar.kind.cssClass)-t" x="\#(n(x0 + initialWidth + 3))" y="\#(n(y + height / 2 + 3.2))">\#(Self.escape(text))</text>"#
                }
            } else if width >= Self.textWidth(initial, size: 8) + 1 {
                g += #"<text class="bar-label small \#(bar.kind.cssClass)-t" x="\#(n(x0 + width / 2))" y="\#(n(y + height / 2 + 3))" text-anchor="middle">\#(initial)</text>"#
            }
            if bar.late && row == firstRow {
                let xf = x0 + min(width / 2, 5)
                g += #"<path class="late-flag" d="M\#(n(xf - 4)),\#(n(top - 6))h8l-4,6z"/>"#
            }
            out.append(g + "</g>")
            // The deadline: a tick; when late, a red whisker from it to the start.
            if let due = bar.due, rowOf(due) == row || (due >= rowStart && due <= rowEnd) {
                let xd = max(Self.left, min(plotRight, x(due, row: row)))
                if bar.late && bar.start > due && row == firstRow {
                    let xs = x0
                    out.append(#"<path class="late-whisker" d="M\#(n(xd)),\#(n(y + height / 2))H\#(n(xs))M\#(n(xd)),\#(n(y + 2))V\#(n(y + height - 2))"/>"#)
                } else {
                    out.append(#"<path class="due" d="M\#(n(xd)),\#(n(y - 2.5))v3.5M\#(n(xd)),\#(n(y + height - 1))v3.5"/>"#)
                }
            }
        }
        // Outputs that never played: markers at their due time in the strip under the bars.
        let markerY = top + Self.barPad + Double(tracks) * Self.trackHeight + Self.markerStrip / 2
        for marker in markers where rowOf(marker.due) == row {
            let xm = max(Self.left, min(plotRight, x(marker.due, row: row)))
            out.append(#"<g class="m"><title>\#(Self.escape(marker.tooltip))</title>\#(Self.markerShape(cx: xm, cy: markerY, kind: marker.kind, skipped: marker.output.outcome == .skipped))</g>"#)
        }
    }

    /// A polyline simplified to within 0.25 px (Douglas–Peucker, in runs of at most 256 points so the cost stays
    /// linear): a straight run of a steady speed becomes two points, a spike stays.
    static func pruneLine(_ points: [(Double, Double)]) -> [(Double, Double)] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        func deviation(_ p: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> Double {
            let dx = b.0 - a.0, dy = b.1 - a.1
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 1e-9 else { return ((p.0 - a.0) * (p.0 - a.0) + (p.1 - a.1) * (p.1 - a.1)).squareRoot() }
            return abs(dy * (p.0 - a.0) - dx * (p.1 - a.1)) / length
        }
        var runStart = 0
        while runStart < points.count - 1 {
            let runEnd = min(points.count - 1, runStart + 255)
            keep[runStart] = true
            keep[runEnd] = true
            var stack = [(runStart, runEnd)]
            while let (a, b) = stack.popLast() {
                guard b - a > 1 else { continue }
                var worst = 0.0, at = a
                for i in (a + 1)..<b {
                    let d = deviation(points[i], points[a], points[b])
                    if d > worst { worst = d; at = i }
                }
                if worst > 0.25 {
                    keep[at] = true
                    stack.append((a, at))
                    stack.append((at, b))
                }
            }
            runStart = runEnd
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// A step line's points without those that do not change its value (and the last, where the line ends).
    static func pruneSteps(_ points: [(Double, Double)]) -> [(Double, Double)] {
        guard points.count > 2 else { return points }
        var kept = [points[0]]
        for point in points.dropFirst().dropLast() where abs(point.1 - kept.last!.1) > 0.05 { kept.append(point) }
        kept.append(points[points.count - 1])
        return kept
    }

    static func markerShape(cx: Double, cy: Double, kind: StageKind, skipped: Bool) -> String {
        let n = number
        let r = 4.6, c = 2.6
        let cross = #"<path class="mk-x" d="M\#(n(cx - c)),\#(n(cy - c))l\#(n(2 * c)),\#(n(2 * c))M\#(n(cx - c)),\#(n(cy + c))l\#(n(2 * c)),\#(n(-2 * c))"/>"#
        if skipped {
            return #"<circle class="mk \#(kind.cssClass)" cx="\#(n(cx))" cy="\#(n(cy))" r="\#(n(r))"/>"# + cross
        }
        let d = r + 1.2
        return #"<path class="mk \#(kind.cssClass)" d="M\#(n(cx)),\#(n(cy - d))l\#(n(d)),\#(n(d))l\#(n(-d)),\#(n(d))l\#(n(-d)),\#(n(-d))z"/>"# + cross
    }

    // MARK: text

    /// XML-escaped text, without the characters XML 1.0 does not allow at all.
    static func escape(_ text: String) -> String { XMLEscape.escaped(text) }

    static func truncate(_ text: String, to characters: Int) -> String {
        let single = text.replacingOccurrences(of: "\n", with: " ")
        guard single.count > characters else { return single }
        guard characters > 1 else { return "…" }
        return String(single.prefix(characters - 1)) + "…"
    }

    /// A rough width of proportional text (DejaVu Sans averages ~0.58 em).
    static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.6 }

    /// A coordinate or value with at most one decimal.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = (value * 10).rounded()
        guard abs(tenths) < 1e15 else { return String(format: "%.0f", value) }
        let i = Int(tenths)
        let a = abs(i)
        let body = a % 10 == 0 ? "\(a / 10)" : "\(a / 10).\(a % 10)"
        return i < 0 ? "-" + body : body
    }

    static func signed(_ value: Double) -> String {
        value > 0 ? "+" + number(value) : number(value)
    }

    static func metres(_ value: Double) -> String {
        if value < 1000 { return "\(Int(value)) m" }
        let km = value / 1000
        return km == km.rounded() ? "\(Int(km)) km" : number(km) + " km"
    }

    /// mm:ss (h:mm:ss when `hours`), optionally with tenths.
    static func clock(_ seconds: Double, tenths: Bool, hours: Bool) -> String {
        guard seconds.isFinite, abs(seconds) < 1e9 else { return seconds.isFinite ? String(format: "%.3g s", seconds) : "?" }
        let negative = seconds < 0
        let units = Int((abs(seconds) * (tenths ? 10 : 1)).rounded())
        let whole = tenths ? units / 10 : units
        let h = whole / 3600, m = (whole % 3600) / 60, s = whole % 60
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var text = (hours || h > 0) ? "\(h):\(two(m)):\(two(s))" : "\(two(m)):\(two(s))"
        if tenths { text += ".\(units % 10)" }
        return negative ? "-" + text : text
    }
}

/// Reduces a polyline to the first, lowest, highest and last point of each pixel column (M4), in their order.
private struct ColumnReducer {
    let columnOrigin: Double
    private var column: Int?
    private var points: [(x: Double, y: Double, order: Int)] = []
    private var first: (x: Double, y: Double, order: Int)?
    private var low: (x: Double, y: Double, order: Int)?
    private var high: (x: Double, y: Double, order: Int)?
    private var last: (x: Double, y: Double, order: Int)?
    private var order = 0

    init(columnOrigin: Double) { self.columnOrigin = columnOrigin }

    mutating func add(x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return }
        let c = Int(max(-1e9, min(1e9, (x - columnOrigin).rounded(.down))))
        if c != column { flush() }
        column = c
        order += 1
        let p = (x: x, y: y, order: order)
        if first == nil { first = p }
        if low == nil || y < low!.y { low = p }
        if high == nil || y > high!.y { high = p }
        last = p
    }

    private mutating func flush() {
        guard let first, let low, let high, let last else { return }
        var column = [first, low, high, last].sorted { $0.order < $1.order }
        column = column.enumerated().filter { $0.offset == 0 || $0.element.order != column[$0.offset - 1].order }.map(\.element)
        points.append(contentsOf: column)
        self.first = nil; self.low = nil; self.high = nil; self.last = nil
    }

    /// The points so far (ending a segment); the reducer starts afresh.
    mutating func finish() -> [(Double, Double)] {
        flush()
        let result = points.map { ($0.x, $0.y) }
        points = []
        column = nil
        return result
    }
}
