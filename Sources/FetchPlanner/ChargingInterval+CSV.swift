import Foundation
import ReveilleCore

extension ChargingInterval {
    /// Reads plugged-in intervals per device from `device,start,end` CSV (header required; start
    /// and end ISO 8601 with their offsets, `start ≤ end`; a quoted device field may not contain
    /// commas), as `reveille import knowledgec-plugged` writes it. `-` reads standard input.
    /// - Throws: ``PlanningError`` (`invalidCharging`) naming the file, line and field.
    /// - Complexity: O(bytes).
    public static func readCSV(path: String) throws -> [String: [ChargingInterval]] {
        let contents: Data?
        if path == "-" {
            // The throwing read: `readDataToEndOfFile()` traps on a failed read (a directory).
            do { contents = try FileHandle.standardInput.readToEnd() ?? Data() } catch { contents = nil }
        } else {
            contents = FileManager.default.contents(atPath: path)
        }
        guard let data = contents else {
            throw PlanningError(.invalidCharging, field: path, expected: "a readable plugged-in intervals CSV")
        }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        guard lines.first?.lowercased() == "device,start,end" else {
            throw PlanningError(.invalidCharging, field: "\(path):1", expected: "the header device,start,end")
        }
        lines.removeFirst()
        var out: [String: [ChargingInterval]] = [:]
        for (k, line) in lines.enumerated() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 3 else { throw PlanningError(.invalidCharging, field: "\(path):\(k + 2)", expected: "3 fields") }
            let device = fields[0].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard let start = TimestampParser.parseISO(Array(fields[1].utf8)[...]),
                  let end = TimestampParser.parseISO(Array(fields[2].utf8)[...]), end.instant >= start.instant,
                  LocalClock.isValidInstant(start.instant), LocalClock.isValidInstant(end.instant) else {
                throw PlanningError(.invalidCharging, field: "\(path):\(k + 2): start/end",
                                    expected: "ISO 8601 times with start ≤ end, \(LocalClock.validInstantDescription)")
            }
            out[device, default: []].append(ChargingInterval(start: start.instant, end: end.instant,
                                                             utcOffsetSeconds: start.utcOffsetSeconds ?? 0))
        }
        return out
    }
}
