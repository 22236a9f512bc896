import Foundation
import Testing
import UsageModel

/// A validation tally's `modelWindows` flag (the day planned with the usage model's windows) is
/// written only when set, so a file whose budgets keep the histogram's windows is as before, and
/// a tally without it (older files) reads as `false`.
@Suite struct ReactiveValidationCodingTests {
    static func json(_ tally: ReactiveValidation) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(tally), as: UTF8.self)
    }

    @Test func flagIsWrittenOnlyWhenSet() throws {
        let plain = ReactiveValidation(budget: 3, windowHits: 5, triggerHits: 7, gainSquares: 6)
        #expect(try Self.json(plain) == #"{"budget":3,"gainSquares":6,"triggerHits":7,"windowHits":5}"#)
        var model = plain
        model.modelWindows = true
        #expect(try Self.json(model) == #"{"budget":3,"gainSquares":6,"modelWindows":true,"triggerHits":7,"windowHits":5}"#)
        for tally in [plain, model] {
            #expect(try JSONDecoder().decode(ReactiveValidation.self, from: Data(Self.json(tally).utf8)) == tally)
        }
    }

    @Test func olderTallyReadsAsHistogramWindows() throws {
        let old = try JSONDecoder().decode(ReactiveValidation.self, from: Data(#"{"budget":1,"windowHits":2,"triggerHits":2}"#.utf8))
        #expect(!old.modelWindows && old.gainSquares == 0)
    }
}
