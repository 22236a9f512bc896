import ArgumentParser
import Foundation
import DeviceImport
import LaunchHistory
import ReveilleCore

/// Flags every command shares.
struct CommonOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Silence progress and notes on stderr (warnings are still printed).")
    var quiet = false

    /// Writes a note or progress line to stderr unless `--quiet`.
    func note(_ message: String) {
        guard !quiet else { return }
        StandardError.write(message)
    }

    /// Writes a warning (something the user should act on: data skipped, inputs unused) to stderr,
    /// even with `--quiet`.
    func warn(_ message: String) {
        StandardError.write("warning: " + message)
    }
}

/// Options for reading one launch history.
struct HistoryInputOptions: ParsableArguments {
    @Argument(help: "Launch history: canonical CSV, JSON Lines, LSApp TSV, a device export (see --format), or - for standard input.")
    var history: String

    @Option(name: .customLong("input-format"), help: """
        Input format (default: guessed from the extension: .jsonl, .tsv → lsapp, else csv). Device \
        exports are read directly: knowledgec (knowledgeC.db), wellbeing (Digital Wellbeing app_usage), \
        powerlog (iOS PowerLog), dumpsys (adb shell dumpsys usagestats text).
        """)
    var format: InputFormat?

    @Option(name: .customLong("export-device"),
            help: "Device identifier given to launches read from a device export (default: the file name without extension).")
    var device: String?

    @Flag(help: "Skip invalid rows (counted and reported) instead of failing on the first.")
    var skipInvalid = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("UTC offset assumed where the input has none (Unix times without a utc_offset or zone column, LSApp, wellbeing, dumpsys), e.g. -04:00. Without it (or --zone) such input is an error: Reveille never assumes UTC.",
                               valueName: "±HH:MM"))
    var utcOffset: OffsetArgument?

    @Option(name: .customLong("zone"),
            help: ArgumentHelp("IANA time zone of the devices (e.g. America/New_York) where the input has no offset: Unix times take its offset at their instant; `train` stores it in the model.",
                               valueName: "zone"))
    var zone: String?

    /// The `--zone` time zone, if given (validated).
    var timeZone: TimeZone? { zone.flatMap { TimeZone(identifier: $0) } }

    func validate() throws {
        if let zone, TimeZone(identifier: zone) == nil {
            throw ValidationError("--zone must be an IANA time zone such as America/New_York, got '\(zone)'")
        }
        if let kind = format?.deviceKind {
            try _validateDeviceInput(kind, path: history)
            try _requireOffset(kind, utcOffset: utcOffset != nil, zone: zone != nil)
        }
    }

    /// The reader options these flags give (`--skip-invalid`, `--utc-offset`, `--zone`) for `format`.
    func readOptions(format: HistoryFormat?) -> HistoryReadOptions {
        HistoryReadOptions(format: format, skipInvalid: skipInvalid, defaultUTCOffsetSeconds: utcOffset?.seconds,
                           defaultZone: timeZone)
    }

    /// Reads the history, reporting skips, reordering and duplicates on stderr.
    func load(_ common: CommonOptions) throws -> LaunchHistory {
        if let kind = format?.deviceKind {
            let offset = utcOffset?.seconds
            let events = try _deviceLaunches(kind, path: history, options: DeviceImportOptions(device: device, utcOffsetSeconds: offset, timeZone: timeZone))
            if timeZone == nil, let offset, let note = _assumedOffsetNote(kind, utcOffsetSeconds: offset) { common.note(note) }
            return LaunchHistory(events: events)
        }
        if format == nil, _looksLikeSQLite(history) { throw UnnamedDatabase(path: history) }
        let options = readOptions(format: format?.historyFormat)
        let history = try HistoryReader.read(path: history, options: options)
        let r = history.report
        if r.skippedInvalid > 0 {
            let lines = r.skippedLines.map(String.init).joined(separator: ", ")
            common.warn("skipped \(r.skippedInvalid) invalid rows (first lines: \(lines)); first reason: \(r.firstSkipReason ?? "")")
        }
        if r.outOfOrderRows > 0 { common.note("sorted \(r.outOfOrderRows) out-of-order rows") }
        if r.duplicatesDropped > 0 { common.note("dropped \(r.duplicatesDropped) exact duplicate rows") }
        return history
    }
}

extension LaunchHistory {
    /// Only `device`'s launches (the whole history for `nil`); `UnknownDeviceError` (exit 64,
    /// listing the devices) when the history has no such device.
    func only(device: String?, source: String) throws -> LaunchHistory {
        guard let device else { return self }
        guard let one = self.device(device) else {
            throw UnknownDeviceError(device: device, source: source, available: devices.map(\.device))
        }
        return LaunchHistory(devices: [one], report: report)
    }
}
