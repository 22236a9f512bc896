import LaunchHistory
import ReveilleCore

/// What a report shows. Only `history` is required; each other input adds its figures.
public struct ReportInput: Sendable {
    /// The launch history (heatmaps, actual launches on the schedule timeline, in-sample calibration).
    public var history: LaunchHistory
    /// Model probabilities per (device, app): probability heatmaps and, when `evaluation` has no
    /// `calibration` field, the calibration plot.
    public var profiles: [ProbabilityProfile]
    /// Planned schedules (one per device): the 24-hour timelines.
    public var schedules: [PlannedSchedule]
    /// An evaluation result: the hit rate versus budget curve, headline numbers, calibration bins.
    public var evaluation: EvaluationSummary?

    /// Creates the input; everything but the history is optional.
    public init(history: LaunchHistory, profiles: [ProbabilityProfile] = [], schedules: [PlannedSchedule] = [],
                evaluation: EvaluationSummary? = nil) {
        self.history = history
        self.profiles = profiles
        self.schedules = schedules
        self.evaluation = evaluation
    }
}

/// Presentation choices, with their defaults.
public struct ReportOptions: Sendable, Equatable {
    /// Page title and heading. Default `Reveille report`.
    public var title: String
    /// A line under the title naming the inputs (e.g. the history's file name); omitted when `nil`.
    public var subtitle: String?
    /// How many of each device's most launched apps get their own heatmap (default 6, at least 0).
    public var topApps: Int
    /// Freshness window in minutes (default 60): a launch is cold when its app had no launch in
    /// the previous `tauMinutes`, and a hit when a fetch of its app happened in `[t − tau, t)`.
    public var tauMinutes: Double
    /// Equal-width probability bins of the computed calibration plot (default 10).
    public var calibrationBins: Int
    /// Most local days drawn per schedule (default 7).
    public var maxTimelineDays: Int
    /// Most schedules drawn per device (default 10), in file order; a note says how many more the
    /// file holds. A schedule's timelines are tens of kilobytes of SVG: 5,000 copies of one
    /// schedule (a 0.9 MB file) made a 552 MB page.
    public var maxSchedulesPerDevice: Int = 10
    /// Most devices given a section (default 25): those with the most launches (ties by name), shown
    /// in name order; a note names how many were left out. Keeps reports of large panels readable
    /// (a device section with its heatmaps is roughly 150–200 kB).
    public var maxDevices: Int
    /// The budget whose hit rates the headline quotes (default 8; the smallest evaluated budget
    /// when 8 was not evaluated).
    public var headlineBudget: Int
    /// Only these devices get a section (default `nil`: all, up to ``maxDevices``); names not in
    /// the inputs are ignored.
    public var devices: Set<String>?

    /// Options with the documented defaults.
    public init(title: String = "Reveille report", subtitle: String? = nil, topApps: Int = 6, tauMinutes: Double = 60,
                calibrationBins: Int = 10, maxTimelineDays: Int = 7, maxDevices: Int = 25, headlineBudget: Int = 8,
                devices: Set<String>? = nil) {
        self.devices = devices
        self.title = title
        self.subtitle = subtitle
        self.topApps = topApps
        self.tauMinutes = tauMinutes
        self.calibrationBins = calibrationBins
        self.maxTimelineDays = maxTimelineDays
        self.maxDevices = maxDevices
        self.headlineBudget = headlineBudget
    }
}

/// Renders a self-contained HTML report: one file with inline CSS and SVG, no scripts and no
/// network access, readable from phone width (≈ 390 px) to desktop.
///
/// Layout: headline numbers; the evaluation (hit rate versus budget per policy with the oracle,
/// a results table, the calibration plot); then per device (sorted by name): launch heatmaps by
/// weekday × hour for all apps and the top apps, model probability heatmaps, and the schedule on
/// a 24-hour timeline with that day's launches marked as hits or misses.
///
/// All user text (device and app names, reasons) is escaped with ``htmlEscaped(_:)``. The output
/// depends only on the inputs and options (no clock, no dictionary order): the same inputs give
/// byte-identical HTML. Complexity: O(launches + profiles × days × 24 + schedule windows × launches
/// of a day).
public enum HTMLReport {
    /// Renders the page. Never throws: missing pieces are left out, not faked.
    public static func render(_ input: ReportInput, options: ReportOptions = ReportOptions()) -> String {
        let tau = options.tauMinutes * 60
        let calibration = _calibrationSeries(input, options: options)
        var body = "<header><h1>\(htmlEscaped(options.title))</h1>"
        if let subtitle = options.subtitle { body += "<p class=\"muted\">\(htmlEscaped(subtitle))</p>" }
        body += _Sections.headline(input, options: options) + "</header>"
        body += _Sections.evaluation(input.evaluation, calibration: calibration)
        let devices = shownDevices(input, options: options)
        body += contents(devices)
        for (i, name) in devices.enumerated() {
            body += _Sections.device(name, index: i, input: input, options: options, tauSeconds: tau)
        }
        let hidden = _deviceNames(input).filter { options.devices?.contains($0) ?? true }.count - devices.count
        if hidden > 0 {
            body += "<p class=\"muted\">\(hidden) more devices with fewer launches are not shown (limit \(options.maxDevices)).</p>"
        }
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<title>\(htmlEscaped(options.title))</title><style>\n\(_ReportStyle.css)\n</style></head>\n"
            + "<body><main>\n\(body)\n<footer><p class=\"muted\">Generated by reveille report · times are local to each device · "
            + "a cold launch is a hit when a fetch of its app happened in the \(_n(options.tauMinutes)) minutes before it.</p></footer>"
            + "</main></body></html>\n"
    }

    /// The devices that get a section: at most `options.maxDevices` of ``_deviceNames(_:)``, those
    /// with the most launches first (ties by name), returned in name order.
    public static func shownDevices(_ input: ReportInput, options: ReportOptions) -> [String] {
        let names = _deviceNames(input).filter { options.devices?.contains($0) ?? true }
        guard names.count > max(0, options.maxDevices) else { return names }
        var launches: [String: Int] = [:]
        for d in input.history.devices { launches[d.device] = d.launches.count }
        return names.sorted { (launches[$1] ?? 0, $0) < (launches[$0] ?? 0, $1) }
            .prefix(max(0, options.maxDevices)).sorted()
    }

    /// A contents list linking to each device section, when there are at least two.
    static func contents(_ devices: [String]) -> String {
        guard devices.count > 1 else { return "" }
        let items = devices.enumerated().map { "<li><a href=\"#device-\($0.offset + 1)\">\(htmlEscaped($0.element))</a></li>" }
        return "<nav class=\"contents\" aria-label=\"Devices\"><h2>Devices</h2><ol>\(items.joined())</ol></nav>"
    }

    /// Devices in the history, the schedules or the profiles, sorted.
    static func _deviceNames(_ input: ReportInput) -> [String] {
        var names = Set(input.history.devices.map(\.device))
        names.formUnion(input.schedules.map(\.device))
        names.formUnion(input.profiles.map(\.device))
        return names.sorted()
    }

    /// Calibration series: the evaluation's own bins when present, else bins computed from the profiles.
    static func _calibrationSeries(_ input: ReportInput, options: ReportOptions) -> _CalibrationFigure? {
        if let evaluation = input.evaluation, !evaluation.calibration.isEmpty {
            let policies = evaluation.policies
            let series = evaluation.calibration.map { c in
                (name: c.policy, color: _CurveSVG.color(policy: c.policy, index: policies.firstIndex(of: c.policy) ?? 0),
                 bins: c.bins.sorted { $0.predicted < $1.predicted })
            }
            return _CalibrationFigure(series: series, note: "from the evaluation (held-out days)")
        }
        guard !input.profiles.isEmpty else { return nil }
        let bins = CalibrationEstimate.bins(profiles: input.profiles, history: input.history,
                                            tauMinutes: options.tauMinutes, bins: options.calibrationBins)
        guard !bins.isEmpty else { return nil }
        return _CalibrationFigure(series: [(name: "model", color: _CurveSVG.palette[0], bins: bins)],
                                  note: "model profiles against this history (in-sample: optimistic if fitted on it)")
    }
}

/// A calibration plot's data and the caption saying where it came from.
struct _CalibrationFigure {
    var series: [(name: String, color: String, bins: [CalibrationBin])]
    var note: String
}
