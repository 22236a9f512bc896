import ReveilleCore

/// Cold-launch classification (protocol `reveille-v1`): a launch of app `a` at `t` is cold when
/// no launch of `a` has an instant in `(t - tau, t)`; the others are warm.
public enum ColdLaunches {
    /// For each launch (in the given time order): whether it is cold, and the instant of the
    /// same app's latest launch strictly before it (`nil` when none).
    ///
    /// Launches with equal instants do not warm each other. O(n) expected time.
    public static func scan<C: Collection>(_ launches: C, tauSeconds: Double) -> (cold: [Bool], previousInstant: [Double?])
    where C.Element == LaunchEvent {
        var ids: [String: Int] = [:]
        var apps: [Int] = []
        apps.reserveCapacity(launches.count)
        for launch in launches {
            if let id = ids[launch.app] {
                apps.append(id)
            } else {
                apps.append(ids.count)
                ids[launch.app] = ids.count
            }
        }
        return scan(instants: launches.map(\.instant), apps: apps, tauSeconds: tauSeconds)
    }

    /// ``scan(_:tauSeconds:)`` for launches given as instants (in time order) and integer app
    /// ids (dense, from 0). O(n).
    public static func scan(instants: [Double], apps: [Int], tauSeconds: Double) -> (cold: [Bool], previousInstant: [Double?]) {
        var cold: [Bool] = []
        var previous: [Double?] = []
        cold.reserveCapacity(instants.count)
        previous.reserveCapacity(instants.count)
        var tracker = Tracker()
        for (t, app) in zip(instants, apps) {
            let before = tracker.record(app: app, instant: t)
            previous.append(before)
            cold.append(isCold(instant: t, previous: before, tauSeconds: tauSeconds))
        }
        return (cold, previous)
    }

    /// Whether a launch at `instant` is cold when its app's latest launch strictly before it was
    /// at `previous` (`nil`: none).
    public static func isCold(instant: Double, previous: Double?, tauSeconds: Double) -> Bool {
        previous.map { $0 <= instant - tauSeconds } ?? true
    }

    /// The scan one launch at a time, over integer app ids (dense, from 0): for a history that
    /// grows, each launch is looked at once.
    public struct Tracker: Sendable {
        /// Per app id: its latest instant seen, and the latest instant strictly before it.
        private var state: [(last: Double, beforeLast: Double?)?] = []

        public init() {}

        /// Records a launch of `app` at `instant` (launches in time order) and returns the instant
        /// of the same app's latest launch strictly before it (`nil` when none, or for a negative
        /// id). Launches with equal instants do not warm each other.
        public mutating func record(app: Int, instant t: Double) -> Double? {
            guard app >= 0 else { return nil }
            while state.count <= app { state.append(nil) }
            guard let s = state[app] else {
                state[app] = (t, nil)
                return nil
            }
            if s.last < t {
                state[app] = (t, s.last)
                return s.last
            }
            return s.beforeLast
        }
    }
}
