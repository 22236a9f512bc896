import ReveilleCore
/// The exact push-timing programme. A push at slot `j` serves slots `j ..< j + K`; pushes are at
/// least `M` slots apart and at most `cap` fall on one local day.
///
/// `F[j][c]` is the best value of a plan whose last push is at `j` and is the `(c+1)`-th push of
/// `j`'s day: `F[j][c] = W(j, j+K) + max(start, F[j'][c'] − W(j, j'+K))` over `j' ≤ j − M`, where
/// `c' = c − 1` on the same day and any `c'` on an earlier day (`start = 0` only for `c = 0`).
/// All serving intervals have the same length, so the part of `[j, j+K)` already served is
/// exactly `[j, j'+K)` of the latest earlier push. Ties go to the later slot (closest before the
/// expected use); pushes that add nothing are dropped.
/// Complexity O(n² · cap), memory O(n · cap).
struct _PushDP {
    let p: [Double]
    let day: [Int]
    let cover: Int
    let spacing: Int
    let cap: Int

    func solve() -> [Int] {
        let n = p.count
        guard cap > 0, n > 0 else { return [] }
        var prefix = [Double](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + p[i] }
        func w(_ lo: Int, _ hi: Int) -> Double {
            let a = max(0, min(lo, n)), b = max(a, min(hi, n))
            return prefix[b] - prefix[a]
        }
        var f = [Double](repeating: -.infinity, count: n * cap), back = [Int](repeating: -1, count: n * cap)
        var bestAt = [Double](repeating: -.infinity, count: n), bestAtState = [Int](repeating: -1, count: n)
        for j in 0..<n {
            let gain = w(j, j + cover)
            for c in 0..<cap {
                var best = c == 0 ? 0.0 : -.infinity, from = -1
                for jp in stride(from: 0, through: j - spacing, by: 1) {
                    let overlap = jp + cover > j ? w(j, jp + cover) : 0
                    let candidate: (Double, Int)
                    if day[jp] == day[j] {
                        guard c > 0 else { continue }
                        candidate = (f[jp * cap + c - 1], jp * cap + c - 1)
                    } else {
                        guard c == 0 else { continue }
                        candidate = (bestAt[jp], bestAtState[jp])
                    }
                    let v = candidate.0 - overlap
                    if v > -.infinity, _atLeast(v, best) { best = v; from = candidate.1 }
                }
                guard best > -.infinity else { continue }
                f[j * cap + c] = gain + best
                back[j * cap + c] = from
                if _atLeast(f[j * cap + c], bestAt[j]) { bestAt[j] = f[j * cap + c]; bestAtState[j] = j * cap + c }
            }
        }
        return _backtrack(f, back, w)
    }

    func _backtrack(_ f: [Double], _ back: [Int], _ w: (Int, Int) -> Double) -> [Int] {
        var state = -1, value = 0.0
        for (s, v) in f.enumerated() where v > 1e-12 && _atLeast(v, value) { value = v; state = s }
        var slots: [Int] = []
        while state >= 0 { slots.append(state / cap); state = back[state] }
        slots.reverse()
        var kept: [Int] = [], servedUntil = Int.min
        for j in slots where w(max(j, servedUntil), j + cover) > 1e-12 {
            kept.append(j)
            servedUntil = j + cover
        }
        return kept
    }
}
