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

    /// Regression: an empty or header-only input streamed zero devices with exit 0 (`train
    /// --stream` wrote an empty file), where the whole-file reader refuses it; both refuse it the
    /// same way now. A device without a valid launch among others is still passed over.
    @Test(arguments: [("", HistoryError.Code.emptyFile), ("device,app,timestamp\n", .noLaunches),
                      ("device,app,timestamp\nd,mail,noon\n", .noLaunches)])
    func anInputWithoutLaunchesIsRefusedAsTheWholeReaderRefusesIt(_ csv: String, code: HistoryError.Code) throws {
        let path = try Fixtures.temporaryFile(csv)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = #expect(throws: HistoryError.self) { try HistoryReader.read(path: path, options: .init(skipInvalid: true)) }
        var stream = try DeviceStream(path: path, options: .init(skipInvalid: true))
        let streamed = #expect(throws: HistoryError.self) { while try stream.next() != nil {} }
        #expect(streamed?.code == code && whole?.code == code)
        let mixed = try Fixtures.temporaryFile("device,app,timestamp\na,mail,noon\nb,mail,2024-01-01T08:00:00+01:00\n")
        defer { try? FileManager.default.removeItem(atPath: mixed) }
        var partly = try DeviceStream(path: mixed, options: .init(skipInvalid: true))
        #expect(try partly.next()?.device == "b")
        #expect(try partly.next() == nil)
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
