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
        var cold: [Bool] = []
        var previous: [Double?] = []
        cold.reserveCapacity(launches.count)
        previous.reserveCapacity(launches.count)
        // Per app: latest instant seen, and the latest instant strictly before it.
        var state: [String: (last: Double, beforeLast: Double?)] = [:]
        for launch in launches {
            let t = launch.instant
            var before: Double?
            if let s = state[launch.app] {
                before = s.last < t ? s.last : s.beforeLast
                state[launch.app] = s.last < t ? (t, s.last) : s
            } else {
                state[launch.app] = (t, nil)
            }
            previous.append(before)
            cold.append(before.map { $0 <= t - tauSeconds } ?? true)
        }
        return (cold, previous)
    }
}
