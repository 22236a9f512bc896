import ArgumentParser
import DeviceImport
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
            (adb shell dumpsys usagestats text → launches; - reads standard input).
            Databases are never modified: each is read from a private temporary copy.
            Launches of these apps are dropped by default: \(ExcludedApps.defaults.joined(separator: ", ")).
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

    @Option(help: "UTC offset assumed where the source stores none (wellbeing, dumpsys, screentime), e.g. -04:00.")
    var utcOffset = "+00:00"

    @Option(name: .customLong("keep-app"), help: "Keep an app of the default exclusion list (repeatable).")
    var keepApps: [String] = []

    @Option(name: .customLong("exclude-app"), help: "Also drop this app's launches (repeatable).")
    var excludeApps: [String] = []

    @Flag(help: "Drop nothing: keep launchers, system UI and the system package.")
    var noDefaultExclusions = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard TimestampParser.parseOffset(Array(utcOffset.utf8)[...]) != nil else {
            throw ValidationError("--utc-offset must look like +02:00 or -0430, within ±18:00")
        }
        try _validateDeviceInput(kind, path: file)
    }

    func run() throws {
        try runMappingErrors {
            let offset = TimestampParser.parseOffset(Array(utcOffset.utf8)[...]) ?? 0
            var excluded = noDefaultExclusions ? Set<String>() : Set(ExcludedApps.defaults)
            excluded.subtract(keepApps)
            excluded.formUnion(excludeApps)
            let options = DeviceImportOptions(device: device, utcOffsetSeconds: offset, excludedApps: excluded)
            let (text, rows): (String, Int)
            if file == "-" {
                let events = try _deviceLaunches(kind, path: file, options: options)
                (text, rows) = (CanonicalCSVWriter.csv(events), events.count)
            } else {
                (text, rows) = try DeviceImporter.csv(kind, path: file, options: options)
            }
            try AtomicFile.write(text, to: output)
            if let note = _assumedOffsetNote(kind, utcOffsetSeconds: offset) { common.note(note) }
            if let limitation = kind.limitation { common.note("\(kind.rawValue): \(limitation)") }
            let what = kind.producesLaunches ? "launches" : "rows"
            common.note("\(kind.rawValue): \(rows) \(what)\(output == "-" ? "" : " written to \(output)")")
        }
    }
}
