import Foundation
import Testing
import TestSupport
@testable import LaunchHistory
@testable import ReveilleCore

/// The CSV reader's fast paths (fused line scan, word-at-a-time timestamps, the interner and the
/// compact grouper) against their general counterparts and the edge cases that send a line back
/// to them.
@Suite struct CSVFastPathTests {
    // MARK: - Fixed-shape timestamps agree with the general parser

    @Test func fixedShapeTimestampsAgreeWithTheGeneralParser() {
        var rng = SeededGenerator(seed: 42)
        let alphabet = Array("0123456789-:T Zz+.x".utf8)
        var fixedHits = 0
        // One cache across all inputs, as in a file: half the inputs start from the previous one,
        // so the remembered date and offset are reused next to perturbed bytes of every kind.
        var recent = _RecentStamp()
        var previous = Array(Self.randomISO(&rng).utf8)
        for _ in 0..<20_000 {
            var bytes = Bool.random(using: &rng) ? previous : Array(Self.randomISO(&rng).utf8)
            // Perturb some inputs so the fast path sees every kind of wrong byte.
            if Int.random(in: 0..<3, using: &rng) == 0, !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = alphabet.randomElement(using: &rng)!
            }
            previous = bytes
            let span = bytes.span
            let fixed = TimestampParser._parseFixedISO(span, 0..<bytes.count, recent: &recent)
            let general = TimestampParser._parseISO(span, 0..<bytes.count)
            if let fixed {
                fixedHits += 1
                #expect(general?.instant == fixed.instant && general?.utcOffsetSeconds == fixed.utcOffsetSeconds,
                        "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(fixedHits > 5_000)
    }

    @Test func theRememberedDateAndOffsetAreOnlyReusedForTheSameBytes() {
        var recent = _RecentStamp()
        for text in ["2013-03-24T08:31:23-04:00", "2013-03-24T23:59:59Z", "2013-03-25T00:00:00Z", "2014-03-24T00:00:00Z",
                     "2014-03-24T00:00:00+05:30", "2014-03-24 00:00:00+05:30", "2014-03-24T01:00:00+05:30",
                     "2014-03-24T01:00:00+05:45", "2014-03-24T01:00:00-05:45", "2014-03-24T01:00:00-05:45"] {
            let bytes = Array(text.utf8)
            let fixed = TimestampParser._parseFixedISO(bytes.span, 0..<bytes.count, recent: &recent)
            #expect(fixed?.instant == TimestampParser.parseISO(bytes[...])?.instant, "\(text)")
        }
    }

    @Test func timestampsOutsideTheFixedShapeFallBack() throws {
        let isoRows = ["2013-03-24T08:31:23+0530", "2013-03-24T08:31:23.250Z", "2013-03-24T08:31:23-04",
                       "2013-03-24T08:31:23", "2013-03-24t08:31:23Z"]
        let csv = "device,app,timestamp\n" + (isoRows + ["1364113883", "1364113884000"]).map { "d,a,\($0)\n" }.joined()
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv), options: .init(skipInvalid: true, defaultUTCOffsetSeconds: 0))
        var expected = isoRows.compactMap { TimestampParser.parseISO(Array($0.utf8)[...]) }
            .map { ($0.instant, $0.utcOffsetSeconds ?? 0) }
        expected += [(1_364_113_883, 0), (1_364_113_884, 0)]
        expected.sort { $0.0 < $1.0 }
        #expect(expected.count == 5)
        #expect(h.devices[0].launches.map(\.instant) == expected.map(\.0))
        #expect(h.devices[0].launches.map(\.utcOffsetSeconds) == expected.map(\.1))
        #expect(h.report.skippedLines == [5, 6])
    }

    // MARK: - The fused scan agrees with the general splitter

    @Test func commaScanAgreesWithTheSplitterOnPlainLines() {
        var rng = SeededGenerator(seed: 7)
        let alphabet = Array("ab,,- +\r\u{7F}".utf8) + [0xC3, 0xA9]
        for _ in 0..<5_000 {
            let line = (0..<Int.random(in: 0..<40, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            var bytes = line + [10]
            let limit = bytes.count
            bytes += [UInt8](repeating: 0, count: LineSource.padding)
            var fields = _CommaBounds()
            let (end, next, plain) = fields.scan(bytes.span.bytes, from: 0, limit: limit)
            // The line ends at the first `\n` (or `\r\n`); the general splitter reads that text.
            var textEnd = line.count
            if textEnd > 0, line[textEnd - 1] == 13 { textEnd -= 1 }
            #expect(end == textEnd && next == limit)
            var splitter = _ReusableSplitter()
            let balanced = splitter.split(bytes.span, 0..<end, separator: UInt8(ascii: ","))
            #expect(balanced)
            #expect(plain == (splitter.count <= _CommaBounds.capacity))
            if plain {
                #expect(fields.count == splitter.count)
                for i in 0..<fields.count { #expect(fields.range(i) == splitter.range(i)) }
            }
        }
    }

    @Test func consecutiveLinesScanAsTheSplitterReadsThem() {
        var rng = SeededGenerator(seed: 11)
        let alphabet = Array("ab,,,-+.\n\n\r9".utf8)
        for _ in 0..<2_000 {
            var bytes = (0..<Int.random(in: 0..<80, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! } + [10]
            let limit = bytes.count
            bytes += [UInt8](repeating: 0, count: LineSource.padding)
            var p = 0
            while p < limit {
                var fields = _CommaBounds()
                let (end, next, plain) = fields.scan(bytes.span.bytes, from: p, limit: limit)
                // The general reading: the line runs to the first `\n` (a `\r` before it is dropped).
                var textEnd = p
                while bytes[textEnd] != 10 { textEnd += 1 }
                #expect(next == textEnd + 1)
                if textEnd > p, bytes[textEnd - 1] == 13 { textEnd -= 1 }
                #expect(end == textEnd)
                var splitter = _ReusableSplitter()
                let balanced = splitter.split(bytes.span, p..<end, separator: UInt8(ascii: ","))
                #expect(balanced)
                #expect(plain == (splitter.count <= _CommaBounds.capacity))
                if plain {
                    #expect(fields.count == splitter.count)
                    for i in 0..<fields.count { #expect(fields.range(i) == splitter.range(i)) }
                }
                p = next
            }
        }
    }

    @Test func quotesAndNULsLeaveTheFastPath() {
        for text in ["a,\"b,c\",d\n", "a,b\u{0},c\n", "\"a\n"] {
            let bytes = Array(text.utf8) + [UInt8](repeating: 0, count: LineSource.padding)
            var fields = _CommaBounds()
            let (end, next, plain) = fields.scan(bytes.span.bytes, from: 0, limit: text.utf8.count)
            #expect(!plain && end == text.utf8.count - 1 && next == text.utf8.count)
        }
    }

    @Test func quotedLinesAmongPlainOnesKeepTheirFieldsAndErrors() throws {
        let csv = "device,app,timestamp\nd,a,2020-01-01T00:00:00Z\n\"d\",\"x,\"\"y\"\"\",2020-01-01T00:01:00Z\n"
            + "d,\"unbalanced,2020-01-01T00:02:00Z\nd,b\u{0},2020-01-01T00:03:00Z\n\"d\",\"b\u{0}\",2020-01-01T00:04:00Z\n"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv), options: .init(skipInvalid: true))
        #expect(h.devices[0].launches.map(\.app) == ["a", "x,\"y\""])
        #expect(h.report.skippedLines == [4, 5, 6])
        #expect(h.report.firstSkipReason?.contains("malformedRow") == true)
        let path = try Fixtures.temporaryFile(csv)
        do {
            _ = try HistoryReader.read(path: path)
            Issue.record("expected an unbalanced quote")
        } catch {
            #expect(error == HistoryError(.malformedRow, file: path, line: 4, expected: "balanced double quotes"))
        }
    }

    @Test func wideAndLongLinesFallBackToTheSplitter() throws {
        let extra = (0..<20).map { "x\($0)" }.joined(separator: ",")
        let long = String(repeating: "L", count: 70_000)
        let csv = "device,app,timestamp,\(extra)\nd,a,2020-01-01T00:00:00Z,\(extra)\nd,b,2020-01-01T00:01:00Z,\(long)\n"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv))
        #expect(h.devices[0].launches.map(\.app) == ["a", "b"])
    }

    // MARK: - Line ends and chunk boundaries

    @Test func crlfEmptyAndCarriageReturnLinesCountForLineNumbers() throws {
        // Line 2 is empty; line 4 is a lone `\r` (only one `\r` belongs to the line end), so a
        // one-field row; line 5 is empty; line 7 ends the file with a lone `\r`.
        let csv = "device,app,timestamp\r\n\r\nd,a,2020-01-01T00:00:00Z\r\n\r\r\n\nd,a,bad\r\nd,b,2020-01-01T00:01:00Z\r"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv), options: .init(skipInvalid: true))
        #expect(h.devices[0].launches.map(\.app) == ["a", "b"])
        #expect(h.report.skippedLines == [4, 6])
        #expect(h.report.rowsRead == 4)
    }

    @Test(arguments: [false, true])
    func rowsCrossingTheChunkBoundaryAnywhereReadTheSame(crlf: Bool) throws {
        let newline = crlf ? "\r\n" : "\n"
        let row = "device-x,com.example.app,2020-01-01T00:00:00+01:00"
        // Boundary offsets inside the row: its start, the device, the comma, the app, the
        // timestamp, the offset, and (with CRLF) between `\r` and `\n`.
        for k in [0, 1, 8, 9, 20, 30, 45, row.utf8.count, row.utf8.count + 1] {
            var csv = "device,app,timestamp" + newline
            let filler = "f,a,2020-01-01T00:00:00Z" + newline
            let fillers = (LineSource.chunkSize - k - csv.utf8.count) / filler.utf8.count - 1
            csv += String(repeating: filler, count: fillers)
            let pad = LineSource.chunkSize - k - csv.utf8.count - filler.utf8.count
            csv += "f" + String(repeating: "f", count: pad) + ",a,2020-01-01T00:00:00Z" + newline
            #expect(csv.utf8.count + k == LineSource.chunkSize)
            csv += row + newline + "device-x,b,2020-01-01T00:01:00Z"
            let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv))
            let events = try #require(h.device("device-x")).launches
            #expect(events.map(\.app) == ["com.example.app", "b"], "k = \(k)")
            #expect(events.first?.instant == 1_577_833_200)
            #expect(h.report.rowsRead == fillers + 3)
        }
    }

    // MARK: - Names

    @Test func manyDistinctNamesInternToTheirOwnStrings() throws {
        var rng = SeededGenerator(seed: 3)
        var csv = "device,app,timestamp\n"
        var expected: [String: [String]] = [:]
        for i in 0..<6_000 {
            let device = "dev\(Int.random(in: 0..<40, using: &rng))"
            let app = Int.random(in: 0..<2, using: &rng) == 0
                ? "com.vendor.product\(Int.random(in: 0..<3_000, using: &rng)).android"
                : String(repeating: "a", count: Int.random(in: 1..<30, using: &rng))
            csv += "\(device),\(app),\(1_600_000_000 + i)\n"
            expected[device, default: []].append(app)
        }
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv), options: .init(defaultUTCOffsetSeconds: 0))
        #expect(h.devices.count == expected.count)
        for d in h.devices { #expect(d.launches.map(\.app) == expected[d.device]) }
    }

    @Test func canonicallyEqualDeviceNamesShareOneDeviceNamedByItsFirstStoredRow() throws {
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        // The first row with the NFC spelling is invalid, so the NFD row names the device.
        let csv = "device,app,timestamp\n\(nfc),,2020-01-01T00:00:00Z\n\(nfd),a,2020-01-01T00:01:00Z\n\(nfc),b,2020-01-01T00:02:00Z\n"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv), options: .init(skipInvalid: true))
        #expect(h.devices.count == 1)
        #expect(Array(h.devices[0].device.utf8) == Array(nfd.utf8))
        #expect(h.devices[0].launches.map { Array($0.device.utf8) } == [Array(nfd.utf8), Array(nfd.utf8)])
    }

    @Test func canonicallyEqualAppNamesShareTheFirstSpellingAndDuplicatesDrop() throws {
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        let csv = "device,app,timestamp\nd,\(nfd),2020-01-01T00:01:00Z\nd,\(nfc),2020-01-01T00:01:00Z\nd,\(nfc),2020-01-01T00:02:00Z\n"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv))
        #expect(h.devices[0].launches.map { Array($0.app.utf8) } == [Array(nfd.utf8), Array(nfd.utf8)])
        #expect(h.devices[0].apps.count == 1)
        #expect(h.report.duplicatesDropped == 1)
    }

    @Test func interleavedDevicesKeepTheirInputOrderAcrossBlocks() throws {
        var csv = "device,app,timestamp\n"
        let rows = 3 * _Blocks<Double>.blockSize + 100
        for i in 0..<rows { csv += "d\(i % 3),a,\(1_600_000_000 + i / 3)\n" }
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv), options: .init(defaultUTCOffsetSeconds: 0))
        #expect(h.devices.map(\.launches.count) == [(rows + 2) / 3, (rows + 1) / 3, rows / 3])
        #expect(h.devices.allSatisfy { d in zip(d.launches, d.launches.dropFirst()).allSatisfy { $0.instant < $1.instant } })
        #expect(h.report.outOfOrderRows == 0 && h.report.duplicatesDropped == 0)
    }

    static func randomISO(_ rng: inout SeededGenerator) -> String {
        func pad(_ v: Int, _ w: Int) -> String { String(repeating: "0", count: max(0, w - String(v).count)) + String(v) }
        let date = "\(pad(Int.random(in: 0...9999, using: &rng), 4))-\(pad(Int.random(in: 0...13, using: &rng), 2))-\(pad(Int.random(in: 0...32, using: &rng), 2))"
        let time = "\(pad(Int.random(in: 0...24, using: &rng), 2)):\(pad(Int.random(in: 0...60, using: &rng), 2)):\(pad(Int.random(in: 0...61, using: &rng), 2))"
        let offsets = ["Z", "z", "+05:30", "-04:00", "+18:00", "-18:01", "+19:00", "+05:60", "-00:00", "+0530", ""]
        return date + (Bool.random(using: &rng) ? "T" : " ") + time + offsets.randomElement(using: &rng)!
    }
}
