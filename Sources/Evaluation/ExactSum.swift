/// An exact running sum of doubles (Shewchuk's non-overlapping partials, as in Python's
/// `math.fsum`), rounded once at the end: the result is the correctly rounded exact sum, so it
/// does not depend on the order of the terms. Pooling device sums this way lets partial results
/// merge in any order into exactly the single run's numbers.
struct _ExactSum: Sendable, Equatable {
    /// Non-overlapping partial sums, increasing in magnitude.
    private var partials: [Double] = []

    /// Adds a finite `value` exactly.
    mutating func add(_ value: Double) {
        var x = value
        var kept = 0
        for var y in partials {
            if abs(x) < abs(y) { swap(&x, &y) }
            let hi = x + y
            let lo = y - (hi - x)
            if lo != 0 {
                partials[kept] = lo
                kept += 1
            }
            x = hi
        }
        partials.removeSubrange(kept...)
        partials.append(x)
    }

    /// The exact sum rounded to the nearest double (ties to even).
    var value: Double {
        guard var n = partials.indices.last else { return 0 }
        var hi = partials[n]
        var lo = 0.0
        while n > 0 {
            let x = hi
            n -= 1
            let y = partials[n]
            hi = x + y
            lo = y - (hi - x)
            if lo != 0 { break }
        }
        // Half-way case: the rest of the partials decide the rounding direction.
        if n > 0, (lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0) {
            let y = lo * 2
            let x = hi + y
            if y == x - hi { hi = x }
        }
        return hi
    }
}
