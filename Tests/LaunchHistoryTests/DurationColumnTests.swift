import Testing
@testable import LaunchHistory

/// The 4-byte duration codes: whole seconds and milliseconds read back bit for bit, at the edges
/// of their ranges; anything else moves the column to doubles, and every value, before and after
/// the move, still reads back exactly.
@Suite struct DurationColumnTests {
    /// The largest whole second and the largest millisecond value with a code.
    static let largestWhole = Double(UInt32(1) << 31) - 1
    static let largestMilliseconds = (Double(UInt32(1) << 31) - 2) / 1000

    @Test(arguments: [0, 1, 1485, 12.5, 0.001, 37.125, 2147483.646, 2147483647, 86_400.999, 3.14])
    func valuesWithACodeReadBackBitForBit(_ seconds: Double) throws {
        let code = try #require(_DurationColumn.code(seconds))
        #expect(code != _DurationColumn.noneCode)
        #expect(_DurationColumn.decode(code)?.bitPattern == seconds.bitPattern)
    }

    @Test func wholeSecondsAreTheirOwnCodesAndMillisecondsCarryTheFlag() {
        #expect(_DurationColumn.code(0) == 0)
        #expect(_DurationColumn.code(Self.largestWhole) == UInt32.max >> 1)
        #expect(_DurationColumn.code(12.5) == 12_500 | _DurationColumn.millisecondFlag)
        #expect(_DurationColumn.code(Self.largestMilliseconds) == UInt32.max - 1)
        #expect(_DurationColumn.code(.nan) == _DurationColumn.noneCode)
        #expect(_DurationColumn.decode(_DurationColumn.noneCode) == nil)
    }

    @Test(arguments: [-0.0, 12.3456, 0.0001, 2147483648, 2147483.647, 1e300, .infinity, -1, 1.0 / 3])
    func valuesWithoutACodeHaveNone(_ seconds: Double) {
        #expect(_DurationColumn.code(seconds) == nil)
    }

    @Test func aValueWithoutACodeMovesTheColumnToDoublesAndKeepsEveryValue() {
        let values: [Double] = [.nan, 0, 12.5, Self.largestWhole, Self.largestMilliseconds, .nan, 7]
        var column = _DurationColumn(withoutDurations: 2)
        for v in values { column.append(v) }
        #expect(!column.isWide)
        let exact: [Double] = [12.3456, -0.0, 2147483648, 0.0001, .nan, 3]
        for v in exact { column.append(v) }
        #expect(column.isWide)
        let expected = [Double.nan, .nan] + values + exact
        #expect(column.count == expected.count)
        for (i, v) in expected.enumerated() {
            #expect(column[i]?.bitPattern == (v.isNaN ? nil : v.bitPattern), "launch \(i)")
        }
    }

    @Test func csvDurationsReadBackExactlyWhateverTheirEncoding() throws {
        let fields = ["0", "1485", "12.5", "2147483647", "2147483.646", "", "2147483648", "12.3456", "0.0001", "1e3"]
        var text = "device,app,timestamp,duration\n"
        for (i, f) in fields.enumerated() { text += "d,a,2024-03-04T08:\(10 + i):00+00:00,\(f)\n" }
        let history = try HistoryReader.read(bytes: Array(text.utf8), path: "t.csv", options: .init(format: .csv))
        let launches = try #require(history.devices.first?.launches)
        let expected: [Double?] = [0, 1485, 12.5, 2147483647, 2147483.646, nil, 2147483648, 12.3456, 0.0001, 1000]
        #expect(launches.map { $0.durationSeconds?.bitPattern } == expected.map { $0?.bitPattern })
        #expect(launches.columns.durations?.isWide == true)
    }
}
