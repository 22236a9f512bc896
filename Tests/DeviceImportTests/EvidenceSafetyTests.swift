import DeviceImport
import Foundation
import GRDB
import Testing
import TestSupport

/// An evidence file must never change: same bytes after every import, and no `-wal`, `-shm` or
/// `-journal` files beside it — also in a writable directory, where SQLite could create them.
@Suite struct EvidenceSafetyTests {
    static let cases: [(String, DeviceKind)] = [
        ("apple/knowledgec-10.14.db", .knowledgec),
        ("apple/knowledgec-10.13.db", .knowledgecPlugged),
        ("android-wellbeing/app_usage.sqlite", .wellbeing),
        ("apple/RMAdminStore-Local.sqlite", .screentime),
        ("apple/powerlog_2021-12-16_05-54_84E2141B.PLSQL", .powerlog),
        ("apple/powerlog_2021-12-16_05-54_84E2141B.PLSQL", .powerlogPredictions),
    ]

    @Test(arguments: cases.indices)
    func writableCopyIsUnchangedAndGetsNoSidecars(_ index: Int) throws {
        let (fixture, kind) = Self.cases[index]
        let (path, dir) = try TestDatabases.writableCopy(of: Fixtures.dataset(fixture))
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try fileBytes(path)
        let names = try listing(dir)
        _ = try? DeviceImporter.csv(kind, path: path)
        #expect(try fileBytes(path) == before)
        #expect(try listing(dir) == names)
    }

    @Test func sharedFixturesStayByteIdentical() throws {
        let path = Fixtures.dataset("apple/knowledgec-10.14.db")
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent()
        let before = try fileBytes(path)
        let names = try listing(dir)
        _ = try KnowledgeC.launches(path: path, device: "mac")
        #expect(try fileBytes(path) == before)
        #expect(try listing(dir) == names)
        #expect(!names.contains { $0.hasSuffix("-wal") || $0.hasSuffix("-shm") })
    }

    /// The measurement behind copying: GRDB's `Configuration.readonly` alone, in place, leaves
    /// `-wal` and `-shm` files beside a WAL-mode database.
    @Test func inPlaceReadonlyOpenWouldCreateSidecars() throws {
        let (path, dir) = try TestDatabases.writableCopy(of: Fixtures.dataset("apple/knowledgec-10.13.db"))
        defer { try? FileManager.default.removeItem(at: dir) }
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM ZOBJECT") }
        try queue.close()
        #expect(try listing(dir).contains { $0.hasSuffix("-shm") })
    }
}
