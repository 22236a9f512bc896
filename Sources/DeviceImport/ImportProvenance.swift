import Crypto
import Foundation
import ReveilleCore

/// Where an import came from and how it was read, as forensic tools record it: each source file's
/// name, size and SHA-256, the importer, and the rules applied. `reveille import` prints it on
/// stderr and writes it beside the output as `<output>.provenance.json` (atomically).
public struct ImportProvenance: Codable, Sendable, Equatable {
    /// The version of this record's layout.
    public static let schemaVersion = 1

    /// One source file.
    public struct Source: Codable, Sendable, Equatable {
        /// The file name without directories.
        public var name: String
        /// The path as given.
        public var path: String
        /// Size in bytes.
        public var sizeBytes: Int
        /// Lower-case hexadecimal SHA-256 of the file's bytes.
        public var sha256: String
    }

    public var schemaVersion: Int
    /// The ``DeviceKind`` raw value (`app-usage`, `biome`, …).
    public var importer: String
    /// The source files, in the order read.
    public var sources: [Source]
    /// The rules applied, in words (launch rule, exclusions, time zone).
    public var rules: [String]
    /// Data rows written.
    public var rows: Int

    /// The provenance of an import of `kind` from `sourcePaths` that wrote `rows` rows.
    /// - Throws: ``DeviceImportError`` `.unreadable` naming a source that cannot be hashed.
    public init(kind: DeviceKind, sourcePaths: [String], rules: [String], rows: Int) throws(DeviceImportError) {
        var sources: [Source] = []
        for path in sourcePaths {
            let (size, digest) = try Self.digest(path: path)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            sources.append(Source(name: name, path: path, sizeBytes: size, sha256: digest))
        }
        self.schemaVersion = Self.schemaVersion
        self.importer = kind.rawValue
        self.sources = sources
        self.rules = rules
        self.rows = rows
    }

    /// Size and SHA-256 (hex) of the file at `path`, read in 1 MiB chunks.
    public static func digest(path: String) throws(DeviceImportError) -> (size: Int, sha256: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DeviceImportError(.unreadable, file: path, expected: "a readable source file to hash")
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        var size = 0
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw DeviceImportError(.unreadable, file: path, expected: "a readable source file to hash")
            }
            if chunk.isEmpty { break }
            hasher.update(data: chunk)
            size += chunk.count
        }
        return (size, HexText.lowercase(hasher.finalize()))
    }

    /// The lines printed on stderr: one per source, then the rules.
    public var summaryLines: [String] {
        sources.map { "\(importer): source \($0.name) \($0.sizeBytes) bytes sha256 \($0.sha256)" }
            + rules.map { "\(importer): rule: \($0)" }
    }

    /// The companion file of an output path.
    public static func companionPath(forOutput output: String) -> String {
        output + ".provenance.json"
    }
}

extension DeviceKind {
    /// The source files an import of this kind at `path` reads (the stream files of a Biome folder).
    public func sourceFiles(path: String) throws(DeviceImportError) -> [String] {
        self == .biome ? try Biome.streamFiles(path: path) : [path]
    }

    /// The import rule of this kind, in words.
    public var ruleDescription: String {
        switch self {
        case .knowledgec: "knowledgec: ZOBJECT rows of stream /app/inFocus are launches, offsets from ZSECONDSFROMGMT"
        case .knowledgecPlugged: "knowledgec-plugged: /device/isPluggedIn rows with value 1 are plugged-in intervals"
        case .wellbeing: "wellbeing: ACTIVITY_RESUMED events are arrivals ended by paired PAUSED/STOPPED; consecutive arrivals of one package merge; excluded packages dropped"
        case .screentime: "screentime: hourly usage rows of RMAdminStore; no launch times"
        case .powerlog: "powerlog: foreground application-state transitions are arrivals; consecutive arrivals of one app merge; excluded apps dropped"
        case .powerlogPredictions: "powerlog-predictions: DAS application-usage prediction rows as stored"
        case .dumpsys: "dumpsys: ACTIVITY_RESUMED/MOVE_TO_FOREGROUND lines are arrivals, duplicates across intervals counted once; consecutive arrivals of one package merge; excluded packages dropped"
        case .appUsage: AppUsageCSV.ruleDescription
        case .biome: Biome.ruleDescription
        }
    }
}
