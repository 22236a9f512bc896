import LaunchHistory
import ReveilleCore

/// Simulates launch histories of many people, with the ground truth that produced them.
///
/// ```swift
/// let run = try LaunchSimulator.simulate(.init(devices: 20, days: 35, seed: 42))
/// let csv = CanonicalCSVWriter.csv(run.events)
/// let truthJSON = try run.truth.jsonData()
/// ```
public enum LaunchSimulator {
    /// What to simulate.
    public struct Options: Sendable, Equatable {
        /// Number of people (devices), 1…100 000.
        public var devices: Int
        /// Number of local days per device, 1…3 660.
        public var days: Int
        /// Seed of the simulator's own generator; the same options give the same bytes.
        public var seed: UInt64
        /// First local day (days since 1970-01-01). Default: 2024-03-04, a Monday, so that a
        /// 35-day run crosses both the US (10 March) and EU (31 March) DST changes.
        public var firstDay: Int

        /// Options with the default start 2024-03-04.
        public init(devices: Int, days: Int, seed: UInt64,
                    firstDay: Int = TimestampParser.daysFromCivil(year: 2024, month: 3, day: 4)) {
            self.devices = devices
            self.days = days
            self.seed = seed
            self.firstDay = firstDay
        }
    }

    /// A finished simulation: the launches (sorted by device, then instant) and the truth.
    public struct Run: Sendable {
        /// Launches sorted by device, then instant (then app, then duration).
        public var events: [LaunchEvent]
        /// The parameters that generated them.
        public var truth: GroundTruth
    }

    /// Simulates `options.devices` people. Device `i` is named `sim-NNN`, zero-padded to the
    /// digits of the largest index and to at least 3 (`sim-000` … `sim-999`; `sim-0000` …
    /// `sim-1000` for 1,001 devices), so that the names sort as the devices are written (what
    /// `--stream` readers require), and depends only on `(seed, i)`. Throws ``SimulationError`` for out-of-range
    /// options. `progress` receives the device-days simulated so far (a device's days advance as
    /// its apps are simulated, so one device over a year shows progress).
    /// Complexity: O(devices × (days × 24 × apps + launches log launches)).
    public static func simulate(_ options: Options, progress: DeviceDayProgress.Handler? = nil) throws(SimulationError) -> Run {
        try validate(options)
        var events: [LaunchEvent] = []
        let truth = _simulate(options, progress: progress) { events += $0 }
        return Run(events: events, truth: truth)
    }

    /// ``simulate(_:progress:)`` handing each device's launches (sorted by instant, then app,
    /// then duration) to `eachDevice` as soon as they are drawn, in device order, instead of
    /// keeping them: memory holds one device's launches, whatever the number of devices (the
    /// CLI streams them to its output). The same launches and truth.
    /// - Throws: ``SimulationError`` for out-of-range options, or what `eachDevice` throws.
    public static func simulate(_ options: Options, progress: DeviceDayProgress.Handler? = nil,
                                eachDevice: ([LaunchEvent]) throws -> Void) throws -> GroundTruth {
        try validate(options)
        return try _simulate(options, progress: progress, eachDevice: eachDevice)
    }

    /// Throws ``SimulationError`` unless `options` are in range (devices 1…100000, days 1…3660).
    public static func validate(_ options: Options) throws(SimulationError) {
        guard (1...100_000).contains(options.devices) else { throw .outOfRange("devices", "1…100000") }
        guard (1...3_660).contains(options.days) else { throw .outOfRange("days", "1…3660") }
    }

    /// The simulation of validated `options`, each device's launches handed to `eachDevice`.
    private static func _simulate(_ options: Options, progress: DeviceDayProgress.Handler?,
                                  eachDevice: ([LaunchEvent]) throws -> Void) rethrows -> GroundTruth {
        let tally = DeviceDayTally(devices: options.devices, deviceDays: options.devices * options.days, handler: progress)
        var devices: [DeviceTruth] = []
        let digits = max(3, String(options.devices - 1).count)
        for index in 0..<options.devices {
            var streamRoot = SimulationRandom(seed: options.seed, stream: UInt64(index))
            let deviceSeed = streamRoot.next()
            var random = SimulationRandom(seed: deviceSeed, stream: 0)
            let name = "sim-" + _zeroPadded(index, digits)
            let person = _PersonGenerator.make(device: name, firstDay: options.firstDay, days: options.days, random: &random)
            devices.append(person)
            try eachDevice(person.simulateLaunches(seed: deviceSeed, progress: tally))
            tally.finishDevice()
        }
        let (y, m, d) = TimestampParser.civilFromDays(options.firstDay)
        let start = _zeroPadded(y, 4) + "-" + _zeroPadded(m, 2) + "-" + _zeroPadded(d, 2)
        return GroundTruth(seed: options.seed, startDate: start, days: options.days, devices: devices)
    }
}

/// An option the simulator cannot honour (the CLI maps it to exit 64).
public enum SimulationError: UsageMistake, Equatable {
    /// `name` must lie in `range`.
    case outOfRange(String, String)

    /// A readable message, e.g. `devices must be in 1…100000`.
    public var description: String {
        switch self {
        case let .outOfRange(name, range): return "\(name) must be in \(range)"
        }
    }
}

/// `v` in decimal, left-padded with zeros to `width` digits.
func _zeroPadded(_ v: Int, _ width: Int) -> String {
    let digits = String(v)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
