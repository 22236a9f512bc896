import Foundation
import Testing
import TestSupport
import LaunchHistory

/// `HistoryReadOptions.device`: a reader that keeps one device's launches gives exactly what the
/// whole file gives for that device, reads only the device field of the others' rows, and gives an
/// empty history (not `noLaunches`) when the file holds other devices only.
@Suite struct DeviceFilterTests {
    @Test(arguments: ["sim-000", "sim-007", "sim-019"])
    func oneDeviceOfTheBundledFleetEqualsThatDeviceOfTheWholeFile(device: String) throws {
        let path = Fixtures.repositoryRoot.appendingPathComponent("Datasets/default/launches.csv").path
        let whole = try HistoryReader.read(path: path)
        let one = try HistoryReader.read(path: path, options: HistoryReadOptions(device: device))
        #expect(one.devices.map(\.device) == [device])
        let expected = try #require(whole.device(device))
        #expect(one.devices.first?.launches == expected.launches)
        #expect(one.report.rowsRead == whole.report.rowsRead)
        #expect(one.report.launches == expected.launches.count)
    }

    @Test func otherDevicesRowsAreNotValidated() throws {
        let csv = "device,app,timestamp\nd,a,2024-01-01T08:00:00+01:00\ne,b,not a time\nd,c,2024-01-01T09:00:00+01:00\n"
        let path = try Fixtures.temporaryFile(csv)
        #expect(throws: HistoryError.self) { try HistoryReader.read(path: path) }
        let one = try HistoryReader.read(path: path, options: HistoryReadOptions(device: "d"))
        #expect(one.devices.first?.launches.map(\.app) == ["a", "c"])
        #expect(one.report.rowsRead == 3)
        // The chosen device's own bad row is still an error naming its line and field.
        do {
            _ = try HistoryReader.read(path: path, options: HistoryReadOptions(device: "e"))
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 3 && error.field == "timestamp" && error.file == path)
        }
    }

    @Test func quotedRowsAndJSONLinesAreFilteredAlike() throws {
        let csv = "device,app,timestamp\n\"d\",\"a,1\",2024-01-01T08:00:00+01:00\n\"e\",b,2024-01-01T08:30:00+01:00\nd,c,2024-01-01T09:00:00+01:00\n"
        let one = try HistoryReader.read(path: try Fixtures.temporaryFile(csv), options: HistoryReadOptions(device: "d"))
        #expect(one.devices.first?.launches.map(\.app) == ["a,1", "c"])
        let jsonl = """
            {"device":"d","app":"a","timestamp":"2024-01-01T08:00:00+01:00"}
            {"device":"e","app":"b","timestamp":"2024-01-01T08:30:00+01:00"}
            {"device":"d","app":"c","timestamp":"2024-01-01T09:00:00+01:00"}

            """
        let lines = try HistoryReader.read(path: try Fixtures.temporaryFile(jsonl, suffix: ".jsonl"), options: HistoryReadOptions(device: "e"))
        #expect(lines.devices.map(\.device) == ["e"])
        #expect(lines.devices.first?.launches.map(\.app) == ["b"])
    }

    @Test func aFileOfOtherDevicesOnlyIsAnEmptyHistory() throws {
        let csv = "device,app,timestamp\ne,a,2024-01-01T08:00:00+01:00\n"
        let path = try Fixtures.temporaryFile(csv)
        let none = try HistoryReader.read(path: path, options: HistoryReadOptions(device: "d"))
        #expect(none.devices.isEmpty)
        #expect(none.report.launches == 0 && none.report.rowsRead == 1)
        // A file with no launch at all is still `noLaunches`.
        let empty = try Fixtures.temporaryFile("device,app,timestamp\nd,a\n")
        do {
            _ = try HistoryReader.read(path: empty, options: HistoryReadOptions(skipInvalid: true, device: "d"))
            Issue.record("expected noLaunches")
        } catch {
            #expect(error.code == .noLaunches)
        }
    }
}
