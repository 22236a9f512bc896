import Foundation
import Testing
import TestSupport
@testable import LaunchHistory
@testable import ReveilleCore

/// The ingest's column-level work (duration fields read from bytes, sorting and exact-duplicate
/// removal on columns) gives what the event-level reference gives.
@Suite struct ColumnIngestTests {
    /// Rows in and out of order, equal instants that are and are not exact duplicates (other app, other
    /// offset, other or missing duration), across two devices: the same launches, order and
    /// counts as `LaunchEvent.sortedByInstant` then `_droppingExactDuplicates` of the rows.
    @Test(arguments: [false, true])
    func sortingAndDuplicatesMatchTheEventReference(inOrder: Bool) throws {
        var rng = SeededGenerator(seed: 17)
        var rows: [LaunchEvent] = []
        for _ in 0..<3_000 {
            let device = Bool.random(using: &rng) ? "d1" : "d2"
            let app = ["a", "b", "c"].randomElement(using: &rng) ?? "a"
            let instant = Double(1_600_000_000 + Int.random(in: 0..<400, using: &rng) * 60)
            let offset = Int.random(in: 0..<4, using: &rng) == 0 ? 3600 : 7200
            let duration: Double? = [nil, 5, 12.5].randomElement(using: &rng) ?? nil
            rows.append(LaunchEvent(device: device, app: app, instant: instant, utcOffsetSeconds: offset, durationSeconds: duration))
        }
        // In order: equal instants only (kept as they are unless one repeats exactly).
        if inOrder { rows = LaunchEvent.sortedByInstant(rows) }
        var csv = "device,app,timestamp,duration\n"
        for e in rows {
            csv += "\(e.device),\(e.app),\(TimestampParser.formatISO(instant: e.instant, utcOffsetSeconds: e.utcOffsetSeconds)),"
            csv += e.durationSeconds.map { CSVText.seconds($0) } ?? ""
            csv += "\n"
        }
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv))
        var dropped = 0
        for device in ["d1", "d2"] {
            let mine = rows.filter { $0.device == device }
            let (expected, d) = _droppingExactDuplicates(LaunchEvent.sortedByInstant(mine))
            dropped += d
            let got = try #require(h.devices.first { $0.device == device })
            #expect(Array(got.launches) == expected)
        }
        #expect(dropped > 0)
        #expect(h.report.outOfOrderRows == 0 || !inOrder)
        #expect(h.report.duplicatesDropped == dropped)
    }

    /// Duration fields: the byte fast path returns exactly what `strtod` does, and hands every
    /// other spelling to the general parser.
    @Test(arguments: ["0", "7", "1485", "0012", "12.5", "0.1", "3.14159", "999999999999999", "1234567890123456",
                      "0.0000000000000000000001", "1e3", ".5", "5.", "+3", "-1", "inf", "1.2.3", "1,5"])
    func durationFieldsMatchStrtod(_ text: String) {
        let bytes = Array(text.utf8)
        let fast = _DecimalField.parse(bytes.span, 0..<bytes.count)
        let reference = TimestampParser._parseDecimal(bytes.span, 0..<bytes.count)
        #expect(fast?.bitPattern == reference?.bitPattern, "\(text)")
    }
}
