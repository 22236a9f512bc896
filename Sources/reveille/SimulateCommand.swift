import ArgumentParser
import Foundation
import LaunchHistory
import ReveilleCore
import LaunchSimulator

/// `reveille simulate`: a deterministic simulated launch history with its ground truth.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Simulate people's app launches (canonical CSV) with the true intensities (JSON).",
        discussion: """
        Each person has 20–60 apps with hour × weekday routines, bursts, rare apps, installs and \
        abandons, habit drift, a vacation week, a trip across time zones and DST changes. The same \
        options give the same bytes. Statistics of the result go to stderr.


        Examples:
          reveille simulate --devices 20 --days 35 --seed 7 -o launches.csv --truth truth.json
        """
    )

    @Option(help: "Number of simulated people (devices), 1…100000.")
    var devices: Int

    @Option(help: "Local days per device, 1…3660.")
    var days: Int

    @Option(help: "Seed of the simulator's generator.")
    var seed: UInt64

    @Option(help: "First local day, YYYY-MM-DD.")
    var start = "2024-03-04"

    @Option(name: .shortAndLong, help: "Output canonical CSV (- for standard output).")
    var output: String

    @Option(help: "Also write the ground truth (per-app intensities, offsets) as JSON here.")
    var truth: String?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard (1...100_000).contains(devices) else { throw ValidationError("--devices must be in 1…100000") }
        guard (1...3_660).contains(days) else { throw ValidationError("--days must be in 1…3660") }
        guard let first = Self._day(start) else { throw ValidationError("--start must be a date like 2024-03-04") }
        // Every simulated instant (a day either side for the devices' offsets and trips) within
        // the years every reader accepts: the output must read back.
        guard LocalClock.isValidInstant(LocalClock.startOfDay(first - 1, utcOffsetSeconds: 0)),
              LocalClock.isValidInstant(LocalClock.startOfDay(first + days + 1, utcOffsetSeconds: 0)) else {
            throw ValidationError("--start and --days must keep the simulated days within \(LocalClock.validInstantDescription)")
        }
        guard truth != "-" || output != "-" else { throw ValidationError("--truth and -o cannot both be standard output") }
    }

    func run() throws {
        try runMappingErrors {
            let firstDay = Self._day(start) ?? 0
            // Device by device into the output (its temporary file), so memory holds one device's
            // launches however many devices there are (all of them took 146 MB for 20 × 365 days);
            // the truth is written before the CSV is moved into place, and a failure leaves neither.
            let csv = try LineOutput(path: output)
            var statistics = LaunchStatistics.Accumulator()
            var header: Bool?
            let groundTruth: GroundTruth
            do {
                groundTruth = try LaunchSimulator.simulate(.init(devices: devices, days: days, seed: seed, firstDay: firstDay),
                                                           progress: ProgressPrinter(label: "simulate", common: common).handler) { launches in
                    // The simulator gives every launch a duration: the header is the whole file's.
                    let withDuration = header ?? launches.contains { $0.durationSeconds != nil }
                    if header == nil { try csv.write(CanonicalCSVWriter.header(withDuration: withDuration)) }
                    header = withDuration
                    try csv.write(CanonicalCSVWriter.rows(launches, withDuration: withDuration))
                    statistics.add(device: launches)
                }
                if let truth { try AtomicFile.write(try groundTruth.jsonData(), to: truth) }
            } catch {
                csv.abandon()
                throw error
            }
            try csv.finish()
            common.note(statistics.statistics.text)
        }
    }

    /// The day number of `YYYY-MM-DD`, if it is a valid date.
    static func _day(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        let day = TimestampParser.daysFromCivil(year: y, month: m, day: d)
        let back = TimestampParser.civilFromDays(day)
        return back.year == y && back.month == m && back.day == d ? day : nil
    }
}
