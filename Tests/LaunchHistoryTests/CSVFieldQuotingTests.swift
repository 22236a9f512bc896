import Testing
import LaunchHistory
import ReveilleCore

/// `CSVText.field` quotes by UTF-8 bytes (regression of fuzz-knowledgec-rows: a quote followed by
/// a combining mark is one `Character`, and was written undoubled, so the CSV did not read back).
@Suite struct CSVFieldQuotingTests {
    @Test func quoteWithCombiningMarkIsDoubled() {
        #expect(CSVText.field("0\"\u{30C}o") == "\"0\"\"\u{30C}o\"")
        #expect(CSVText.field("\"\u{30C}") == "\"\"\"\u{30C}\"")
    }

    /// fuzz-wellbeing-rows: a comma followed by a combining mark (U+036D) was not quoted.
    @Test func commaWithCombiningMarkIsQuoted() {
        #expect(CSVText.field("\u{FFFD},\u{36D}x") == "\"\u{FFFD},\u{36D}x\"")
    }

    @Test func crlfAsOneCharacterIsQuoted() {
        #expect(CSVText.field("a\r\nb") == "\"a\r\nb\"")
    }

    @Test func plainAndSimpleFieldsAreUnchanged() {
        #expect(CSVText.field("com.example.app") == "com.example.app")
        #expect(CSVText.field("é,x") == "\"é,x\"")
        #expect(CSVText.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
    }

    @Test func nameWithCombinedQuoteReadsBack() throws {
        let app = "0\"\"\"\u{30C}o\u{FFFD}\"\""
        let event = LaunchEvent(device: "d", app: app, instant: 1_700_000_000, utcOffsetSeconds: 0, durationSeconds: nil)
        let csv = CanonicalCSVWriter.csv([event])
        let history = try HistoryReader.read(bytes: Array(csv.utf8), path: "readback.csv")
        #expect(history.devices.first?.launches.map(\.app) == [app])
    }
}
