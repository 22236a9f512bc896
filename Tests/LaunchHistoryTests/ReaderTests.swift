import Foundation
import Testing
import TestSupport
@testable import LaunchHistory
@testable import ReveilleCore

@Suite struct ReaderTests {
    @Test func realStudentLifeFileLoadsWithExactCounts() throws {
        let h = try HistoryReader.read(path: Fixtures.dataset("studentlife-small/launches.csv"))
        #expect(h.devices.map(\.device) == ["studentlife-u00", "studentlife-u01", "studentlife-u02"])
        #expect(h.devices.reduce(0) { $0 + $1.launches.count } == 3222)
        #expect(h.devices.allSatisfy { $0.launches.allSatisfy { $0.utcOffsetSeconds == -4 * 3600 } })
    }

    @Test func realWellbeingFileLoadsWithExactCounts() throws {
        let h = try HistoryReader.read(path: Fixtures.dataset("android-wellbeing/launches.csv"))
        #expect(h.devices.count == 1)
        #expect(h.devices[0].launches.count == 809)
    }

    @Test func isoTimestampKeepsLocalWallClockAcrossDST() throws {
        // US DST began 2013-03-10 at 02:00 local: 01:30 is EST (-05:00), 03:30 EDT (-04:00).
        let csv = "device,app,timestamp\nd,a,2013-03-10T01:30:00-05:00\nd,a,2013-03-10T03:30:00-04:00\n"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv))
        let e = h.devices[0].launches
        #expect(e[0].localHour == 1 && e[1].localHour == 3)
        #expect(e[0].localDay == e[1].localDay)
        #expect(e[1].instant - e[0].instant == 3600)
        #expect(e[0].localDay == TimestampParser.daysFromCivil(year: 2013, month: 3, day: 10))
        #expect(e[0].weekday == 6) // a Sunday
    }

    @Test func unixSecondsAndMillisecondsWithOffsetColumn() throws {
        let csv = "device,app,timestamp,utc_offset,duration\nd,a,1364095883,-04:00,12.5\nd,b,1364095884000,,\n"
        // The second row has no offset of its own: the reader's default (never a silent UTC).
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv), options: .init(defaultUTCOffsetSeconds: 0))
        let e = h.devices[0].launches
        #expect(e[0].instant == 1_364_095_883 && e[0].utcOffsetSeconds == -14400 && e[0].durationSeconds == 12.5)
        #expect(e[1].instant == 1_364_095_884 && e[1].utcOffsetSeconds == 0 && e[1].durationSeconds == nil)
    }

    @Test func csvRoundTripThroughWriter() throws {
        let events = [
            LaunchEvent(device: "d,1", app: "com.\"x\"", instant: 1_700_000_000, utcOffsetSeconds: 19800, durationSeconds: 3),
            LaunchEvent(device: "d,1", app: "y", instant: 1_700_000_060.25, utcOffsetSeconds: -3600),
        ]
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(CanonicalCSVWriter.csv(events)))
        #expect(Array(h.devices[0].launches) == events)
    }

    @Test func jsonLinesRoundTrip() throws {
        let jsonl = """
        {"device":"d","app":"a","timestamp":"2020-05-01T10:00:00+02:00","duration":4}
        {"device":"d","app":"b","timestamp":1588320000,"utc_offset":"+02:00"}
        """
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(jsonl, suffix: ".jsonl"))
        let e = h.devices[0].launches
        #expect(e.count == 2)
        #expect(e[0].instant == 1_588_320_000 && e[0].durationSeconds == 4)
        #expect(e[1].instant == 1_588_320_000 && e[1].utcOffsetSeconds == 7200)
    }

    /// Regression: a device given as a number, or an app as a lone surrogate escape, was reported
    /// as an empty field; each is malformedJSON saying what was found.
    @Test(arguments: [(#"{"device":5,"app":"a","timestamp":"2020-05-01T10:00:00+02:00"}"#, "device", "found a number"),
                      (#"{"device":"d","app":"\ud800","timestamp":"2020-05-01T10:00:00+02:00"}"#, "app", "unpaired surrogate"),
                      (#"{"device":"d","app":"","timestamp":"2020-05-01T10:00:00+02:00"}"#, "app", "a non-empty string")])
    func jsonLinesFieldsOfTheWrongKindSayWhatWasFound(_ line: String, field: String, says: String) throws {
        let path = try Fixtures.temporaryFile(line + "\n", suffix: ".jsonl")
        let error = #expect(throws: HistoryError.self) { try HistoryReader.read(path: path) }
        #expect(error?.field == field && error?.line == 1 && error?.expected.contains(says) == true, "\(String(describing: error))")
    }

    @Test func lsappRowsKeepOnlyOpened() throws {
        let tsv = "user_id\tsession_id\ttimestamp\tapp_name\tevent_type\n"
            + "1\t1\t2018-01-16 06:01:05\tGmail\tOpened\n"
            + "1\t1\t2018-01-16 06:01:10\tGmail\tClosed\n"
            + "1\t2\t2018-01-16 07:00:00\tChrome\tOpened\n"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(tsv, suffix: ".tsv"), options: .init(defaultUTCOffsetSeconds: 0))
        #expect(h.devices.map(\.device) == ["lsapp-1"])
        #expect(h.devices[0].launches.map(\.app) == ["Gmail", "Chrome"])
        #expect(h.devices[0].launches[0].localHour == 6)
        #expect(h.report.nonLaunchRows == 1)
    }

    @Test func quotedNamesThatConcatenateAlikeStayDistinct() throws {
        let csv = "device,app,timestamp\n\"ab\",c,2020-01-01T00:00:00Z\n\"a\",bc,2020-01-01T00:01:00Z\nab,c,2020-01-01T00:02:00Z\na,bc,2020-01-01T00:03:00Z\n"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv))
        #expect(h.devices.map(\.device) == ["a", "ab"])
        #expect(h.device("a")?.launches.map(\.app) == ["bc", "bc"])
        #expect(h.device("ab")?.launches.map(\.app) == ["c", "c"])
    }

    @Test func outOfOrderRowsAreSortedAndExactDuplicatesDropped() throws {
        let csv = "device,app,timestamp\nd,a,2020-01-01T10:00:00Z\nd,a,2020-01-01T09:00:00Z\nd,a,2020-01-01T10:00:00Z\nd,b,2020-01-01T10:00:00Z\n"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv))
        #expect(h.devices[0].launches.map(\.app) == ["a", "a", "b"])
        #expect(h.report.outOfOrderRows == 1)
        #expect(h.report.duplicatesDropped == 1)
    }

    static let badInputs: [(String, HistoryError.Code, Int?, String?)] = [
        ("device,app,timestamp\nd,a,yesterday\n", .malformedTimestamp, 2, "timestamp"),
        ("device,timestamp\nd,2020-01-01T00:00:00Z\n", .missingColumn, 1, "app"),
        ("device,app,timestamp\nd,,2020-01-01T00:00:00Z\n", .emptyField, 2, "app"),
        ("device,app,timestamp\nd,a,2020-01-01T00:00:00+19:00\n", .offsetOutOfRange, 2, "timestamp"),
        ("device,app,timestamp\nd,a\u{0},2020-01-01T00:00:00Z\n", .nulByte, 2, nil),
        ("", .emptyFile, nil, nil),
        ("device,app,timestamp\nd,a\n", .malformedRow, 2, nil),
    ]

    @Test(arguments: badInputs)
    func badInputNamesFileLineAndField(text: String, code: HistoryError.Code, line: Int?, field: String?) throws {
        let path = try Fixtures.temporaryFile(text)
        do {
            _ = try HistoryReader.read(path: path)
            Issue.record("expected \(code)")
        } catch {
            #expect(error.code == code)
            #expect(error.line == line)
            #expect(error.field == field)
            #expect(error.file == path)
        }
    }

    @Test func invalidUTF8IsReported() throws {
        var bytes = Array("device,app,timestamp\nd,".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array(",2020-01-01T00:00:00Z\n".utf8)
        let url = Scratch.path("reveille-utf8-", suffix: ".csv")
        try Data(bytes).write(to: url)
        #expect(throws: HistoryError(.invalidUTF8, file: url.path, line: 2, field: "app", expected: "valid UTF-8")) {
            try HistoryReader.read(path: url.path)
        }
    }

    @Test func skipInvalidCountsAndRecordsLines() throws {
        let csv = "device,app,timestamp\nd,a,bad\nd,a,2020-01-01T00:00:00Z\nd,,2020-01-01T00:00:00Z\n"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv), options: .init(skipInvalid: true))
        #expect(h.devices[0].launches.count == 1)
        #expect(h.report.skippedInvalid == 2)
        #expect(h.report.skippedLines == [2, 4])
    }

    @Test func chunkBoundariesDoNotSplitRows() throws {
        var csv = "device,app,timestamp\n"
        let row = "device-with-a-long-name,com.example.application,2020-01-01T00:00:00+01:00\n"
        let rows = LineSource.chunkSize / row.utf8.count * 2 + 7
        for _ in 0..<rows { csv += row }
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv))
        #expect(h.report.rowsRead == rows)
        #expect(h.report.duplicatesDropped == rows - 1)
    }

    @Test func isoFormattingRoundTripsThroughParser() {
        for (instant, offset) in [(0.0, 0), (1_364_095_883, -14400), (951_782_400, 19800), (-86_401, 3600)] {
            let s = TimestampParser.formatISO(instant: instant, utcOffsetSeconds: offset)
            let p = TimestampParser.parseISO(Array(s.utf8)[...])
            #expect(p?.instant == instant && p?.utcOffsetSeconds == offset, "\(s)")
        }
        #expect(TimestampParser.formatISO(instant: 1_364_095_883, utcOffsetSeconds: -14400) == "2013-03-23T23:31:23-04:00")
    }
}
