/// What a replay computes once for one device's launches (an array in time order) and every
/// prefix of it shares: each launch's app as an index into the sorted app names, and whether it
/// is cold under `tauSeconds`.
///
/// A launch's coldness reads only the launches before it (``ColdLaunches/scan(_:tauSeconds:)``),
/// so the flags of a prefix of the array are the first flags of the whole array, and the flags
/// of a later part of it agree with a scan of that part wherever the part holds everything the
/// `tau` before a launch. The evaluator builds the facts once per device and hands them along
/// with each day's history (a slice of the same array, so its indices are the array's), and the
/// daily fit and the 28-day window read them instead of scanning and hashing every launch again.
package final class LaunchFacts: Sendable {
    /// The freshness window the flags were computed with.
    package let tauSeconds: Double
    /// The device's app names, sorted.
    package let apps: [String]
    /// Per launch, the index of its app in ``apps``.
    package let appOfLaunch: [Int]
    /// Per launch, whether it is cold.
    package let cold: [Bool]
    /// Per launch, its instant (to check that a slice is of the array the facts describe).
    private let instants: [Double]
    /// ``LaunchDigest`` states of the array's prefixes: entry `n` after its first `n` launches.
    private let prefixDigests: [UInt64]

    /// The facts of `launches` (in time order): `apps` sorted, `appOfLaunch` and `cold` one per launch.
    package init(launches: [LaunchEvent], apps: [String], appOfLaunch: [Int], cold: [Bool], tauSeconds: Double) {
        self.tauSeconds = tauSeconds
        self.apps = apps
        self.appOfLaunch = appOfLaunch
        self.cold = cold
        self.instants = launches.map(\.instant)
        var digest = LaunchDigest(), states = [digest.state]
        states.reserveCapacity(launches.count + 1)
        for launch in launches {
            digest.add(launch)
            states.append(digest.state)
        }
        prefixDigests = states
    }

    /// The ``LaunchDigest`` text of the array's first `count` launches (`nil` beyond the array):
    /// what a daily fit of each day's history (a prefix) records of it, without hashing the
    /// whole history again every day.
    package func digest(ofPrefix count: Int) -> String? {
        prefixDigests.indices.contains(count) ? LaunchDigest(state: prefixDigests[count]).text : nil
    }

    /// The apps launched in `range` of the array, sorted (as ``apps`` are), each launch's index
    /// among them and its cold flag: what hashing, sorting and scanning those launches give.
    package func part(_ range: Range<Int>) -> (apps: [String], appOfLaunch: [Int], cold: [Bool]) {
        var used = [Bool](repeating: false, count: apps.count)
        for i in range { used[appOfLaunch[i]] = true }
        var local = [Int](repeating: 0, count: apps.count)
        var names: [String] = []
        for (a, name) in apps.enumerated() where used[a] {
            local[a] = names.count
            names.append(name)
        }
        return (names, range.map { local[appOfLaunch[$0]] }, Array(cold[range]))
    }

    /// Whether `slice` is a part of the array these facts describe, with flags computed under
    /// `tauSeconds`: its indices lie in the array, and its first and last launches have the
    /// array's instants and apps at those indices (an O(1) check against a mix-up, not a proof).
    package func describe(_ slice: ArraySlice<LaunchEvent>, tauSeconds: Double) -> Bool {
        guard tauSeconds == self.tauSeconds, slice.startIndex >= 0, slice.endIndex <= instants.count,
              appOfLaunch.count == instants.count, cold.count == instants.count else { return false }
        guard let first = slice.first, let last = slice.last else { return true }
        return _matches(first, at: slice.startIndex) && _matches(last, at: slice.endIndex - 1)
    }

    private func _matches(_ launch: LaunchEvent, at i: Int) -> Bool {
        let a = appOfLaunch[i]
        return instants[i] == launch.instant && apps.indices.contains(a) && apps[a] == launch.app
    }
}
