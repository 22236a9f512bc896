import Foundation
import ReveilleCore

/// JSON Lines: one object per line with `device`, `app`, `timestamp` (ISO string with offset, or a
/// Unix number), optional `utc_offset` (string or seconds) and `duration` (seconds).
struct JSONLinesParser {
    let file: String
    let defaultOffset: Int

    func parse(_ line: ArraySlice<UInt8>, lineNumber n: Int) throws(HistoryError) -> RowOutcome {
        guard String(validating: line, as: UTF8.self) != nil else {
            throw HistoryError(.invalidUTF8, file: file, line: n, expected: "valid UTF-8")
        }
        let object: [String: Any]
        do {
            guard let o = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                throw HistoryError(.malformedJSON, file: file, line: n, expected: "a JSON object")
            }
            object = o
        } catch let e as HistoryError {
            throw e
        } catch {
            throw HistoryError(.malformedJSON, file: file, line: n, expected: "a JSON object")
        }
        let device = try string(object, "device", n)
        let app = try string(object, "app", n)
        var offset: Int? = nil
        if let raw = object["utc_offset"], !(raw is NSNull) {
            guard let o = _offsetValue(raw) else {
                throw HistoryError(.offsetOutOfRange, file: file, line: n, field: "utc_offset",
                                   expected: "an offset like +02:00 or seconds, within ±18:00")
            }
            offset = o
        }
        guard let rawTime = object["timestamp"] else {
            throw HistoryError(.missingColumn, file: file, line: n, field: "timestamp", expected: "a timestamp field")
        }
        let bytes: [UInt8]
        if let s = rawTime as? String { bytes = Array(s.utf8) } else if let v = rawTime as? NSNumber, !(rawTime is Bool) {
            bytes = Array(v.stringValue.utf8)
        } else {
            throw HistoryError(.malformedTimestamp, file: file, line: n, field: "timestamp", expected: "a string or number")
        }
        let (instant, eventOffset) = try _timestamp(bytes, offset: offset, file: file, line: n, default: defaultOffset)
        var duration: Double? = nil
        if let raw = object["duration"], !(raw is NSNull) {
            guard let d = (raw as? NSNumber)?.doubleValue, !(raw is Bool), d >= 0 else {
                throw HistoryError(.malformedNumber, file: file, line: n, field: "duration", expected: "a non-negative number of seconds")
            }
            duration = d
        }
        return .launch(LaunchEvent(device: device, app: app, instant: instant, utcOffsetSeconds: eventOffset, durationSeconds: duration))
    }

    private func string(_ o: [String: Any], _ key: String, _ n: Int) throws(HistoryError) -> String {
        guard let raw = o[key] else {
            throw HistoryError(.missingColumn, file: file, line: n, field: key, expected: "a \(key) field")
        }
        guard let s = raw as? String, !s.isEmpty else {
            throw HistoryError(.emptyField, file: file, line: n, field: key, expected: "a non-empty string")
        }
        return s
    }

    private func _offsetValue(_ raw: Any) -> Int? {
        if let s = raw as? String { return TimestampParser.parseOffset(Array(s.utf8)[...]) }
        if let v = raw as? NSNumber, !(raw is Bool), let i = Int(exactly: v.doubleValue),
           abs(i) <= LocalClock.maximumOffsetSeconds { return i }
        return nil
    }
}
