import DeviceImport
import Foundation
import Testing
import TestSupport

/// The SEGB fixtures are written by `Fixtures/make_biome_fixtures.py` from the layout that ccl-segb
/// and iLEAPP document (no public App.InFocus stream from a device is available to the project).
@Suite struct BiomeTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixture(name))))
    }
    /// 2023-10-01T08:00:00Z.
    static let t0: Double = 1_696_147_200

    @Test func crc32MatchesZlib() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test func v2ContainerHasNineRecordsOneDeleted() throws {
        let (version, records) = try SEGB.records(Self.bytes("biome-infocus-v2.segb"), file: "v2")
        #expect(version == .v2)
        #expect(records.count == 9)
        #expect(records.filter { $0.state == .deleted }.map(\.index) == [4])
        #expect(records[0].macAbsoluteTime == Self.t0 - SEGB.macEpochOffsetSeconds)
        #expect(records[4].data == [UInt8](repeating: 0, count: 11))
    }

    @Test func v2EntryTableOutOfOrderIsReadInOffsetOrder() throws {
        var b = try Self.bytes("biome-infocus-v2.segb")
        let table = b.count - 9 * 16
        let first = Array(b[table..<(table + 16)]), second = Array(b[(table + 16)..<(table + 32)])
        b.replaceSubrange(table..<(table + 32), with: second + first)
        let original = try SEGB.records(Self.bytes("biome-infocus-v2.segb"), file: "v2").records
        let swapped = try SEGB.records(b, file: "v2").records
        #expect(swapped.map(\.index).prefix(3) == [1, 0, 2])
        #expect(swapped.map(\.data) == original.map(\.data))
    }

    @Test func v2StreamGivesThreeLaunchesWithoutSpringBoard() throws {
        let events = try Biome.launches(path: Self.fixture("biome-infocus-v2.segb"), device: "iphone", zone: .fixed(7200))
        #expect(events.map(\.app) == ["com.apple.mobilesafari", "com.apple.MobileSMS", "com.apple.mobilesafari"])
        #expect(events.map(\.instant) == [Self.t0 + 10, Self.t0 + 100, Self.t0 + 200])
        #expect(events.map(\.durationSeconds) == [60, 60, 60])
        #expect(events.allSatisfy { $0.utcOffsetSeconds == 7200 && $0.device == "iphone" })
    }

    @Test func v1StreamSkipsTheDeletedRecord() throws {
        let (version, records) = try SEGB.records(Self.bytes("biome-infocus-v1.segb"), file: "v1")
        #expect(version == .v1 && records.count == 4)
        let events = try Biome.launches(path: Self.fixture("biome-infocus-v1.segb"), device: "iphone", zone: .fixed(0))
        #expect(events.map(\.app) == ["com.spotify.client", "com.apple.mobilesafari"])
        #expect(events.map(\.instant) == [Self.t0 - 86_400, Self.t0 - 86_000])
        #expect(events.map(\.durationSeconds) == [300, nil])
    }

    @Test func streamFolderReadsLocalFilesAndSkipsHiddenAndTombstone() throws {
        let root = Scratch.path("App.InFocus-").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/local/tombstone", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture("biome-infocus-v1.segb"), toPath: root + "/local/696000000000000")
        try FileManager.default.copyItem(atPath: Self.fixture("biome-infocus-v2.segb"), toPath: root + "/local/697000000000000")
        try Data("not segb".utf8).write(to: URL(fileURLWithPath: root + "/local/.DS_Store"))
        try Data("not segb".utf8).write(to: URL(fileURLWithPath: root + "/local/tombstone/1"))
        #expect(try Biome.streamFiles(path: root).map { $0.split(separator: "/").last.map(String.init) } == ["696000000000000", "697000000000000"])
        let events = try Biome.launches(path: root, device: "iphone", zone: .fixed(0))
        #expect(events.count == 5)
        #expect(events.map(\.app).filter { $0 == "com.apple.mobilesafari" }.count == 3)
    }

    @Test func badMagicIsNotSEGB() throws {
        var b = try Self.bytes("biome-infocus-v2.segb")
        b[0] = UInt8(ascii: "X")
        #expect(throws: DeviceImportError(.notSEGB, file: "f", expected: "the magic 'SEGB' at offset 0 (v2) or 52 (v1)")) {
            try SEGB.records(b, file: "f")
        }
    }

    @Test func flippedDataByteIsACRCMismatchNamingTheRecord() throws {
        var b = try Self.bytes("biome-infocus-v1.segb")
        b[56 + 32 + 5] ^= 0xFF
        do {
            _ = try SEGB.records(b, file: "f")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .checksumMismatch && error.record == 0 && error.field == "crc32")
        }
    }

    @Test(arguments: [40, 100, 300])
    func truncatedV1IsATruncatedRecord(keeping count: Int) throws {
        let b = Array(try Self.bytes("biome-infocus-v1.segb").prefix(count))
        do {
            _ = try SEGB.records(b, file: "f")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == (count < 56 ? .notSEGB : .truncatedRecord))
        }
    }

    @Test func truncatedV2EntryTableIsATruncatedRecord() throws {
        let b = try Self.bytes("biome-infocus-v2.segb")
        do {
            _ = try SEGB.records(Array(b.dropLast(20)), file: "f")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .truncatedRecord && error.record != nil)
        }
        var huge = b
        huge[4] = 0xFF; huge[5] = 0xFF
        #expect(throws: DeviceImportError.self) { try SEGB.records(huge, file: "f") }
    }

    @Test func recordThatIsNotProtobufNamesRecordAndField() throws {
        // A v2 file with one written record of bytes that are not a protobuf message.
        let data: [UInt8] = [0x0B, 0xFF, 0xFF]
        let crc = CRC32.checksum(data)
        var b = Array("SEGB".utf8) + [1, 0, 0, 0] + [UInt8](repeating: 0, count: 24)
        b += (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) } + [0, 0, 0, 0] + data + [0]
        b += [11, 0, 0, 0, 1, 0, 0, 0] + [UInt8](repeating: 0, count: 8)
        do {
            _ = try Biome.focusEvents(in: b, file: "f")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidValue && error.record == 0 && error.field == "protobuf")
        }
    }
}
