import Evaluation
import FetchPlanner
import Foundation
import LaunchHistory
import UsageModel

/// The planned horizon: 5-minute slots from `start` for `hours`, local time at `utcOffsetSeconds`.
struct PlanHorizon {
    let start: Double
    let utcOffsetSeconds: Int
    let hours: Int
    let slotSeconds: Double = 300
    var slotCount: Int { hours * 12 }
}

/// What every `reveille plan` channel reads: the device models (sorted by device) and the optional
/// launch history for reasons and the floor.
struct PlanInputs {
    let models: [UsageModel]
    let history: LaunchHistory?

    static func load(model path: String, device: String?, history: String?) throws -> PlanInputs {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw HistoryError(.unreadable, file: path, expected: "a readable model file")
        }
        let file = try UsageModelFile.decode(data)
        let models = try device.map { [try file.model(device: $0)] } ?? file.deviceIDs.compactMap { file.devices[$0] }
        let launches = try history.map { try HistoryReader.read(path: $0, options: HistoryReadOptions()) }
        return PlanInputs(models: models, history: launches)
    }

    /// The fetch planning request of one device.
    func fetchRequest(_ m: UsageModel, horizon h: PlanHorizon, budget: Double, rules: PlatformRules,
                      state: DeviceState) -> PlanningRequest {
        let p = m.slotProbabilities(from: h.start, utcOffsetSeconds: h.utcOffsetSeconds, slots: h.slotCount, slotSeconds: h.slotSeconds)
        let evidence = history?.device(m.device).map { _ReasonEvidenceBuilder.evidence($0, before: h.start, utcOffsetSeconds: h.utcOffsetSeconds,
                                                                                     tauSeconds: m.options.tauSeconds) } ?? [:]
        let apps = m.apps.map { AppForecast(app: $0, slotProbabilities: p[$0] ?? [], evidence: evidence[$0]) }
        return PlanningRequest(device: m.device, horizonStart: h.start, slotSeconds: h.slotSeconds, slotCount: h.slotCount,
                               utcOffsetSeconds: h.utcOffsetSeconds, tauSeconds: m.options.tauSeconds,
                               budget: PlanningBudget(energyUnitsPerDay: budget), apps: apps, rules: rules, state: state,
                               generatedAt: h.start, floorApps: recentApps(m, before: h.start))
    }

    /// Apps launched in the 7 days before `t`: from the model's last-launch ages, plus the history's
    /// launches in `[t − 7 d, t)` when a history is given. Sorted.
    func recentApps(_ m: UsageModel, before t: Double) -> [String] {
        let week = 7 * LocalClock.secondsPerDay
        var apps = Set(m.profiles.compactMap { p in
            p.minutesSinceLastLaunch.flatMap { m.historyEndInstant - Double($0) * 60 >= t - week ? p.app : nil }
        })
        if let launches = history?.device(m.device)?.launches {
            for e in launches where e.instant < t && e.instant >= t - week { apps.insert(e.app) }
        }
        return apps.sorted()
    }
}

/// Builds ``ReasonEvidence`` from a device's history: the local minutes-of-day of each app's cold
/// launches on each of the last 20 days of the same kind (weekdays, or weekend days) as the
/// horizon's first day, before the horizon. Days without a launch of the app count as observed
/// (empty) from the device's first launch day on.
enum _ReasonEvidenceBuilder {
    static let daysObserved = 20

    static func evidence(_ device: DeviceHistory, before t: Double, utcOffsetSeconds: Int, tauSeconds: Double) -> [String: ReasonEvidence] {
        let launches = Array(device.launches(before: t))
        guard let first = launches.first?.localDay else { return [:] }
        let today = LocalClock.day(localSeconds: LocalClock.localSeconds(instant: t, utcOffsetSeconds: utcOffsetSeconds))
        let weekend = LocalClock.weekday(day: today) >= 5
        // A launch before the horizon can lie on a later local day than its start (a device east of
        // --from's offset), and only the last 20 days of a kind (within 7 × 20 days) are needed.
        let from = max(min(first, today), today - 7 * daysObserved)
        let days = Array((from..<today).filter { (LocalClock.weekday(day: $0) >= 5) == weekend }.suffix(daysObserved))
        guard let firstDay = days.first else { return [:] }
        let index = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($1, $0) })
        var minutes: [String: [[Int]]] = [:]
        let cold = ColdLaunches.scan(launches, tauSeconds: tauSeconds).cold
        for (e, isCold) in zip(launches, cold) where isCold && e.localDay >= firstDay {
            guard let k = index[e.localDay] else { continue }
            var perDay = minutes[e.app] ?? [[Int]](repeating: [], count: days.count)
            perDay[k].append(Int(LocalClock.secondOfDay(localSeconds: e.localSeconds) / 60))
            minutes[e.app] = perDay
        }
        let kind = weekend ? "weekend days" : "weekdays"
        return minutes.mapValues { ReasonEvidence(dayKind: kind, launchMinutesByDay: $0) }
    }
}
