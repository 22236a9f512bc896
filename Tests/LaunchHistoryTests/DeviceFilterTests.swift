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

    /// Other devices' rows are skipped unsplit when the device is the first column and the
    /// chosen name is ASCII: names that share a prefix with it, CRLF and LF lines, a device
    /// column elsewhere (full path) and a non-ASCII name (full path) give what the whole file
    /// gives for the device.
    @Test(arguments: ["d", "d2", "dd", "é"])
    func prefixSharingNamesAreOtherDevices(device: String) throws {
        let rows = ["d,a,2024-01-01T08:00:00+01:00", "d2,b,2024-01-01T08:10:00+01:00", "dd,c,2024-01-01T08:20:00+01:00",
                    "é,e,2024-01-01T08:30:00+01:00", "d,f,2024-01-01T08:40:00+01:00", "d-x,g,2024-01-01T08:50:00+01:00"]
        for newline in ["\n", "\r\n"] {
            let first = "device,app,timestamp" + newline + rows.joined(separator: newline) + newline
            let moved = "app,device,timestamp" + newline + rows.map { row in
                let f = row.split(separator: ",")
                return "\(f[1]),\(f[0]),\(f[2])"
            }.joined(separator: newline)
            for csv in [first, moved] {
                let path = try Fixtures.temporaryFile(csv)
                let whole = try HistoryReader.read(path: path)
                let one = try HistoryReader.read(path: path, options: HistoryReadOptions(device: device))
                #expect(one.devices.map(\.device) == [device])
                #expect(one.devices.first?.launches == whole.device(device)?.launches)
                #expect(one.report.rowsRead == 6)
            }
        }
    }

    /// A skipped row is not validated, but a row cut short inside the chosen name, and the
    /// chosen device's own short row, still are.
    @Test func shortRowsNearTheChosenNameAreStillErrors() throws {
        let other = try Fixtures.temporaryFile("device,app,timestamp\nd,a,2024-01-01T08:00:00+01:00\ne,b\n")
        #expect(try HistoryReader.read(path: other, options: HistoryReadOptions(device: "d")).report.rowsRead == 2)
        for bad in ["dev\n", "device-1,a\n", "device-1\n"] {
            let path = try Fixtures.temporaryFile("device,app,timestamp\n" + bad)
            do {
                _ = try HistoryReader.read(path: path, options: HistoryReadOptions(device: "device-1"))
                Issue.record("expected an error for \(bad)")
            } catch {
                #expect(error.code == .malformedRow && error.line == 2)
            }
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
