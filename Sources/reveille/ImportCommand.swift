import ArgumentParser
import DeviceImport
import Foundation
import LaunchHistory
import ReveilleCore

/// `reveille import`: converts a device export to canonical launches CSV (or, for aggregate
/// sources, to the source's own table).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a device export to canonical launches CSV (device,app,timestamp[,duration]) or a table.",
        discussion: """
            Kinds: knowledgec (macOS/iOS knowledgeC.db /app/inFocus → launches), knowledgec-plugged \
            (/device/isPluggedIn → device,start,end), wellbeing (Android Digital Wellbeing app_usage → \
            launches), screentime (iOS RMAdminStore → device,app,hourStart,seconds,pickups,notifications; \
            no launch times), powerlog (iOS PowerLog foreground transitions → launches), \
            powerlog-predictions (DAS usage predictions → app,timestamp,slot0…), dumpsys \
            (adb shell dumpsys usagestats text → launches; - reads standard input), app-usage (Android \
            "App Usage" tracker CSV App,Date,Time,Duration → launches; read in --zone), biome (iOS 16+ \
            Biome App.InFocus SEGB stream file or folder → launches; read in --zone).
            Databases are never modified: each is read from a private temporary copy; stream files are \
            opened read-only. Each import prints the source files' names, sizes and SHA-256 and the \
            rules applied, and writes them to <output>.provenance.json beside a file output.
            Launches of these apps are dropped by default: \(ExcludedApps.defaults.joined(separator: ", ")).

            Examples:
              reveille import knowledgec knowledgeC.db -o launches.csv --device iphone
              reveille import wellbeing app_usage --utc-offset -04:00 -o launches.csv
              adb shell dumpsys usagestats | reveille import dumpsys - -o launches.csv
              reveille import app-usage export.csv --zone Europe/Paris -o launches.csv
              reveille import biome App.InFocus/local --zone America/New_York -o launches.csv
            """
    )

    @Argument(help: "What the file is.")
    var kind: DeviceKind

    @Argument(help: "The device database, or dumpsys text (- for standard input).")
    var file: String

    @Option(name: .shortAndLong, help: "Output file; - for standard output.")
    var output = "-"

    @Option(help: "Device identifier written into the output (default: the file name without extension).")
    var device: String?

    // `.unconditional`: a negative offset (`--utc-offset -04:00`, the example above) is the
    // option's value, not another option.
    @Option(parsing: .unconditional,
            help: "UTC offset of the times of sources that store none (wellbeing, dumpsys, screentime, app-usage, biome; required for them unless --zone is given), e.g. -04:00; powerlog's fallback when its time-zone table is empty (without it, such a PowerLog is an error, never read as UTC).")
    var utcOffset: String?

    @Option(help: "Time zone (IANA Area/City) of wellbeing, dumpsys, app-usage and biome; each launch gets the offset in effect then. Overrides --utc-offset.")
    var zone: String?

    @Option(name: .customLong("keep-app"), help: "Keep an app of the default exclusion list (repeatable).")
    var keepApps: [String] = []

    @Option(name: .customLong("exclude-app"), help: "Also drop this app's launches (repeatable).")
    var excludeApps: [String] = []

    @Flag(help: "Drop nothing: keep launchers, system UI and the system package.")
    var noDefaultExclusions = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let utcOffset, TimestampParser.parseOffset(Array(utcOffset.utf8)[...]) == nil {
            throw ValidationError("--utc-offset must look like +02:00 or -0430, within ±18:00")
        }
        try _validateDeviceInput(kind, path: file)
        try _requireOffset(kind, utcOffset: utcOffset != nil, zone: zone != nil)
        if let zone {
            guard kind.assumesUTCOffset, kind != .screentime else {
                throw ValidationError("--zone applies to wellbeing, dumpsys, app-usage and biome; use --utc-offset for \(kind.rawValue)")
            }
            guard TimeZone(identifier: zone) != nil else {
                throw ValidationError("--zone '\(zone)' is not a time-zone identifier such as Europe/Paris")
            }
        }
    }

    func run() throws {
        try runMappingErrors {
            let offset = utcOffset.flatMap { TimestampParser.parseOffset(Array($0.utf8)[...]) }
            var excluded = noDefaultExclusions ? Set<String>() : Set(ExcludedApps.defaults)
            excluded.subtract(keepApps)
            excluded.formUnion(excludeApps)
            let timeZone = zone.flatMap(TimeZone.init(identifier:))
            let options = DeviceImportOptions(device: device, utcOffsetSeconds: offset, excludedApps: excluded, timeZone: timeZone)
            let (text, rows): (String, Int)
            if file == "-" || kind.producesLaunches {
                let events = try _deviceLaunches(kind, path: file, options: options)
                (text, rows) = (CanonicalCSVWriter.csv(events), events.count)
                ProgressPrinter(label: "import", common: common).reportFinished(events)
            } else {
                (text, rows) = try DeviceImporter.csv(kind, path: file, options: options)
            }
            let provenance = try _provenance(rows: rows, excluded: excluded, timeZone: timeZone, offset: offset)
            // The launches and their provenance, both or neither.
            var outputs = [(data: Data(text.utf8), path: output)]
            if let provenance, output != "-" {
                outputs.append((Data(try DeterministicJSON.text(provenance).utf8), ImportProvenance.companionPath(forOutput: output)))
            }
            try AtomicFile.write(outputs)
            provenance?.summaryLines.forEach(common.note)
            if let timeZone {
                common.note("\(kind.rawValue): wall-clock times read in \(timeZone.identifier)")
            } else if let offset, let note = _assumedOffsetNote(kind, utcOffsetSeconds: offset) {
                common.note(note)
            }
            if let limitation = kind.limitation { common.note("\(kind.rawValue): \(limitation)") }
            let what = kind.producesLaunches ? "launches" : "rows"
            common.note("\(kind.rawValue): \(rows) \(what)\(output == "-" ? "" : " written to \(output)")")
        }
    }
}

extension ImportCommand {
    /// The provenance record of this import (`nil` for standard input, which cannot be re-read).
    func _provenance(rows: Int, excluded: Set<String>, timeZone: TimeZone?, offset: Int?) throws -> ImportProvenance? {
        guard file != "-" else { return nil }
        var rules = [kind.ruleDescription]
        if kind.producesLaunches {
            rules.append(excluded.isEmpty ? "excluded apps: none" : "excluded apps: \(excluded.sorted().joined(separator: ", "))")
        }
        if kind.assumesUTCOffset {
            rules.append(timeZone.map { "time zone: \($0.identifier)" } ?? "UTC offset assumed: \(offset.map { TimestampParser.formatOffset($0) } ?? "none")")
        }
        return try ImportProvenance(kind: kind, sourcePaths: kind.sourceFiles(path: file), rules: rules, rows: rows)
    }
}
