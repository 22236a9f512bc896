import Foundation
import Testing
import TestSupport
import LaunchHistory

/// `HistoryReader.read(bytes:path:options:)` (used by the fuzz targets) gives what reading the
/// same bytes from a file gives: devices, report and errors.
@Suite struct InMemoryReadTests {
    @Test func realFileReadFromMemoryEqualsReadFromPath() throws {
        let path = Fixtures.dataset("studentlife-small/launches.csv")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let fromFile = try HistoryReader.read(path: path)
        let fromMemory = try HistoryReader.read(bytes: bytes, path: path)
        #expect(fromMemory.devices == fromFile.devices)
        #expect(fromMemory.report == fromFile.report)
        #expect(fromMemory.devices.reduce(0) { $0 + $1.launches.count } == 3222)
    }

    @Test func skipsAndErrorsNameTheSameLines() throws {
        let csv = "device,app,timestamp\nd,a,2013-03-10T01:30:00-05:00\nd,,2013-03-10T01:31:00-05:00\nd,b,soon\nd,c,1364095883\n"
        let path = try Fixtures.temporaryFile(csv)
        let options = HistoryReadOptions(skipInvalid: true, defaultUTCOffsetSeconds: 0)
        let fromMemory = try HistoryReader.read(bytes: Array(csv.utf8), path: path, options: options)
        #expect(fromMemory.report == (try HistoryReader.read(path: path, options: options)).report)
        #expect(fromMemory.report.skippedLines == [3, 4])
        #expect(fromMemory.report.firstSkipReason?.hasSuffix(":3: emptyField in field 'app': expected a non-empty app") == true)
        #expect(throws: HistoryError.self) { try HistoryReader.read(bytes: Array(csv.utf8), path: path) }
        do {
            _ = try HistoryReader.read(bytes: Array(csv.utf8), path: path)
        } catch {
            #expect(error.line == 3 && error.file == path)
        }
    }
}
