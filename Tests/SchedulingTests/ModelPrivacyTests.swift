import Foundation
import LaunchHistory
import ReveilleCore
import Scheduling
import Testing
import TestSupport
import UsageModel

/// Model files hold aggregates only (issue 15): an attacker who reads every field of a trained
/// model cannot name any launch instant to within ±30 minutes, and a model takes at most 100 KB
/// per device.
///
/// The attacker reads every number and string of the file. Each number is tried as an instant
/// (Unix seconds, milliseconds, minutes, hours) and each string as an ISO-8601 time; every such
/// instant is then also tried as a reference from which every number of the file is an offset
/// (seconds, minutes, hours, days, either way) — which is how the minutes-ago fields of
/// schemaVersion 1 gave back every app's last launch. A day (`trainedThroughDay`) is a 24-hour
/// interval, not an instant: it is not a reference. The attack is checked to work on the fields
/// version 1 stored.
@Suite struct ModelPrivacyTests {
    static let sets = [Fixtures.dataset("studentlife-small/launches.csv"),
                       Fixtures.repositoryRoot.appendingPathComponent("Datasets/default/launches.csv").path]

    /// One model file per data set, trained as `reveille train` does (once per test run).
    static let models: [String: Result<Trained, any Error>] =
        Dictionary(uniqueKeysWithValues: sets.map { path in (path, Result { try train(path) }) })

    /// A data set's history, its model file's text, and the size of each device's model written
    /// alone (a one-device file, as `train --device` writes it).
    struct Trained {
        var history: LaunchHistory
        var text: String
        var bytesPerDevice: [String: Int]
    }

    static func trained(_ path: String) throws -> Trained {
        try #require(models[path]).get()
    }

    /// Devices of the bundled dataset trained in the default run: its three with the most
    /// launches (the largest models of its 20 simulated devices, which all share one generator
    /// and one model layout). `REVEILLE_LONG_TESTS=1` trains all 20 (minutes in a debug build:
    /// each fit runs the 14-day validation replay). StudentLife is always trained whole.
    static let bundledDevices = ["sim-011", "sim-001", "sim-006"]

    static func train(_ path: String) throws -> Trained {
        var history = try HistoryReader.read(path: path)
        if path.hasSuffix("Datasets/default/launches.csv"), ProcessInfo.processInfo.environment["REVEILLE_LONG_TESTS"] != "1" {
            history = LaunchHistory(devices: history.devices.filter { bundledDevices.contains($0.device) })
        }
        var models: [String: UsageModel] = [:]
        // `reveille train`'s path: every device, one per core at a time.
        for trained in try ReveillePolicy.train(devices: history.devices, source: path) {
            models[trained.device] = trained.model
        }
        var sizes: [String: Int] = [:]
        for (device, model) in models {
            sizes[device] = try UsageModelFile(devices: [device: model]).jsonText().utf8.count
        }
        return Trained(history: history, text: try UsageModelFile(devices: models).jsonText(), bytesPerDevice: sizes)
    }

    @Test(arguments: sets)
    func noFieldOfATrainedModelGivesBackALaunchInstant(_ path: String) throws {
        let trained = try Self.trained(path)
        let (history, text) = (trained.history, trained.text)
        let launches = history.devices.flatMap { $0.launches.map(\.instant) }.sorted()
        let json = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let hits = Attacker(json).candidates().filter { Self.isNear($0, launches) }
        #expect(hits.isEmpty, "\(hits.count) recovered instants, e.g. \(hits.prefix(3))")
    }

    /// The attacker is not blind: on the recency fields of schemaVersion 1 (an end instant and
    /// every app's minutes since its last launch) it recovers every last launch.
    @Test func theAttackRecoversTheInstantsVersionOneStored() throws {
        let history = try HistoryReader.read(path: Fixtures.dataset("studentlife-small/launches.csv"))
        let device = try #require(history.devices.first)
        let end = (try #require(device.launches.last).instant / 60).rounded(.down) * 60
        var last: [String: Double] = [:]
        for e in device.launches { last[e.app] = e.instant }
        let v1: [String: Any] = ["historyEndInstant": end,
                                 "profiles": last.values.map { ["minutesSinceLastLaunch": Int(((end - $0) / 60).rounded())] }]
        let recovered = Attacker(v1).candidates().filter { Self.isNear($0, last.values.sorted()) }
        #expect(Set(recovered.map { ($0 / 60).rounded() }).count >= last.count / 2)
    }

    /// Every device's model, not only the mean, stays within 100 KB (the largest device of the
    /// shared sets had 110 KB with base64 rate codes; about 61 KB with rate steps).
    @Test(arguments: sets)
    func everyDevicesModelTakesAtMost100KB(_ path: String) throws {
        let sizes = try Self.trained(path).bytesPerDevice
        #expect(!sizes.isEmpty)
        if path.hasSuffix("Datasets/default/launches.csv") { #expect(sizes.count >= Self.bundledDevices.count) }
        for (device, bytes) in sizes.sorted(by: { $0.key < $1.key }) {
            #expect(bytes <= 100_000, "\(device): \(bytes) bytes")
        }
    }

    /// Whether `t` lies within 30 minutes of an instant of `sorted`.
    static func isNear(_ t: Double, _ sorted: [Double]) -> Bool {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < t - 1800 { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] <= t + 1800
    }
}

/// Reads every leaf of a decoded JSON value and turns it into candidate launch instants.
struct Attacker {
    var numbers: [Double] = []
    var strings: [String] = []

    init(_ json: Any) { collect(json) }

    private mutating func collect(_ value: Any) {
        switch value {
        case let d as [String: Any]: for (key, v) in d { strings.append(key); collect(v) }
        case let a as [Any]: for v in a { collect(v) }
        case let n as NSNumber: numbers.append(n.doubleValue)
        case let s as String:
            strings.append(s)
            if let n = Double(s) { numbers.append(n) }
        default: break
        }
    }

    /// Instants named directly, then every number as an offset from each of them.
    func candidates() -> [Double] {
        var references: [Double] = []
        for x in numbers {
            for t in [x, x / 1000, x * 60, x * 3600] where LocalClock.isValidInstant(t) { references.append(t) }
        }
        for s in strings {
            if let p = TimestampParser.parseISO(Array(s.utf8)[...]), LocalClock.isValidInstant(p.instant) { references.append(p.instant) }
        }
        let offsets = Set(numbers.filter { $0.isFinite && $0 != 0 })
        var all = references
        for r in Set(references) {
            for x in offsets {
                for unit in [1.0, 60, 3600, 86_400] { all.append(r - x * unit); all.append(r + x * unit) }
            }
        }
        return all
    }
}
