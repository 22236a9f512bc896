import ReveilleCore
import Foundation
import Testing
import TestSupport
@testable import LaunchHistory
@testable import UsageModel

/// Regression tests of issue 15 for training and model files.
@Suite struct TrustTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A Tokyo → Honolulu flight: the last launch falls on an earlier local day than the one before.
    @Test func trainsAcrossTheDateLineWestward() throws {
        let csv = "device,app,timestamp\nd,a,2023-05-30T12:00:00+09:00\nd,b,2023-05-31T08:00:00+09:00\nd,c,2023-05-30T20:00:00-10:00\n"
        let history = try HistoryReader.read(path: try Fixtures.temporaryFile(csv))
        let launches = Array(history.devices[0].launches)
        #expect(launches.map(\.localDay) == [19507, 19508, 19507])
        let model = try UsageModel.fit(launches)
        #expect(model.apps == ["a", "b", "c"])
        #expect(model.summary.days == 2)
        #expect(model.summary.coldLaunches == 3)
        let p = model.slotProbabilities(from: launches[2].instant + 3600, utcOffsetSeconds: -36000, slots: 24, slotSeconds: 3600)
        #expect(p.values.allSatisfy { $0.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 } })
    }

    @Test func manyDateLineCrossingsEachWayTrain() throws {
        var launches: [LaunchEvent] = []
        var t = 1_685_400_000.0
        for k in 0..<60 {
            let offset = k % 2 == 0 ? 12 * 3600 : -11 * 3600
            for j in 0..<4 { launches.append(LaunchEvent(device: "d", app: "app\(j)", instant: t + Double(j) * 1800, utcOffsetSeconds: offset)) }
            t += 20 * 3600
        }
        let model = try UsageModel.fit(launches)
        #expect(model.summary.launches == 240)
        #expect(model.coefficients.allSatisfy { $0.isFinite })
    }

    @Test(arguments: [0.0, -1, 1e300, 9_999_999_999, .nan])
    func fitRejectsInstantsOutsideTheValidRange(instant: Double) {
        let e = LaunchEvent(device: "d", app: "a", instant: instant, utcOffsetSeconds: 0)
        #expect(throws: UsageModelError(.invalidInstant, expected: "\(LocalClock.validInstantDescription), with an offset within ±18:00")) {
            try UsageModel.fit([e])
        }
    }

    @Test func fitRejectsAnOffsetOfIntMin() {
        let e = LaunchEvent(device: "d", app: "a", instant: 1_700_000_000, utcOffsetSeconds: Int.min)
        #expect(throws: UsageModelError(.invalidInstant, expected: "\(LocalClock.validInstantDescription), with an offset within ±18:00")) {
            try UsageModel.fit([e])
        }
    }

    /// Rates are one-byte codes, as rate-step text (or base64 in older files): text that is not
    /// such text, or of the wrong length, is rejected naming the app and the field.
    @Test(arguments: [("weekdayRates", "not base64!"), ("weekdayRates", "AAAA"),
                      ("weekdayRateSteps", "not steps!"), ("weekdayRateSteps", "AAAA"), ("dayRateSteps", "_D_")])
    func malformedRateCodesAreRejected(key: String, text: String) throws {
        var file = try Self.golden()
        var devices = try #require(file["devices"] as? [String: Any])
        var model = try #require(devices["sim"] as? [String: Any])
        var profiles = try #require(model["profiles"] as? [[String: Any]])
        profiles[1][key] = text
        model["profiles"] = profiles
        devices["sim"] = model
        file["devices"] = devices
        #expect(throws: UsageModelError(.unsupportedModel, expected: "profiles.dayRateSteps and .weekdayRateSteps of app 'mail': rate steps of 96 and 672 codes (older files: base64 dayRates and weekdayRates)",
                                        field: "devices.sim")) {
            try Self.decode(file)
        }
    }

    /// Version 1 files held launch times: they are refused with a message to retrain.
    @Test func versionOneModelFilesAreRefusedWithAMessageToRetrain() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("golden-model-v1.json"))
        #expect(throws: UsageModelError(.unsupportedModel, expected: "a model file of schemaVersion 2 (got 1: version 1 files held "
                                        + "launch times and are no longer read; retrain with `reveille train`)")) {
            try UsageModelFile.decode(data)
        }
    }

    static func golden() throws -> [String: Any] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("golden-model-v2.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func decode(_ object: [String: Any]) throws -> UsageModelFile {
        try UsageModelFile.decode(JSONSerialization.data(withJSONObject: object))
    }

    @Test(arguments: [3, 0, -1])
    func modelFilesOfAnotherSchemaVersionAreRejected(version: Int) throws {
        var file = try Self.golden()
        file["schemaVersion"] = version
        #expect(throws: UsageModelError(.unsupportedModel, expected: "a model file of schemaVersion 2 (got \(version))")) {
            try Self.decode(file)
        }
    }

    @Test(arguments: [-1.0, 1e308, 1e7] as [Double], ["inf", "nan", "-inf"])
    func nonFiniteOrNegativeRatesAreRejected(number: Double, text: String) throws {
        for value in [number as Any, text as Any] {
            var file = try Self.golden()
            var devices = try #require(file["devices"] as? [String: Any])
            var model = try #require(devices["sim"] as? [String: Any])
            var profiles = try #require(model["profiles"] as? [[String: Any]])
            profiles[0]["rateScale"] = value
            model["profiles"] = profiles
            devices["sim"] = model
            file["devices"] = devices
            #expect(throws: UsageModelError(.unsupportedModel, expected: "finite, non-negative rates of at most 1000000 for app 'game'",
                                            field: "devices.sim")) {
                try Self.decode(file)
            }
        }
    }
}
