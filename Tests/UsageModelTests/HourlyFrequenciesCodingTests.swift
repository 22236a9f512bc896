import Foundation
import Testing
import UsageModel

/// Counted hourly frequencies are stored as counts over days (model size, issue 15) and read back
/// to the same doubles; the rows form of earlier files is still read.
@Suite struct HourlyFrequenciesCodingTests {
    static let counts = [Array(repeating: 0, count: 23) + [3], (0..<24).map { $0 % 5 }]

    @Test func countsAreWrittenAndReadBackBitForBit() throws {
        let counted = HourlyFrequencies(apps: ["a", "b"], counts: Self.counts, days: 28)
        #expect(counted.rows[0][23] == 3.0 / 28 && counted.rows[1][4] == 4.0 / 28)
        let data = try JSONEncoder().encode(counted)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["rows"] == nil && object["days"] as? Int == 28 && object["counts"] as? [[Int]] == Self.counts)
        let read = try JSONDecoder().decode(HourlyFrequencies.self, from: data)
        #expect(read.rows.flatMap { $0 }.map(\.bitPattern) == counted.rows.flatMap { $0 }.map(\.bitPattern))
    }

    @Test func theRowsFormIsStillRead() throws {
        let rows = HourlyFrequencies(apps: ["a", "b"], counts: Self.counts, days: 7).rows
        let json = try JSONSerialization.data(withJSONObject: ["apps": ["a", "b"], "rows": rows])
        let read = try JSONDecoder().decode(HourlyFrequencies.self, from: json)
        #expect(read == HourlyFrequencies(apps: ["a", "b"], rows: rows))
        #expect(read == HourlyFrequencies(apps: ["a", "b"], counts: Self.counts, days: 7))
    }

    @Test(arguments: [#"{"apps":["a"],"days":0,"counts":[[1]]}"#, #"{"apps":["a"],"days":3,"counts":[[-1]]}"#,
                      #"{"apps":["a"],"counts":[[1]]}"#, #"{"apps":["a"],"days":3,"counts":[[1.5]]}"#])
    func badCountsAreRefused(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HourlyFrequencies.self, from: Data(json.utf8)) }
    }
}
