import Foundation
import LaunchHistory
import ReveilleCore
import SwiftProtobuf

/// Reader for iOS 16+ Biome `App.InFocus` streams (`/private/var/mobile/Library/Biome/streams/
/// restricted/App.InFocus/local/`), where iOS 16 moved the app-focus records that knowledgeC.db
/// held before.
///
/// Each stream file is a ``SEGB`` container (v1 or v2) whose written records are protobuf
/// messages with, as iLEAPP's `biomeInfocus` parser documents them: field 3 the starting flag
/// (varint, 1 when the app comes into focus, 0 when it leaves), field 4 the absolute time (double,
/// Mac absolute time), field 6 the bundle id (string). Other fields are skipped.
///
/// Launch rule: written records only; a starting record of a bundle is a foreground arrival, the
/// next non-starting record of the same bundle ends it; arrivals then follow the run rule of the
/// Wellbeing reader (a new launch when the app differs from the previous arrival's; excluded apps,
/// `com.apple.springboard` by default, take part in that comparison but are dropped). The records
/// carry no UTC offset, so the caller's zone or offset is used. Files are read read-only and
/// never modified.
public enum Biome {
    /// The rule in words, for provenance records.
    public static let ruleDescription = "biome: SEGB v1/v2 written records with valid CRC-32; protobuf field 3 starting flag, field 4 Mac absolute time, field 6 bundle id; starting records are arrivals ended by the bundle's next non-starting record; consecutive arrivals of one app merge; excluded apps dropped; offset assumed"

    /// The stream files at `path`: the file itself, or the regular, non-hidden files directly in a
    /// stream folder (its `local` subfolder when it has one), sorted by name. Subfolders such as
    /// `tombstone` are skipped.
    /// - Throws: ``DeviceImportError`` `.fileNotFound`, or `.emptyStream` for a folder with no file.
    public static func streamFiles(path: String) throws(DeviceImportError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DeviceImportError(.fileNotFound, file: path, expected: "an App.InFocus SEGB file or stream folder")
        }
        guard isDirectory.boolValue else { return [path] }
        var folder = path
        var localIsDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path + "/local", isDirectory: &localIsDirectory), localIsDirectory.boolValue {
            folder = path + "/local"
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        let files = names.filter { name in
            var dir: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &dir) && !dir.boolValue
        }.map { folder + "/" + $0 }
        guard !files.isEmpty else {
            throw DeviceImportError(.emptyStream, file: path, expected: "at least one SEGB stream file in \(folder)")
        }
        return files
    }

    /// Launches in the stream file or folder at `path`, sorted by time.
    /// - Throws: ``DeviceImportError`` — from ``streamFiles(path:)`` and ``SEGB/records(_:file:)``;
    ///   `.unreadable`; `.invalidValue` naming the record and field for a record that is not a
    ///   protobuf message, lacks field 4 or 6, or whose time lies outside 1990–2100; `.emptyStream`
    ///   when no starting record of a non-excluded app is found.
    public static func launches(path: String, device: String, zone: AppUsageCSV.Zone,
                                excluded: Set<String> = Set(ExcludedApps.defaults)) throws(DeviceImportError) -> [LaunchEvent] {
        var events: [FocusRecord] = []
        for file in try streamFiles(path: path) {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw DeviceImportError(.unreadable, file: file, expected: "a readable SEGB file")
            }
            events += try focusEvents(in: [UInt8](data), file: file)
        }
        let launches = _ForegroundRuns.launches(_paired(events), device: device, offset: { zone.offset(at: $0) }, excluded: excluded)
        guard !launches.isEmpty else {
            throw DeviceImportError(.emptyStream, file: path, expected: "at least one written App.InFocus record with starting = 1 of a non-excluded app")
        }
        return launches
    }

    /// One decoded `App.InFocus` record: the bundle id, whether it came into focus, and when.
    public struct FocusRecord: Sendable, Equatable {
        public let bundleID: String
        public let starting: Bool
        /// Unix seconds.
        public let instant: Double
    }

    /// The decoded written records of one SEGB file, in file order.
    public static func focusEvents(in bytes: [UInt8], file: String) throws(DeviceImportError) -> [FocusRecord] {
        var result: [FocusRecord] = []
        for record in try SEGB.records(bytes, file: file).records where record.state == .written {
            var options = BinaryDecodingOptions()
            options.discardUnknownFields = true
            options.messageDepthLimit = 8
            let message: _InFocusMessage
            do {
                message = try _InFocusMessage(serializedBytes: record.data, options: options)
            } catch {
                throw DeviceImportError(.invalidValue, file: file, record: record.index, field: "protobuf",
                                        expected: "a protobuf message (\(error))")
            }
            guard let bundleID = message.bundleID, !bundleID.isEmpty else {
                throw DeviceImportError(.invalidValue, file: file, record: record.index, field: "6 (bundle id)", expected: "a non-empty string")
            }
            guard let time = message.absoluteTime, time.isFinite, LocalClock.isValidInstant(time + SEGB.macEpochOffsetSeconds) else {
                throw DeviceImportError(.invalidValue, file: file, record: record.index, field: "4 (absolute time)",
                                        expected: "a Mac absolute time giving " + LocalClock.validInstantDescription)
            }
            result.append(FocusRecord(bundleID: bundleID, starting: message.starting ?? false, instant: time + SEGB.macEpochOffsetSeconds))
        }
        return result
    }

    static func _paired(_ events: [FocusRecord]) -> [_Resume] {
        let ordered = events.enumerated().sorted { ($0.element.instant, $0.offset) < ($1.element.instant, $1.offset) }.map(\.element)
        var arrivals: [_Resume] = []
        var open: [String: Int] = [:]
        for e in ordered {
            if e.starting {
                open[e.bundleID] = arrivals.count
                arrivals.append(_Resume(instant: e.instant, app: e.bundleID, end: nil))
            } else if let index = open.removeValue(forKey: e.bundleID) {
                arrivals[index].end = e.instant
            }
        }
        return arrivals
    }
}

/// The fields of an `App.InFocus` record that Reveille reads, decoded with SwiftProtobuf's binary
/// decoder (unknown fields discarded). Written by hand from the documented field numbers: Apple
/// publishes no `.proto`.
struct _InFocusMessage: SwiftProtobuf.Message, Equatable {
    static let protoMessageName = "reveille.biome.AppInFocus"
    var unknownFields = SwiftProtobuf.UnknownStorage()
    /// Field 3.
    var starting: Bool?
    /// Field 4.
    var absoluteTime: Double?
    /// Field 6.
    var bundleID: String?

    init() {}

    mutating func decodeMessage<D: SwiftProtobuf.Decoder>(decoder: inout D) throws {
        while let number = try decoder.nextFieldNumber() {
            switch number {
            case 3: try decoder.decodeSingularBoolField(value: &starting)
            case 4: try decoder.decodeSingularDoubleField(value: &absoluteTime)
            case 6: try decoder.decodeSingularStringField(value: &bundleID)
            default: break
            }
        }
    }

    func traverse<V: SwiftProtobuf.Visitor>(visitor: inout V) throws {
        if let starting { try visitor.visitSingularBoolField(value: starting, fieldNumber: 3) }
        if let absoluteTime { try visitor.visitSingularDoubleField(value: absoluteTime, fieldNumber: 4) }
        if let bundleID { try visitor.visitSingularStringField(value: bundleID, fieldNumber: 6) }
        try unknownFields.traverse(visitor: &visitor)
    }

    func isEqualTo(message: any SwiftProtobuf.Message) -> Bool {
        (message as? _InFocusMessage) == self
    }
}
