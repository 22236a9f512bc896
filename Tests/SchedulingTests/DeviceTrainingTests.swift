import Foundation
import LaunchHistory
import Scheduling
import Testing
import TestSupport
import UsageModel

/// Training many devices at once (one per core) gives the models training them one after the
/// other gives, in input order, skipping devices without launches.
@Suite struct DeviceTrainingTests {
    /// The bundled dataset's first three devices, each cut to its first 16 local days (a debug
    /// fit of a whole device takes seconds), and a device without launches between them.
    static func devices() throws -> [DeviceHistory] {
        let history = try HistoryReader.read(path: Fixtures.repositoryRoot.appendingPathComponent("Datasets/default/launches.csv").path)
        let cut = history.devices.prefix(3).map { device in
            let first = device.launches.first?.localDay ?? 0
            return DeviceHistory(device: device.device, launches: device.launches.filter { $0.localDay < first + 16 })
        }
        return [cut[0], DeviceHistory(device: "empty", launches: []), cut[1], cut[2]]
    }

    @Test func parallelTrainingEqualsSequentialDeviceByDevice() throws {
        let devices = try Self.devices()
        let finished = _Names()
        let parallel = try ReveillePolicy.train(devices: devices) { finished.add($0.device) }
        #expect(parallel.map(\.device) == ["sim-000", "sim-001", "sim-002"])
        #expect(finished.sorted == ["empty", "sim-000", "sim-001", "sim-002"])
        for (device, trained) in zip(devices.filter { !$0.launches.isEmpty }, parallel) {
            let sequential = try ReveillePolicy.train(device: device.device, launches: Array(device.launches)[...])
            let expected = try UsageModelFile(devices: [device.device: sequential]).jsonText()
            #expect(try UsageModelFile(devices: [trained.device: trained.model]).jsonText() == expected, "\(device.device)")
        }
    }
}

/// Device names reported from worker threads.
private final class _Names: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func add(_ name: String) { lock.lock(); names.append(name); lock.unlock() }
    var sorted: [String] { lock.lock(); defer { lock.unlock() }; return names.sorted() }
}
