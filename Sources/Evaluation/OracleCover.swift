/// The exact `oracle` cover of one day (protocol `reveille-v1`).
///
/// A fetch one second before a cold launch at `t` covers it and the app's cold launches within
/// the next `tau − 1 s` (a fetch at `f` hits launches in `(f, f + tau]`). Per app, a dynamic
/// programme over the sorted launch times gives the best cover with `k` fetches; across apps a
/// knapsack over `k` spends at most `B` fetches. Among optimal plans it takes the fewest fetches,
/// then gives fetches to apps earlier in name order, and within an app covers later launches.
public enum OracleCover {
    /// Best number of launches covered with `0 ... maxFetches` fetches (`result[k]`), for sorted
    /// launch `times`. Nondecreasing; O(n × maxFetches).
    public static func curve(times: [Double], tauSeconds: Double, maxFetches: Int) -> [Int] {
        _table(times: times, tauSeconds: tauSeconds, maxFetches: maxFetches).best.map { $0[0] }
    }

    /// Fetch instants of an optimal cover of sorted `times` with at most `fetches` fetches, using
    /// as few fetches as possible and, among equal covers, the later launches.
    public static func fetchInstants(times: [Double], tauSeconds: Double, fetches: Int) -> [Double] {
        _instants(times: times, table: _table(times: times, tauSeconds: tauSeconds, maxFetches: fetches), fetches: fetches)
    }

    /// ``fetchInstants(times:tauSeconds:fetches:)`` from a table of at least `fetches` rows.
    static func _instants(times: [Double], table: (best: [[Int]], next: [Int]), fetches: Int) -> [Double] {
        let values = table.best.prefix(fetches + 1).map { $0[0] }
        guard var k = values.firstIndex(of: values.last ?? 0) else { return [] }
        var i = 0
        var result: [Double] = []
        while k > 0, i < times.count {
            if table.best[k][i] == table.best[k][i + 1] {
                i += 1
            } else {
                result.append(times[i] - 1)
                i = table.next[i]
                k -= 1
            }
        }
        return result
    }

    /// Splits `budget` fetches across apps with nondecreasing `curves` (`curves[a][k]` = launches
    /// covered by `k` fetches): maximal total cover, then fewest fetches, then the most fetches to
    /// earlier apps. O(apps × budget × max curve length).
    public static func allocate(curves: [[Int]], budget: Int) -> [Int] {
        let m = curves.count, b = max(0, budget), width = b + 1
        // At j * width + r: best (covered, −fetches) for apps j..<m with at most r fetches.
        var covered = Array(repeating: 0, count: (m + 1) * width)
        var spent = Array(repeating: 0, count: (m + 1) * width)
        for j in stride(from: m - 1, through: 0, by: -1) {
            let here = j * width, next = (j + 1) * width
            for r in 0...b {
                var best = (covered: covered[next + r], fetches: spent[next + r])
                for k in 1..<max(1, min(curves[j].count, r + 1)) {
                    let candidate = (covered: curves[j][k] + covered[next + r - k], fetches: k + spent[next + r - k])
                    if _better(candidate, than: best) { best = candidate }
                }
                covered[here + r] = best.covered
                spent[here + r] = best.fetches
            }
        }
        var allocation = Array(repeating: 0, count: m)
        var r = b
        for j in 0..<m {
            let here = j * width, next = (j + 1) * width
            for k in stride(from: min(curves[j].count - 1, r), through: 0, by: -1) {
                if curves[j][k] + covered[next + r - k] == covered[here + r], k + spent[next + r - k] == spent[here + r] {
                    allocation[j] = k
                    r -= k
                    break
                }
            }
        }
        return allocation
    }

    /// The day's oracle plan for cold launches grouped by app (apps in name order, times sorted):
    /// the fetches and the number of launches they cover.
    public static func plan(launchesByApp: [(app: String, times: [Double])], budget: Int,
                            tauSeconds: Double) -> (fetches: [Fetch], covered: Int) {
        var day = _OracleDay(launchesByApp: launchesByApp, tauSeconds: tauSeconds)
        return day.plan(budget: budget)
    }

    private static func _better(_ a: (covered: Int, fetches: Int), than b: (covered: Int, fetches: Int)) -> Bool {
        a.covered != b.covered ? a.covered > b.covered : a.fetches < b.fetches
    }

    /// `best[k][i]`: launches `i...` covered with at most `k` fetches; `next[i]`: first launch not
    /// covered by a fetch at `times[i] − 1`.
    static func _table(times: [Double], tauSeconds: Double, maxFetches: Int) -> (best: [[Int]], next: [Int]) {
        let n = times.count
        var next = Array(repeating: n, count: n)
        var j = 0
        for i in 0..<n {
            j = max(j, i)
            while j < n, times[j] <= times[i] - 1 + tauSeconds { j += 1 }
            next[i] = j
        }
        var best = Array(repeating: Array(repeating: 0, count: n + 1), count: max(0, maxFetches) + 1)
        for k in stride(from: 1, through: max(0, maxFetches), by: 1) {
            for i in stride(from: n - 1, through: 0, by: -1) {
                best[k][i] = max(best[k][i + 1], next[i] - i + best[k - 1][next[i]])
            }
        }
        return (best, next)
    }
}

/// One day's oracle cover at any number of budgets: each app's table is built once for the
/// largest number of fetches asked of it so far (rows for fewer fetches are the same), so the
/// budgets of a day share it, and each budget's split is made once (the replay's hits and the
/// `oracle` policy's plan at that budget read the same split).
struct _OracleDay: Sendable {
    let launchesByApp: [(app: String, times: [Double])]
    let tauSeconds: Double
    private var tables: [(best: [[Int]], next: [Int])?]
    /// Each app's curve as far as its table goes (``OracleCover/allocate(curves:budget:)``
    /// reads no further than the budget, so a longer curve gives the same split).
    private var curves: [[Int]]
    /// The splits made so far, by budget (a few budgets: a list searched in order).
    private var splits: [(budget: Int, allocation: [Int])] = []

    init(launchesByApp: [(app: String, times: [Double])], tauSeconds: Double) {
        self.launchesByApp = launchesByApp
        self.tauSeconds = tauSeconds
        tables = Array(repeating: nil, count: launchesByApp.count)
        curves = Array(repeating: [0], count: launchesByApp.count)
    }

    /// The plan at `budget` (``OracleCover/plan(launchesByApp:budget:tauSeconds:)``).
    mutating func plan(budget: Int) -> (fetches: [Fetch], covered: Int) {
        let allocation = allocate(budget: budget)
        var fetches: [Fetch] = []
        var covered = 0
        for (j, group) in launchesByApp.enumerated() where allocation[j] > 0 {
            covered += curves[j][allocation[j]]
            guard let table = tables[j] else { continue }
            fetches += OracleCover._instants(times: group.times, table: table, fetches: allocation[j])
                .map { Fetch(app: group.app, instant: $0) }
        }
        fetches.sort { ($0.instant, $0.app) < ($1.instant, $1.app) }
        return (fetches, covered)
    }

    /// The launches the plan at `budget` covers.
    mutating func covered(budget: Int) -> Int {
        let allocation = allocate(budget: budget)
        return zip(curves, allocation).reduce(0) { $0 + $1.0[$1.1] }
    }

    /// The split of `budget` (made once per budget), each app's curve built up to
    /// `min(budget, its launches)` fetches first.
    private mutating func allocate(budget: Int) -> [Int] {
        if let known = splits.first(where: { $0.budget == budget }) { return known.allocation }
        for (j, group) in launchesByApp.enumerated() {
            let k = max(0, min(budget, group.times.count))
            if (tables[j]?.best.count ?? 0) < k + 1 {
                let table = OracleCover._table(times: group.times, tauSeconds: tauSeconds, maxFetches: k)
                tables[j] = table
                curves[j] = table.best.map { $0[0] }
            }
        }
        let allocation = OracleCover.allocate(curves: curves, budget: budget)
        splits.append((budget, allocation))
        return allocation
    }
}
