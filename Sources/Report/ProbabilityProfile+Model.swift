import LaunchHistory
import ReveilleCore
import Scheduling
import UsageModel

extension ProbabilityProfile {
    /// For each device of `history` that `file` has a model for, and each of its `topApps` most
    /// launched apps that the model knows: a 7 × 24 table (Monday first) of P(cold launch in that
    /// local hour) over a representative week, the one starting at the first local Monday 00:00
    /// after the device's last launch, at that launch's UTC offset. Devices are in history order,
    /// apps most launched first (ties by name). The probabilities are the product forecaster's
    /// (``ReveillePolicy`` on the model, blended with the 28-day hourly frequencies before the
    /// week), the ones `reveille plan` plans from. O(devices · apps · 168) model evaluations.
    /// - Returns: the profiles and the sorted devices of the history that have no model.
    public static func profiles(_ file: UsageModelFile, history: LaunchHistory, topApps: Int) throws
        -> (profiles: [ProbabilityProfile], unmodelled: [String]) {
        var profiles: [ProbabilityProfile] = []
        var unmodelled: [String] = []
        for device in history.devices {
            guard let model = file.devices[device.device] else {
                unmodelled.append(device.device)
                continue
            }
            profiles += try _device(model, device: device, topApps: topApps)
        }
        return (profiles, unmodelled)
    }

    /// The profiles of one device; empty when it has no launches or `topApps` ≤ 0.
    static func _device(_ model: UsageModel, device: DeviceHistory, topApps: Int) throws -> [ProbabilityProfile] {
        guard let last = device.launches.last, topApps > 0 else { return [] }
        let offset = last.utcOffsetSeconds
        let monday = last.localDay + 7 - LocalClock.weekday(day: last.localDay)
        let start = LocalClock.startOfDay(monday, utcOffsetSeconds: offset)
        let known = Set(model.apps)
        let apps = _appsByLaunches(device.launches).filter(known.contains).prefix(topApps)
        guard !apps.isEmpty else { return [] }
        var policy = try ReveillePolicy(model: model)
        let context = ForecastContext.planning(device: device.device, history: Array(device.launches)[...], start: start,
                                               utcOffsetSeconds: offset, tauSeconds: policy.options.tauSeconds)
        let week = try policy.forecast(context, from: start, slotCount: 7 * 24, slotSeconds: 3600)
        return apps.map { app in
            let slots = week.probabilities(of: app) ?? []
            let table = (0..<7).map { w in
                (0..<24).map { h in slots.indices.contains(w * 24 + h) ? slots[w * 24 + h] : 0 }
            }
            return ProbabilityProfile(device: device.device, app: app, byWeekdayHour: table)
        }
    }

    /// App names by launch count, most first; ties by name. O(n + a log a).
    static func _appsByLaunches(_ launches: some Collection<LaunchEvent>) -> [String] {
        var counts: [String: Int] = [:]
        for e in launches { counts[e.app, default: 0] += 1 }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
    }
}
