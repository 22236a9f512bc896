import Foundation
import LaunchHistory
import ReveilleCore
import LaunchSimulator
import Testing

@Suite struct GroundTruthProbabilityTests {
    @Test func poissonSlotProbabilityHasTheClosedForm() throws {
        // A non-bursty app at 2 launches per hour in hour 8 only; with no history, the chance of a
        // cold launch in 08:00–09:00 is ∫ λ e^{−λ(t − 8 h)} dt = 1 − e^{−2} (the first launch is
        // cold, later ones are warm), and 0 elsewhere.
        let device = SimulatorFixtures.device(days: 3, apps: [SimulatorFixtures.singleHourApp("a", hour: 8, perHour: 2)])
        let truth = GroundTruth(seed: 0, startDate: "2024-03-04", days: 3, devices: [device])
        let dayStart = device.startInstant + 86_400
        let p = try #require(truth.hourlyProbabilities(device: "t", dayStart: dayStart, history: [])["a"])
        #expect(p.count == 24)
        #expect(abs(p[8] - (1 - exp(-2))) < 1e-3)
        #expect(p.enumerated().allSatisfy { $0.offset == 8 || $0.element == 0 })
        // Planning from 08:00 after a launch at 07:30: launches before 08:30 are warm, so
        // P = ∫_{8.5}^{9} 2 e^{−2(t − 8)} dt = e^{−1} − e^{−2}.
        let history = [LaunchEvent(device: "t", app: "a", instant: dayStart + 7.5 * 3600, utcOffsetSeconds: -18_000)]
        let q = try #require(truth.slotProbabilities(device: "t", from: dayStart + 8 * 3600, slots: 1, slotSeconds: 3600,
                                                     history: history[...], tauSeconds: 3600)["a"]?.first)
        #expect(abs(q - (exp(-1) - exp(-2))) < 2e-3)
    }

    @Test func probabilitiesAreConsistentWithSimulatedColdLaunches() throws {
        // Long run: 3 people × 42 days. Day by day (after a week), the hourly probabilities given
        // all launches before the day must add up to the number of (app, hour) cells that got a
        // cold launch, within 4 % (the Poisson-binomial standard deviation is about 1.5 % here;
        // the rest is the stated approximation for bursty apps).
        let run = try LaunchSimulator.simulate(.init(devices: 3, days: 42, seed: 21))
        var predicted = 0.0, observed = 0
        for device in run.truth.devices {
            let events = run.events.filter { $0.device == device.device }
            let cold = SimulatorFixtures.coldLaunches(events, tauSeconds: 3600)
            for dayIndex in 7..<41 {
                let day = device.firstDay + dayIndex
                let start = events.last(where: { $0.localDay < day })
                    .map { LocalClock.startOfDay(day, utcOffsetSeconds: $0.utcOffsetSeconds) } ?? 0
                let history = events.prefix { $0.instant < start }
                let p = run.truth.hourlyProbabilities(device: device.device, dayStart: start, history: history)
                var cells: Set<String> = []
                for e in cold where e.instant >= start && e.instant < start + 86_400 {
                    cells.insert("\(e.app)|\(Int((e.instant - start) / 3600))")
                }
                observed += cells.count
                for (_, hours) in p {
                    #expect(hours.allSatisfy { $0 >= 0 && $0 <= 1 })
                    predicted += hours.reduce(0, +)
                }
            }
        }
        #expect(observed > 3_000)
        #expect(abs(predicted / Double(observed) - 1) < 0.04, "predicted \(predicted), observed \(observed)")
    }

    @Test func unknownDevicesAndEmptyRequestsGiveNothing() throws {
        let run = try LaunchSimulator.simulate(.init(devices: 1, days: 8, seed: 1))
        #expect(run.truth.hourlyProbabilities(device: "other", dayStart: 0, history: []).isEmpty)
        #expect(run.truth.slotProbabilities(device: "sim-000", from: 0, slots: 0, slotSeconds: 3600,
                                            history: [], tauSeconds: 3600).isEmpty)
        let outside = run.truth.hourlyProbabilities(device: "sim-000", dayStart: 0, history: [])
        #expect(outside.values.allSatisfy { $0.allSatisfy { $0 == 0 } })
    }
}

