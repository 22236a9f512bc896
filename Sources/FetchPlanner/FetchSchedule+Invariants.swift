import ReveilleCore
extension FetchSchedule {
    /// A broken invariant found by ``checkInvariants(minimumIntervalSeconds:deviceFetchesPerHour:)``.
    public struct InvariantViolation: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Checks what every schedule must satisfy, for tests and debugging:
    /// windows inside `[horizon.startUnix, horizon.endUnix)`; sorted by time then app;
    /// `earliestBegin ≤ at == latestBegin`; each day's `planned ≤ max(0, limit − spent)` and `planned`
    /// equal to its windows' energy; `budget.planned ≤ budget.limit`; fetches of one app at least
    /// `minimumIntervalSeconds` apart; at most `deviceFetchesPerHour` windows in any hour.
    ///
    /// - Throws: the first ``InvariantViolation``.
    /// - Complexity: O(windows²) in the worst case.
    public func checkInvariants(minimumIntervalSeconds: Double, deviceFetchesPerHour: Int? = nil) throws {
        func fail(_ s: String) -> InvariantViolation { InvariantViolation(description: s) }
        for (k, w) in windows.enumerated() {
            guard w.atUnix >= horizon.startUnix, w.atUnix < horizon.endUnix else { throw fail("window \(k) outside the horizon") }
            guard w.latestBegin == w.at else { throw fail("window \(k): latestBegin differs from at") }
            if k > 0 {
                let p = windows[k - 1]
                guard (p.atUnix, p.app) <= (w.atUnix, w.app) else { throw fail("windows \(k - 1), \(k) out of order") }
            }
            guard w.energyCost > 0, w.expectedHits >= 0, w.probability >= 0, w.probability <= 1 else {
                throw fail("window \(k): numbers out of range")
            }
        }
        let total = windows.reduce(0) { $0 + $1.energyCost }
        guard abs(total - budget.planned) < 1e-4, budget.planned <= budget.limit + 1e-6 else {
            throw fail("budget: planned \(budget.planned) of limit \(budget.limit), windows use \(total)")
        }
        for day in budget.days where day.planned > max(0, day.limit - day.spent) + 1e-6 {
            throw fail("day \(day.date) over budget")
        }
        let byApp = Dictionary(grouping: windows, by: \.app)
        for app in byApp.keys.sorted() {
            let times = (byApp[app] ?? []).map(\.atUnix).sorted()
            for (a, b) in zip(times, times.dropFirst()) where b - a < minimumIntervalSeconds - 1e-6 {
                throw fail("minimum interval broken (\(b - a) s)")
            }
        }
        if let limit = deviceFetchesPerHour {
            let times = windows.map(\.atUnix).sorted()
            var lo = 0
            for hi in times.indices {
                while times[hi] - times[lo] >= 3600 { lo += 1 }
                if hi - lo + 1 > limit { throw fail("more than \(limit) fetches within an hour") }
            }
        }
    }
}
