import Foundation
import LaunchHistory
import ReveilleCore
import Testing
import TestSupport
@testable import UsageModel

@Suite struct UsageModelTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test func emptyHistoryThrowsTypedInputError() {
        #expect(throws: UsageModelError(.emptyHistory, expected: "at least one launch to fit")) {
            try UsageModel.fit([])
        }
        do {
            _ = try UsageModel.fit([])
        } catch {
            #expect(error is any InputDataError)
        }
    }

    @Test func mixedDevicesAndBadOptionsThrow() {
        let a = LaunchEvent(device: "a", app: "x", instant: 0, utcOffsetSeconds: 0)
        let b = LaunchEvent(device: "b", app: "x", instant: 1, utcOffsetSeconds: 0)
        #expect(throws: UsageModelError.self) { try UsageModel.fit([a, b]) }
        var options = UsageModelOptions()
        options.slotMinutes = 7
        #expect(throws: UsageModelError.self) { try UsageModel.fit([a], options: options) }
    }

    @Test func fittingKeepsTheOptionsAsGiven() throws {
        var options = UsageModelOptions()
        options.halfLifeDays = 10
        let copy = options
        let model = try UsageModel.fit(SimulatedHistory.launches(days: 21), options: options)
        #expect(options == copy)
        #expect(model.options == copy)
    }

    @Test func learnsTheSimulatedHabits() throws {
        let model = try UsageModel.fit(SimulatedHistory.launches(days: 28))
        #expect(model.apps == ["game", "mail", "news", "rare"])
        let monday = SimulatedHistory.monday + 28 * 86_400 // day 28 is a Monday
        let at = { (hour: Double, app: String) in
            model.launchProbability(app: app, from: monday + hour * 3600 - 1800, utcOffsetSeconds: SimulatedHistory.offset)
        }
        #expect(at(8, "mail") > 0.5)
        #expect(at(3, "mail") < 0.05)
        #expect(at(12.5, "news") > 3 * at(21, "game")) // game is a weekend app
        #expect(model.launchProbability(app: "unknown", from: monday, utcOffsetSeconds: 0) == 0)
    }

    @Test func bandwidthFollowsTheSpreadOfEachApp() throws {
        var rng = SeededGenerator(seed: 5)
        var launches = SimulatedHistory.launches(days: 21)
        for d in 0..<21 {
            let hour = Double.random(in: 9..<21, using: &rng)
            launches.append(LaunchEvent(device: "sim", app: "browser", instant: SimulatedHistory.monday + Double(d) * 86_400 + hour * 3600,
                                        utcOffsetSeconds: SimulatedHistory.offset))
        }
        let model = try UsageModel.fit(launches)
        let width = { (app: String) in model.profiles.first { $0.app == app }?.bandwidthMinutes ?? 0 }
        #expect(width("news") <= 40) // ±10 min jitter around 12:30
        #expect(width("browser") >= 100) // spread over 12 hours
        #expect(width("rare") == model.summary.deviceBandwidthMinutes) // launches on < 3 days
    }

    @Test func blasAndSparseKernelPathsFitTheSameModel() throws {
        let launches = SimulatedHistory.launches(days: 21)
        let blas = try UsageModel._fit(launches[...], options: .init(), path: .blas)
        let sparse = try UsageModel._fit(launches[...], options: .init(), path: .sparse)
        #expect(blas.summary.kernelPath == .blas && sparse.summary.kernelPath == .sparse)
        let start = SimulatedHistory.monday + 21 * 86_400
        let a = blas.slotProbabilities(from: start, utcOffsetSeconds: 3600, slots: 24, slotSeconds: 3600)
        let b = sparse.slotProbabilities(from: start, utcOffsetSeconds: 3600, slots: 24, slotSeconds: 3600)
        for app in blas.apps {
            for (x, y) in zip(a[app] ?? [], b[app] ?? []) { #expect(abs(x - y) < 1e-5) }
        }
    }

    @Test func slotProbabilitiesAreProbabilitiesForEveryApp() throws {
        let model = try UsageModel.fit(SimulatedHistory.launches(days: 14))
        let start = SimulatedHistory.monday + 14 * 86_400
        let p = model.slotProbabilities(from: start, utcOffsetSeconds: 3600, slots: 288, slotSeconds: 300)
        #expect(p.keys.sorted() == model.apps)
        #expect(p.values.allSatisfy { $0.count == 288 && $0.allSatisfy { (0...1).contains($0) } })
        let hourly = model.slotProbabilities(from: start, utcOffsetSeconds: 3600, slots: 24, slotSeconds: 3600)
        let mail = try #require(hourly["mail"])
        // Slot 0 has no planning lead, so it is the window probability itself.
        #expect(abs(mail[0] - model.launchProbability(app: "mail", from: start, utcOffsetSeconds: 3600)) < 1e-12)
        #expect(mail[7] > 10 * mail[3])
    }

    @Test func recentLaunchesUpdateRecency() throws {
        let model = try UsageModel.fit(SimulatedHistory.launches(days: 14))
        let t = SimulatedHistory.monday + 14 * 86_400 + 12 * 3600
        let recent = [LaunchEvent(device: "sim", app: "news", instant: t - 600, utcOffsetSeconds: 3600)]
        let before = try #require(model.features(app: "news", at: t, knowledgeCutoff: t, utcOffsetSeconds: 3600))
        let after = try #require(model.features(app: "news", at: t, knowledgeCutoff: t, utcOffsetSeconds: 3600, recentLaunches: recent))
        #expect(after[4] < before[4]) // fewer hours since the last launch
        #expect(after[16] == 1)
    }

    @Test func coldStartDeviceGetsSensibleProbabilitiesAndNotes() throws {
        let launches = SimulatedHistory.launches(days: 2)
        let model = try UsageModel.fit(launches)
        let p = model.slotProbabilities(from: launches[launches.count - 1].instant + 3600, utcOffsetSeconds: 3600, slots: 24, slotSeconds: 3600)
        #expect(p.values.allSatisfy { $0.allSatisfy { $0.isFinite && $0 > 0 && $0 < 1 } })
        #expect(model.notes.contains { $0.contains("day(s) of history") })
        #expect(model.notes.contains { $0.contains("app rare") })
    }

    @Test func singleLaunchAndImplausibleTimesDoNotTrap() throws {
        let one = LaunchEvent(device: "d", app: "a", instant: 1_700_000_000, utcOffsetSeconds: 0)
        let model = try UsageModel.fit([one])
        let p = model.launchProbability(app: "a", from: 1_700_003_600, utcOffsetSeconds: 0)
        #expect(p > 0 && p < 0.5)
        #expect(model.slotProbabilities(from: .nan, utcOffsetSeconds: 0, slots: 3, slotSeconds: 60)["a"] == [0, 0, 0])
        #expect(model.launchProbability(app: "a", from: .infinity, utcOffsetSeconds: 0) == 0)
        let bad = LaunchEvent(device: "d", app: "a", instant: .nan, utcOffsetSeconds: 0)
        #expect(throws: UsageModelError.self) { try UsageModel.fit([bad]) }
    }

    @Test func encodeDecodePredictsTheSameAndIsDeterministic() throws {
        let model = try UsageModel.fit(SimulatedHistory.launches(days: 21))
        let text = try UsageModelFile(devices: ["sim": model]).jsonText()
        #expect(try UsageModelFile(devices: ["sim": try UsageModel.fit(SimulatedHistory.launches(days: 21))]).jsonText() == text)
        let decoded = try UsageModelFile.decode(Data(text.utf8)).model(device: nil)
        #expect(!decoded.hasRecencyState)
        let start = SimulatedHistory.monday + 21 * 86_400
        let a = model.slotProbabilities(from: start, utcOffsetSeconds: 3600, slots: 48, slotSeconds: 1800)
        // The file holds no recency state; the history it was fitted on gives it back exactly.
        let withHistory = decoded.withRecency(from: SimulatedHistory.launches(days: 21))
        let b = withHistory.slotProbabilities(from: start, utcOffsetSeconds: 3600, slots: 48, slotSeconds: 1800)
        #expect(a == b)
        #expect(decoded.slotProbabilities(from: start, utcOffsetSeconds: 3600, slots: 48, slotSeconds: 1800) != a)
        #expect(!text.contains(String(Int(SimulatedHistory.monday))))
    }

    /// The golden file of schemaVersion 2 (written from `SimulatedHistory.launches(days: 14)`;
    /// `REVEILLE_WRITE_GOLDEN=1` rewrites it) still loads and predicts. Version 1 is refused
    /// (`TrustTests`).
    @Test func goldenModelFileStillLoads() throws {
        let url = Self.fixtures.appendingPathComponent("golden-model-v2.json")
        if ProcessInfo.processInfo.environment["REVEILLE_WRITE_GOLDEN"] == "1" {
            let fitted = try UsageModel.fit(SimulatedHistory.launches(days: 14))
            try DeterministicJSON.text(UsageModelFile(devices: ["sim": fitted])).write(to: url, atomically: true, encoding: .utf8)
        }
        let data = try Data(contentsOf: url)
        let model = try UsageModelFile.decode(data).model(device: "sim")
        #expect(model.schemaVersion == 2)
        #expect(model.apps == ["game", "mail", "news", "rare"])
        let p = model.launchProbability(app: "mail", from: SimulatedHistory.monday + 14 * 86_400 + 7.5 * 3600, utcOffsetSeconds: 3600)
        #expect(p > 0.3 && p < 1)
    }

    @Test func unknownSchemaIsATypedError() {
        #expect(throws: UsageModelError.self) {
            try UsageModelFile.decode(Data(#"{"schemaVersion": 2, "devices": {"x": {"schemaVersion": 99}}}"#.utf8))
        }
    }
}
