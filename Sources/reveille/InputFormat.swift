import ArgumentParser
import DeviceImport
import Foundation
import LaunchHistory
import ReveilleCore

/// Every history input the CLI reads: the text formats of `LaunchHistory` and the launch-producing
/// device exports of `DeviceImport`.
enum InputFormat: String, CaseIterable, ExpressibleByArgument {
    case csv, jsonl, lsapp
    case knowledgec, wellbeing, powerlog, dumpsys

    /// The text format, when this is one.
    var historyFormat: HistoryFormat? {
        switch self {
        case .csv: .csv
        case .jsonl: .jsonl
        case .lsapp: .lsapp
        case .knowledgec, .wellbeing, .powerlog, .dumpsys: nil
        }
    }

    /// The device kind, when this is one.
    var deviceKind: DeviceKind? {
        historyFormat == nil ? DeviceKind(rawValue: rawValue) : nil
    }
}

extension DeviceKind: ExpressibleByArgument {}

/// Raised when a SQLite database is given without `--format`.
struct UnnamedDatabase: UsageMistake {
    let path: String
    var description: String {
        "\(path) is a SQLite database; name its kind with --input-format knowledgec, wellbeing or powerlog (or convert it with `reveille import`)"
    }
}

/// Whether `path` starts with the SQLite header (false for `-` and unreadable files).
func _looksLikeSQLite(_ path: String) -> Bool {
    guard path != "-", let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    return (try? handle.read(upToCount: 16)) == Data("SQLite format 3\u{0}".utf8)
}

/// Launches from a device export; `-` reads `dumpsys` text from standard input.
func _deviceLaunches(_ kind: DeviceKind, path: String, options: DeviceImportOptions) throws -> [LaunchEvent] {
    guard path == "-" else { return try DeviceImporter.launches(kind, path: path, options: options) }
    let text = String(decoding: try _standardInput(), as: UTF8.self)
    return try DeviceImporter.checkNames(DumpsysUsageStats.launches(text: text, file: "-", device: options.device ?? "stdin",
                                                                     zone: try options.zone(file: "-"), excluded: options.excludedApps), file: "-")
}

/// Checks that a device kind can read `path` (`-` only for `dumpsys`).
func _validateDeviceInput(_ kind: DeviceKind, path: String) throws {
    if path == "-" && kind != .dumpsys {
        throw ValidationError("\(kind.rawValue) reads a database file, not standard input")
    }
}

/// Refuses a source that stores no UTC offset (``DeviceKind/assumesUTCOffset``) when neither
/// `--utc-offset` nor `--zone` is given: Reveille never assumes UTC silently (exit 64).
func _requireOffset(_ kind: DeviceKind, utcOffset: Bool, zone: Bool) throws {
    guard kind.assumesUTCOffset, !utcOffset, !zone else { return }
    let options = kind == .screentime ? "--utc-offset ±HH:MM" : "--zone Area/City (e.g. Europe/Paris) or --utc-offset ±HH:MM"
    throw ValidationError("\(kind.rawValue) stores times without a UTC offset or time zone: give \(options)")
}

/// The stderr note for sources that store no UTC offset, or `nil`.
func _assumedOffsetNote(_ kind: DeviceKind, utcOffsetSeconds: Int) -> String? {
    switch kind {
    case .wellbeing, .dumpsys, .screentime, .appUsage, .biome:
        "\(kind.rawValue) stores no time zone: read at the given UTC offset \(TimestampParser.formatOffset(utcOffsetSeconds))"
    case .powerlog, .powerlogPredictions:
        "powerlog: offsets from its time-zone table; \(TimestampParser.formatOffset(utcOffsetSeconds)) assumed only if it has none"
    case .knowledgec, .knowledgecPlugged:
        nil
    }
}

/// All of standard input, through the throwing read (`readDataToEndOfFile()` traps on a failed
/// read, e.g. a directory redirected to standard input).
/// - Throws: `HistoryError` `unreadable` naming `-`.
func _standardInput() throws -> Data {
    do { return try FileHandle.standardInput.readToEnd() ?? Data() } catch {
        throw HistoryError(.unreadable, file: "-", expected: "readable standard input (\(FileDescriptorIO.Failure(error).reason))")
    }
}
