import LaunchHistory
import ReveilleCore
import LaunchSimulator
import Testing

@Suite struct IntensityTests {
    @Test func poissonCountsPerLocalHourMatchTheProfile() {
        // One non-bursty app with a different rate in every hour; 120 days. Pearson's chi-square
        // over the 24 hours (23 degrees of freedom after nothing is fitted: 24) must stay below
        // 51.18, the 0.999 quantile of χ²(24). Fixed seed, so the test is deterministic.
        let row = (0..<24).map { 0.2 + Double(($0 * 7) % 24) / 8 }
        let app = AppParameters(app: "a", category: "test", hourlyRates: Array(repeating: row, count: 7))
        let device = SimulatorFixtures.device(days: 120, apps: [app])
        let events = device.simulateLaunches(seed: 2024)
        var observed = [Double](repeating: 0, count: 24)
        for e in events { observed[e.localHour] += 1 }
        // The DST day loses one 02:00 hour: expected counts come from the exact integral.
        var expected = [Double](repeating: 0, count: 24)
        var t = device.startInstant
        while t < device.endInstant {
            let hour = LocalClock.hour(localSeconds: t + Double(device.offsets.offset(at: t)))
            expected[hour] += device.expectedBaselineLaunches(app, from: t, to: t + 60)
            t += 60
        }
        let chiSquare = zip(observed, expected).reduce(0.0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) / $1.1 }
        #expect(chiSquare < 51.18, "chi-square \(chiSquare)")
        let total: Double = observed.reduce(0, +), expectedTotal: Double = expected.reduce(0, +)
        let z = (total - expectedTotal) / expectedTotal.squareRoot()
        #expect(abs(z) < 4)
    }

    @Test func burstClustersHaveTheHawkesMeanSize() {
        // Branching ratio 0.6 → mean cluster size 1/(1 − 0.6) = 2.5 launches per baseline launch.
        var app = SimulatorFixtures.singleHourApp("b", hour: 12, perHour: 1)
        app.burstBranchingRatio = 0.6
        app.burstDecaySeconds = 60
        let device = SimulatorFixtures.device(days: 400, apps: [app])
        let events = device.simulateLaunches(seed: 77)
        let baseline = device.expectedBaselineLaunches(app, from: device.startInstant, to: device.endInstant)
        // Var(N) = baseline / (1 − α)³ for Poisson clusters; allow 4 standard deviations.
        let sd = (baseline / 0.064).squareRoot()
        #expect(abs(Double(events.count) - baseline * 2.5) < 4 * sd, "\(events.count) vs \(baseline * 2.5)")
    }

    @Test func simulatedPeopleLaunchAsOftenAsTheirIntensities() throws {
        // Per app of 4 simulated people over 28 days: z = (observed − expected) / sd with the
        // Hawkes variance E/(1 − α)²; the mean z² must stay below 2 (it is 1 when the model
        // holds) and no |z| may exceed 5.
        let run = try LaunchSimulator.simulate(.init(devices: 4, days: 28, seed: 11))
        var zSquares: [Double] = []
        for device in run.truth.devices {
            var counts: [String: Double] = [:]
            for e in run.events where e.device == device.device { counts[e.app, default: 0] += 1 }
            for app in device.apps {
                let expected = device.expectedLaunches(app, from: device.startInstant, to: device.endInstant)
                guard expected > 5 else { continue }
                let variance = expected / ((1 - app.burstBranchingRatio) * (1 - app.burstBranchingRatio))
                let z = ((counts[app.app] ?? 0) - expected) / variance.squareRoot()
                #expect(abs(z) < 5, "\(device.device) \(app.app): z = \(z)")
                zSquares.append(z * z)
            }
        }
        #expect(zSquares.count > 60)
        #expect(zSquares.reduce(0, +) / Double(zSquares.count) < 2)
    }

    @Test func calibrationMatchesPublishedLogs() throws {
        // Targets (see Datasets/README.md): 50–150 launches a day, 20–60 apps per person,
        // LSApp's median session of 106 s and about 2 apps per session.
        let run = try LaunchSimulator.simulate(.init(devices: 6, days: 14, seed: 3))
        let s = LaunchStatistics.compute(run.events)
        #expect(s.launchesPerDay > 50 && s.launchesPerDay < 150)
        #expect(s.appsPerDeviceRange.lowerBound >= 15 && s.appsPerDeviceRange.upperBound <= 60)
        #expect(s.medianSessionSeconds > 70 && s.medianSessionSeconds < 160)
        #expect(s.appsPerSession > 1.5 && s.appsPerSession < 2.5)
    }
}
