import ReveilleCore
import Foundation
import Testing
import TestSupport
@testable import LaunchHistory

/// Regression tests of issue 15: hostile or corrupt histories end in a typed error naming the file,
/// line and field (or are skipped under `skipInvalid`), never in a trap or unbounded work.
@Suite struct UntrustedInputTests {
    static let header = "device,app,timestamp\n"

    static let outOfRange: [(String, String)] = [
        ("d,a,1" + String(repeating: "0", count: 300), "csv"),
        ("d,a,100000000000000000000", "csv"),
        ("d,a,9999-12-31T23:59:59Z", "csv"),
        ("d,a,0001-01-01T00:00:00+00:00", "csv"),
        ("d,a,0", "csv"),
        ("d,a,1989-12-31T23:59:59Z", "csv"),
        ("d,a,2101-01-01T00:00:00Z", "csv"),
        ("{\"device\":\"d\",\"app\":\"a\",\"timestamp\":1e300}", "jsonl"),
        ("{\"device\":\"d\",\"app\":\"a\",\"timestamp\":\"9999-01-01T00:00:00Z\"}", "jsonl"),
        ("1\t1\t1970-01-01 00:00:00\tGmail\tOpened", "tsv"),
    ]

    @Test(arguments: outOfRange)
    func instantsOutsideTheValidRangeNameFileLineAndField(row: String, ext: String) throws {
        let text = (ext == "csv" ? Self.header : ext == "jsonl" ? "" : "") + row + "\n"
        let path = try Fixtures.temporaryFile(text, suffix: "." + ext)
        let line = ext == "csv" ? 2 : 1
        #expect(throws: HistoryError(.instantOutOfRange, file: path, line: line, field: "timestamp",
                                     expected: LocalClock.validInstantDescription)) {
            try HistoryReader.read(path: path, options: .init(defaultUTCOffsetSeconds: ext == "tsv" ? 0 : nil))  // LSApp needs one
        }
    }

    @Test func theValidRangeIsTheYears1990Through2100() throws {
        let csv = Self.header + "d,a,1990-01-01T00:00:00Z\nd,a,2100-12-31T23:59:59Z\nd,b,631152000\n"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv), options: .init(defaultUTCOffsetSeconds: 0))
        #expect(h.devices[0].launches.map(\.instant) == [631_152_000, 631_152_000, 4_133_980_799])
        #expect(!LocalClock.isValidInstant(.nan) && !LocalClock.isValidInstant(.infinity))
    }

    @Test func skipInvalidSkipsOutOfRangeRows() throws {
        let csv = Self.header + "d,a,0\nd,a,2023-01-01T00:00:00Z\nd,a,9999-01-01T00:00:00Z\n"
        let h = try HistoryReader.read(path: try Fixtures.temporaryFile(csv), options: .init(skipInvalid: true))
        #expect(h.devices[0].launches.count == 1)
        #expect(h.report.skippedLines == [2, 4])
    }

    static let impossibleDates = ["2023-02-30T10:00:00Z", "2023-04-31T10:00:00+02:00", "2023-02-29 10:00:00+0200",
                                  "2023-06-31T10:00:00.5-04:00", "2100-02-29T00:00:00Z"]

    @Test(arguments: impossibleDates)
    func impossibleDatesAreRejectedNotNormalised(stamp: String) throws {
        let path = try Fixtures.temporaryFile(Self.header + "d,a,\(stamp)\n")
        do {
            _ = try HistoryReader.read(path: path)
            Issue.record("\(stamp) was accepted")
        } catch {
            #expect(error.code == .malformedTimestamp && error.line == 2 && error.field == "timestamp" && error.file == path)
        }
        #expect(TimestampParser.parseISO(Array(stamp.utf8)[...]) == nil)
    }

    @Test func leapDaysAreValid() throws {
        let csv = Self.header + "d,a,2024-02-29T10:00:00Z\nd,a,2000-02-29T10:00:00+01:00\n"
        #expect(try HistoryReader.read(path: try Fixtures.temporaryFile(csv)).report.launches == 2)
        #expect(TimestampParser.parseLocal(Array("2023-04-31 10:00:00".utf8)[...], 0) == nil)
    }

    @Test(arguments: [("device,app,timestamp\n", ".csv", "found none"),
                      ("device,app,timestamp\nd,a,bad\n", ".csv", "1 invalid rows skipped, the first at line 2"),
                      ("user_id\tsession_id\ttimestamp\tapp_name\tevent_type\n1\t1\t2018-01-16 06:01:10\tGmail\tClosed\n", ".tsv",
                       "1 rows that are not launches")])
    func inputsWithoutAnyLaunchAreAnError(text: String, suffix: String, found: String) throws {
        let path = try Fixtures.temporaryFile(text, suffix: suffix)
        do {
            _ = try HistoryReader.read(path: path, options: .init(skipInvalid: true, defaultUTCOffsetSeconds: 0))
            Issue.record("accepted an input without launches")
        } catch {
            #expect(error.code == .noLaunches && error.file == path)
            #expect(error.description.contains(found), "\(error)")
        }
    }

    @Test func aDuplicateCanonicalColumnIsRejected() throws {
        let path = try Fixtures.temporaryFile("device,app,timestamp,Timestamp\nd,a,2023-01-01T00:00:00Z,2023-01-01T00:00:00Z\n")
        #expect(throws: HistoryError(.duplicateColumn, file: path, line: 1, field: "timestamp",
                                     expected: "each of device,app,timestamp,duration,utc_offset,zone at most once in the header")) {
            try HistoryReader.read(path: path, options: .init(skipInvalid: true))
        }
    }

    @Test func anOverlongLineIsATypedErrorNamingIt() throws {
        let long = String(repeating: "x", count: HistoryReader.maximumLineBytes + 10)
        for (suffix, text) in [(".csv", Self.header + "d,a,2023-01-01T00:00:00Z\nd,\(long)\n"), (".jsonl", "\(long)\n")] {
            let path = try Fixtures.temporaryFile(text, suffix: suffix)
            let line = suffix == ".csv" ? 3 : 1
            #expect(throws: HistoryError(.lineTooLong, file: path, line: line,
                                         expected: "lines of at most \(HistoryReader.maximumLineBytes) bytes")) {
                try HistoryReader.read(path: path)
            }
        }
    }

    @Test func jsonZeroesAndOnesAreNumbersNotBooleans() throws {
        let jsonl = """
        {"device":"d","app":"a","timestamp":"2023-01-01T00:00:00Z","utc_offset":0,"duration":0}
        {"device":"d","app":"b","timestamp":1672531260,"utc_offset":3600,"duration":1}
        {"device":"d","app":"c","timestamp":1672531320,"utc_offset":"-1800"}
        """
        let e = try HistoryReader.read(path: try Fixtures.temporaryFile(jsonl, suffix: ".jsonl")).devices[0].launches
        #expect(e.map(\.durationSeconds) == [0, 1, nil])
        #expect(e.map(\.utcOffsetSeconds) == [0, 3600, -1800])
        let bad = try Fixtures.temporaryFile("{\"device\":\"d\",\"app\":\"a\",\"timestamp\":1672531200,\"utc_offset\":0,\"duration\":true}\n", suffix: ".jsonl")
        #expect(throws: HistoryError(.malformedNumber, file: bad, line: 1, field: "duration",
                                     expected: "a non-negative number of seconds")) { try HistoryReader.read(path: bad) }
    }

    static let offsetFields: [(String, Int?)] = [
        ("+3600", 3600), ("-1800", -1800), ("3600", 3600), ("0", 0), ("+0000", 0), ("-16200", -16200), ("+05:30", 19800),
        ("Z", 0), ("+0530", nil), ("-0430", nil), ("+0100", nil), ("+19:00", nil), ("64800", 64800), ("65700", nil), ("+05", nil),
    ]

    @Test(arguments: offsetFields)
    func utcOffsetFieldsFollowOneRule(text: String, seconds: Int?) throws {
        #expect(TimestampParser.parseOffsetField(Array(text.utf8)[...]) == seconds)
        let path = try Fixtures.temporaryFile("device,app,timestamp,utc_offset\nd,a,1672531200,\(text)\n")
        if let seconds {
            #expect(try HistoryReader.read(path: path).devices[0].launches[0].utcOffsetSeconds == seconds)
        } else {
            #expect(throws: HistoryError(.offsetOutOfRange, file: path, line: 2, field: "utc_offset",
                                         expected: TimestampParser.offsetFieldDescription)) { try HistoryReader.read(path: path) }
        }
    }

    @Test func isoTimestampsKeepTheirColonLessOffset() throws {
        let path = try Fixtures.temporaryFile(Self.header + "d,a,2023-01-01T10:00:00+0530\n")
        #expect(try HistoryReader.read(path: path).devices[0].launches[0].utcOffsetSeconds == 19800)
    }

    @Test func firstAndLastLocalDaysSpanEveryLaunchAfterAFlightWest() throws {
        let csv = Self.header + "d,b,2023-05-31T08:00:00+09:00\nd,c,2023-05-30T20:00:00-10:00\n"
        let device = try HistoryReader.read(path: try Fixtures.temporaryFile(csv)).devices[0]
        #expect(device.launches.map(\.localDay) == [19508, 19507])
        #expect(device.firstLocalDay == 19507 && device.lastLocalDay == 19508)
    }

    @Test func offsetsOfIntMinAreRejectedWithoutTrapping() throws {
        let path = try Fixtures.temporaryFile(
            "{\"device\":\"d\",\"app\":\"a\",\"timestamp\":1672531200,\"utc_offset\":-9223372036854775808}\n", suffix: ".jsonl")
        #expect(throws: HistoryError(.offsetOutOfRange, file: path, line: 1, field: "utc_offset",
                                     expected: TimestampParser.offsetFieldDescription)) { try HistoryReader.read(path: path) }
        #expect(!LocalClock.isValidOffset(Int.min) && LocalClock.isValidOffset(-64_800))
        #expect(TimestampParser.formatOffset(Int.min).hasPrefix("-"))
        #expect(TimestampParser.formatISO(instant: 1_700_000_000, utcOffsetSeconds: Int.min) == "1700000000.0")
        #expect(LocalClock.day(localSeconds: 1e300) == 1_000_000_000_000 && LocalClock.day(localSeconds: .nan) == 0)
    }

    @Test func formattingAnAbsurdInstantDoesNotTrap() {
        #expect(TimestampParser.formatISO(instant: 1e300, utcOffsetSeconds: 0) == "1e+300")
        #expect(TimestampParser.formatISO(instant: .nan, utcOffsetSeconds: 0) == "nan")
    }
}

/// Unix times carry no offset: the row's `utc_offset` or `zone`, or the reader's zone or offset,
/// must give one (issue 15: no silent UTC).
@Suite struct MissingOffsetTests {
    @Test(arguments: [("device,app,timestamp\nd,a,1672531200\n", ".csv", 2),
                      ("{\"device\":\"d\",\"app\":\"a\",\"timestamp\":1672531200}\n", ".jsonl", 1),
                      ("{\"device\":\"d\",\"app\":\"a\",\"timestamp\":\"1672531200\"}\n", ".jsonl", 1)])
    func aUnixTimeWithoutAnOffsetIsAnErrorNamingTheOptions(text: String, suffix: String, line: Int) throws {
        let path = try Fixtures.temporaryFile(text, suffix: suffix)
        #expect(throws: HistoryError(.missingOffset, file: path, line: line, field: "timestamp",
                                     expected: "a UTC offset for a Unix time: a utc_offset or zone column (field), --utc-offset or --zone")) {
            try HistoryReader.read(path: path)
        }
    }

    /// A zone gives each instant its own offset: 2023-03-11 10:00 UTC is EST, 12 March 10:00 UTC EDT.
    @Test func aZoneFieldOrTheReadersZoneGivesEachInstantItsOffset() throws {
        let csv = try Fixtures.temporaryFile("device,app,timestamp,zone\nd,a,1678528800,America/New_York\nd,b,1678615200,America/New_York\n")
        #expect(try HistoryReader.read(path: csv).devices[0].launches.map(\.utcOffsetSeconds) == [-18_000, -14_400])
        let jsonl = try Fixtures.temporaryFile("{\"device\":\"d\",\"app\":\"a\",\"timestamp\":1678528800,\"zone\":\"Asia/Kolkata\"}\n", suffix: ".jsonl")
        #expect(try HistoryReader.read(path: jsonl).devices[0].launches.map(\.utcOffsetSeconds) == [19_800])
        let plain = try Fixtures.temporaryFile("device,app,timestamp\nd,a,1678528800\nd,b,1678615200\n")
        let zoned = HistoryReadOptions(defaultZone: TimeZone(identifier: "America/New_York"))
        #expect(try HistoryReader.read(path: plain, options: zoned).devices[0].launches.map(\.utcOffsetSeconds) == [-18_000, -14_400])
        // An explicit offset wins over the zone.
        let both = try Fixtures.temporaryFile("device,app,timestamp,utc_offset,zone\nd,a,1678528800,+01:00,America/New_York\n")
        #expect(try HistoryReader.read(path: both).devices[0].launches.map(\.utcOffsetSeconds) == [3600])
    }
}
