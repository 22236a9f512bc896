import Foundation
import Testing
import TestSupport
@testable import LaunchHistory

/// `DeviceStream` hands out device-sorted CSV one device at a time, equal to the whole read, and
/// refuses input that is not sorted by device, naming the line.
@Suite struct DeviceStreamTests {
    @Test func devicesEqualTheWholeReadOfStudentLife() throws {
        let path = Fixtures.dataset("studentlife-small/launches.csv")
        let whole = try HistoryReader.read(path: path)
        var stream = try DeviceStream(path: path)
        var streamed: [DeviceHistory] = []
        while let d = try stream.next() { streamed.append(d) }
        #expect(streamed.map(\.device) == whole.devices.map(\.device))
        #expect(streamed.map { Array($0.launches) } == whole.devices.map { Array($0.launches) })
    }

    @Test func unsortedDevicesAreAnErrorNamingTheLine() throws {
        let csv = "device,app,timestamp\nb,mail,2024-01-01T08:00:00+01:00\na,mail,2024-01-01T09:00:00+01:00\n"
        let path = try Fixtures.temporaryFile(csv)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var stream = try DeviceStream(path: path)
        #expect(throws: HistoryError.self) {
            while try stream.next() != nil {}
        }
        var again = try DeviceStream(path: path)
        do {
            while try again.next() != nil {}
        } catch {
            #expect(error.line == 3 && error.field == "device")
        }
    }

    @Test func rowErrorsKeepTheInputsLineNumbers() throws {
        let csv = "device,app,timestamp\n\"a\",mail,2024-01-01T08:00:00+01:00\nb,mail,2024-01-01T08:00:00+01:00\nb,news,not-a-time\n"
        let path = try Fixtures.temporaryFile(csv)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var stream = try DeviceStream(path: path)
        #expect(try stream.next()?.device == "a")
        do {
            _ = try stream.next()
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 4 && error.code == .malformedTimestamp)
        }
    }
}
