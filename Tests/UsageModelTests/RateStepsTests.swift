import Foundation
import Testing
@testable import UsageModel

/// Profiles' rate codes are stored as rate-step text (model size, issue 15): lossless, compact,
/// and read back only from well-formed text; the base64 form of older files is still read.
@Suite struct RateStepsTests {
    /// Known answers, worked by hand from the format's rules.
    @Test(arguments: [
        ([0, 0], "Y"),                       // one pair (0, 0): 3·7 + 3 = 24 = "Y"
        ([3, 6], "w"),                       // pair (+3, +3): 6·7 + 6 = 48 = "w"
        ([1], "5"),                          // single +1: 56 + 1 = 57 = "5"
        ([200, 193], "_DIx"),                // escape: "D" = 3, "I" = 8, 3·64 + 8 = 200; single −7 = 49 = "x"
        ([255], "_D_"),                      // escape: 3·64 + 63
        ([], ""),
    ] as [([UInt8], String)])
    func knownAnswers(codes: [UInt8], text: String) throws {
        #expect(_RateSteps.text(codes) == text)
        #expect(_RateSteps.codes(text) == codes)
    }

    /// Every sequence survives the round trip, smooth or not.
    @Test func everySequenceRoundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        for length in [1, 2, 3, 96, 672] {
            for spread in [1, 3, 8, 255] {
                var codes: [UInt8] = []
                var current = Int.random(in: 0...255, using: &generator)
                for _ in 0..<length {
                    current = min(255, max(0, current + Int.random(in: -spread...spread, using: &generator)))
                    codes.append(UInt8(current))
                }
                let text = _RateSteps.text(codes)
                #expect(_RateSteps.codes(text) == codes, "\(codes)")
                #expect(text.utf8.allSatisfy { _RateSteps.valueOfByte[Int($0)] != nil })
            }
        }
    }

    /// Text outside the alphabet, a step below 0 or above 255, an escape beyond 255 or cut short
    /// is refused.
    @Test(arguments: ["A", "x", "+", "=", "w=", "_", "_D", "_E_", "_D_5", "_D_Y w"])
    func malformedTextIsRefused(_ text: String) {
        #expect(_RateSteps.codes(text) == nil, "\(text)")
    }

    /// A model written in the step form reads back to the same rates as the golden base64 file,
    /// bit for bit, and is written in the step form only.
    @Test func theGoldenBase64ModelReadsTheSameInBothForms() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/golden-model-v2.json")
        let old = try UsageModelFile.decode(Data(contentsOf: url))
        let text = try old.jsonText()
        let rewritten = try UsageModelFile.decode(Data(text.utf8))
        let oldModels = old.deviceIDs.compactMap { old.devices[$0] }
        let newModels = rewritten.deviceIDs.compactMap { rewritten.devices[$0] }
        #expect(oldModels.count == newModels.count && !oldModels.isEmpty)
        for (a, b) in zip(oldModels, newModels) {
            for (p, q) in zip(a.profiles, b.profiles) {
                #expect((p.dayRates + p.weekdayRates).map(\.bitPattern) == (q.dayRates + q.weekdayRates).map(\.bitPattern))
            }
        }
        #expect(text.contains("\"weekdayRateSteps\"") && !text.contains("\"weekdayRates\""))
    }

    /// A model file in the rate-step form (trained on a three-app synthetic history) reads back
    /// and writes out byte for byte: the format is stable.
    @Test func theRateStepsGoldenFileRoundTripsByteForByte() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/golden-model-v2-rate-steps.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let file = try UsageModelFile.decode(Data(text.utf8))
        #expect(file.deviceIDs == ["sim"])
        #expect(try file.jsonText() == text)
        let model = try #require(file.devices["sim"])
        #expect(model.profiles.map(\.app) == ["mail", "maps", "news"])
        #expect(model.profiles.allSatisfy { $0.dayRates.count == 96 && $0.weekdayRates.count == 672 })
    }
}
