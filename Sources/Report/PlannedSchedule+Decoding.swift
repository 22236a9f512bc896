import Foundation
import LaunchHistory
import ReveilleCore

extension PlannedSchedule {
    /// Decodes schedule JSON leniently: one schedule object, a top-level array of them, or
    /// `{"schedules": [...]}`. Unknown fields are ignored; only `device`, `windows[].app` and
    /// `windows[].at` are required. Times are ISO-8601 strings with an offset
    /// (`2013-04-01T07:35:00-04:00`). Schedules keep file order. O(size of the file).
    ///
    /// - Throws: ``ReportInputError`` naming the file and the JSON path of the bad value.
    public static func decode(_ data: Data, file: String) throws(ReportInputError) -> [PlannedSchedule] {
        let raw: [_RawSchedule]
        do {
            raw = try JSONDecoder().decode(_ScheduleFile.self, from: data).schedules
        } catch let error as DecodingError {
            throw _reportError(error, file: file, data: data, expected: "a reveille schedule (device, windows[{app, at}])")
        } catch {
            throw ReportInputError(.malformedJSON, file: file, expected: "JSON")
        }
        var out: [PlannedSchedule] = []
        for (i, r) in raw.enumerated() {
            out.append(try r.resolved(file: file, path: "schedules[\(i)]"))
        }
        return out
    }
}

/// Turns a `DecodingError` into a ``ReportInputError`` with the JSON path.
func _reportError(_ error: DecodingError, file: String, data: Data, expected: String) -> ReportInputError {
    func path(_ keys: [any CodingKey]) -> String {
        var s = ""
        for k in keys {
            if let i = k.intValue { s += "[\(i)]" } else { s += (s.isEmpty ? "" : ".") + k.stringValue }
        }
        return s
    }
    switch error {
    case .keyNotFound(let key, let context):
        let p = path(context.codingPath + [key])
        return ReportInputError(.missingField, file: file, field: p, expected: expected)
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
        return ReportInputError(.malformedJSON, file: file, field: path(context.codingPath), expected: expected)
    case .dataCorrupted(let context):
        let p = path(context.codingPath)
        // The parser's own message and position (Foundation's decoder says only "not valid JSON").
        return ReportInputError(.malformedJSON, file: file, field: p.isEmpty ? nil : p,
                                expected: DecodingErrorText.reason(error, in: data))
    @unknown default:
        return ReportInputError(.malformedJSON, file: file, expected: expected)
    }
}

/// Parses an ISO-8601 timestamp with offset in the years 1990–2100 (as every history reader), or
/// throws naming the field.
func _parseStamp(_ text: String, file: String, field: String) throws(ReportInputError) -> ReportInstant {
    guard let p = TimestampParser.parseISO(Array(text.utf8)[...]) else {
        throw ReportInputError(.malformedTimestamp, file: file, field: field,
                               expected: "an ISO-8601 time with offset like 2013-04-01T07:35:00-04:00")
    }
    guard LocalClock.isValidInstant(p.instant) else {
        throw ReportInputError(.malformedTimestamp, file: file, field: field, expected: LocalClock.validInstantDescription)
    }
    return ReportInstant(instant: p.instant, utcOffsetSeconds: p.utcOffsetSeconds ?? 0)
}

func _parseOptionalStamp(_ text: String?, file: String, field: String) throws(ReportInputError) -> ReportInstant? {
    guard let text else { return nil }
    return try _parseStamp(text, file: file, field: field)
}

/// The three accepted top-level shapes.
struct _ScheduleFile: Decodable {
    let schedules: [_RawSchedule]

    private enum Keys: String, CodingKey { case schedules }

    init(from decoder: any Decoder) throws {
        if let list = try? [_RawSchedule](from: decoder) {
            schedules = list
            return
        }
        let keyed = try decoder.container(keyedBy: Keys.self)
        if keyed.contains(.schedules) {
            schedules = try keyed.decode([_RawSchedule].self, forKey: .schedules)
        } else {
            schedules = [try _RawSchedule(from: decoder)]
        }
    }
}

struct _RawSchedule: Decodable {
    struct Horizon: Decodable { let start: String?; let end: String? }
    struct Budget: Decodable { let limit: Double?; let planned: Double? }
    struct Window: Decodable {
        let app: String
        let at: String
        let earliestBegin: String?
        let latestBegin: String?
        let probability: Double?
        let expectedHits: Double?
        let energyCost: Double?
        let reason: String?
    }
    struct LeftOut: Decodable { let app: String; let constraint: String?; let detail: String? }

    let device: String
    let horizon: Horizon?
    let budget: Budget?
    let windows: [Window]
    let leftOut: [LeftOut]?

    func resolved(file: String, path: String) throws(ReportInputError) -> PlannedSchedule {
        func check(_ value: Double?, _ field: String, in range: ClosedRange<Double>) throws(ReportInputError) {
            guard let value else { return }
            guard range.contains(value) else {
                throw ReportInputError(.outOfRange, file: file, field: field,
                                       expected: range.upperBound == 1 ? "a number in [0, 1]" : "a number in [0, 10⁶]")
            }
        }
        // What `reveille plan` writes: probabilities in [0, 1], budgets, hits and costs finite and ≥ 0.
        try check(budget?.limit, "\(path).budget.limit", in: 0...1e6)
        try check(budget?.planned, "\(path).budget.planned", in: 0...1e6)
        var windows: [PlannedWindow] = []
        for (i, w) in self.windows.enumerated() {
            let p = "\(path).windows[\(i)]"
            try check(w.probability, "\(p).probability", in: 0...1)
            try check(w.expectedHits, "\(p).expectedHits", in: 0...1e6)
            try check(w.energyCost, "\(p).energyCost", in: 0...1e6)
            windows.append(PlannedWindow(
                app: w.app, at: try _parseStamp(w.at, file: file, field: "\(p).at"),
                earliestBegin: try _parseOptionalStamp(w.earliestBegin, file: file, field: "\(p).earliestBegin"),
                latestBegin: try _parseOptionalStamp(w.latestBegin, file: file, field: "\(p).latestBegin"),
                probability: w.probability, expectedHits: w.expectedHits, energyCost: w.energyCost, reason: w.reason))
        }
        return PlannedSchedule(
            device: device,
            horizonStart: try _parseOptionalStamp(horizon?.start, file: file, field: "\(path).horizon.start"),
            horizonEnd: try _parseOptionalStamp(horizon?.end, file: file, field: "\(path).horizon.end"),
            budgetLimit: budget?.limit, budgetPlanned: budget?.planned, windows: windows,
            leftOut: (leftOut ?? []).map { LeftOutApp(app: $0.app, constraint: $0.constraint, detail: $0.detail) })
    }
}
