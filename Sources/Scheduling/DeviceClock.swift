import FetchPlanner
import Foundation
import LaunchHistory
import ReveilleCore
import UsageModel

/// A device's local clock: its IANA time zone when known (offsets and DST changes from Foundation's
/// `TimeZone`), else one fixed UTC offset (the offset of its last launch).
public struct DeviceClock: Sendable, Equatable {
    /// The zone, or `nil` for a fixed offset.
    public let zone: TimeZone?
    /// The offset used when there is no zone, seconds east.
    public let fixedOffsetSeconds: Int

    /// A clock; see the properties.
    public init(zone: TimeZone?, fixedOffsetSeconds: Int) {
        self.zone = zone
        self.fixedOffsetSeconds = fixedOffsetSeconds
    }

    /// The offset in effect at `instant`.
    public func offset(at instant: Double) -> Int {
        guard let zone, instant.isFinite else { return fixedOffsetSeconds }
        return zone.secondsFromGMT(for: Date(timeIntervalSince1970: instant))
    }

    /// The instant at which this clock shows the wall-clock time `localSeconds` (seconds since
    /// 1970-01-01 00:00 local). In a DST gap the later offset applies; in a repeated hour, the
    /// first occurrence.
    public func instant(localSeconds: Double) -> Double {
        guard zone != nil else { return localSeconds - Double(fixedOffsetSeconds) }
        let guess = localSeconds - Double(offset(at: localSeconds))
        let first = localSeconds - Double(offset(at: guess))
        return min(first, localSeconds - Double(offset(at: first)))
    }

    /// The offset changes (DST) strictly inside `(start, end)`, sorted; at most 16 (a horizon is
    /// at most 400 days). None for a fixed offset.
    public func changes(from start: Double, to end: Double) -> [OffsetChange] {
        guard let zone, start.isFinite, end.isFinite else { return [] }
        var changes: [OffsetChange] = []
        var t = Date(timeIntervalSince1970: start)
        let stop = Date(timeIntervalSince1970: end)
        while let next = zone.nextDaylightSavingTimeTransition(after: t), next < stop, changes.count < 16 {
            changes.append(OffsetChange(at: next.timeIntervalSince1970, utcOffsetSeconds: zone.secondsFromGMT(for: next)))
            t = next
        }
        return changes
    }
}

extension DevicePlanningSource {
    /// The device's clock: `zone` when given (a command-line `--zone`), else the model's zone,
    /// else a fixed offset — the model's last offset, or the offset of the history's last launch
    /// before `before` (its last launch when none is earlier), or UTC with neither.
    public func clock(zone: TimeZone? = nil, before: Double = .infinity) -> DeviceClock {
        let resolved = zone ?? model?.zone.flatMap { TimeZone(identifier: $0) }
        if let model { return DeviceClock(zone: resolved, fixedOffsetSeconds: model.utcOffsetSeconds) }
        let last = launches.last { $0.instant < before } ?? launches.last
        return DeviceClock(zone: resolved, fixedOffsetSeconds: last?.utcOffsetSeconds ?? 0)
    }

    /// Whether a plan from `start` starts inside the model's training period: on or before the
    /// last local day it was fitted on (under the device's clock), so the model's rates and
    /// hourly frequencies were learned from launches after `start`. `false` without a model.
    public func startsInsideTraining(_ start: Double, clock: DeviceClock) -> Bool {
        guard let day = model?.trainedThroughLocalDay else { return false }
        return LocalClock.day(localSeconds: LocalClock.localSeconds(instant: start, utcOffsetSeconds: clock.offset(at: start))) <= day
    }
}
