@_spi(Fuzzing) @testable import DeviceImport
import Foundation
import GRDB
import Testing
import TestSupport

/// An ``EvidenceStore`` opened once gives every kind exactly what reading by path gives, on the
/// real fixtures; a borrowed connection (the fuzz harness's) sees the rows its owner writes.
@Suite struct EvidenceStoreTests {
    static let sources: [(kind: DeviceKind, file: String)] = [
        (.knowledgec, "apple/knowledgec-10.14.db"),
        (.knowledgec, "apple/knowledgec-10.13.db"),
        (.wellbeing, "android-wellbeing/app_usage.sqlite"),
        (.screentime, "apple/RMAdminStore-Local.sqlite"),
        (.powerlog, "apple/powerlog_2021-12-16_05-54_84E2141B.PLSQL"),
        (.powerlogPredictions, "apple/powerlog_2021-12-16_05-54_84E2141B.PLSQL"),
    ]

    @Test(arguments: sources.indices)
    func aStoreImportsWhatThePathDoes(_ index: Int) throws {
        let (kind, file) = Self.sources[index]
        let path = Fixtures.dataset(file)
        let options = DeviceImportOptions(utcOffsetSeconds: 3600)
        let byPath = try DeviceImporter.csv(kind, path: path, options: options)
        let store = try EvidenceStore(path: path)
        defer { store.close() }
        let byStore = try DeviceImporter.csv(kind, store: store, options: options)
        #expect(byStore.rows > 0)
        #expect(byStore.rows == byPath.rows)
        #expect(byStore.text == byPath.text)
        if kind.producesLaunches {
            #expect(try DeviceImporter.launches(kind, store: store, options: options) == DeviceImporter.launches(kind, path: path, options: options))
        }
    }

    @Test func oneStoreServesSeveralKindsAndCloseRemovesItsCopy() throws {
        let path = Fixtures.dataset("apple/powerlog_2021-12-16_05-54_84E2141B.PLSQL")
        let store = try EvidenceStore(path: path)
        let directory = try #require(store.database.directory).path
        #expect(try DeviceImporter.csv(.powerlog, store: store, options: .init(utcOffsetSeconds: 0)).rows == 1)
        #expect(try DeviceImporter.csv(.powerlogPredictions, store: store, options: .init(utcOffsetSeconds: 0)).rows > 0)
        #expect(FileManager.default.fileExists(atPath: directory))
        store.close()
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test func textKindsAndTablesAreRefusedWithTheStoresFile() throws {
        let path = Fixtures.dataset("apple/knowledgec-10.14.db")
        let store = try EvidenceStore(path: path)
        defer { store.close() }
        for kind in [DeviceKind.dumpsys, .appUsage, .biome] {
            #expect(throws: DeviceImportError.self) { try DeviceImporter.csv(kind, store: store) }
            do {
                _ = try DeviceImporter.launches(kind, store: store)
                Issue.record("\(kind) imported from a store")
            } catch {
                #expect(error.code == .notSQLite)
                #expect(error.file == path)
            }
        }
        do {
            _ = try DeviceImporter.launches(.screentime, store: store)
            Issue.record("a table imported as launches")
        } catch {
            #expect(error.code == .noLaunchTimes)
        }
    }

    @Test func aBorrowedConnectionSeesItsOwnersWritesAndStaysOpen() throws {
        let path = try TestDatabases.knowledgeC([("/app/inFocus", "com.a", nil, 600_000_000, 600_000_100, 3600)])
        let queue = try DatabaseQueue(path: path)
        let store = EvidenceStore(borrowing: queue, file: "scratch.db")
        #expect(store.database.directory == nil)
        let first = try DeviceImporter.launches(.knowledgec, store: store)
        #expect(first.map(\.app) == ["com.a"])
        #expect(first.first?.device == "scratch")
        try queue.write { db in try db.execute(sql: "UPDATE ZOBJECT SET ZVALUESTRING = 'com.b'") }
        store.close()
        #expect(try DeviceImporter.launches(.knowledgec, store: store).map(\.app) == ["com.b"])
        try queue.close()
    }
}
