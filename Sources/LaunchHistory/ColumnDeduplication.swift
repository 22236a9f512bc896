/// Sorting and exact-duplicate removal on a device's columns, without building events: what
/// `LaunchEvent.sortedByInstant` and `_droppingExactDuplicates` do to the device's events, with
/// the same result (a stable sort by instant; a launch is dropped when an earlier launch of the
/// sorted order has the same instant, app, offset and duration). Apps compare by index, which is
/// the same as by name since the grouper's name table holds no two equal names.
extension _LaunchColumns {
    /// The columns sorted stably by instant (only when they arrived out of order) without exact
    /// duplicates, and how many were dropped. O(n log n) when out of order, else O(n); each
    /// launch is compared only with the kept launches of the same instant.
    func sortedWithoutExactDuplicates() -> (columns: _LaunchColumns, dropped: Int) {
        let n = count
        if arrival.outOfOrder == 0, !_hasExactDuplicate() { return (self, 0) }
        var order = Array(0..<n)
        if arrival.outOfOrder > 0 {
            let instants = self.instants
            order.sort { a, b in
                let ta = instants[a], tb = instants[b]
                return ta < tb || (ta == tb && a < b)
            }
        }
        let offsets = _offsetsByLaunch()
        var out = _LaunchColumns()
        var kept: [Int] = []
        kept.reserveCapacity(n)
        var runStart = 0
        for i in order {
            let t = instants[i]
            if let last = kept.last, instants[last] != t { runStart = kept.count }
            var duplicate = false
            for k in kept[runStart...] where apps[k] == apps[i] && offsets[k] == offsets[i] && _sameDuration(k, i) {
                duplicate = true
                break
            }
            guard !duplicate else { continue }
            kept.append(i)
            out.append(instant: t, app: apps[i], utcOffsetSeconds: offsets[i], duration: duration(at: i) ?? .nan)
        }
        return (out, n - kept.count)
    }

    /// Whether launches in arrival order (sorted) hold an exact duplicate: only equal neighbours'
    /// runs are compared, so a device whose equal instants are all different launches is kept as
    /// it is, without a copy.
    private func _hasExactDuplicate() -> Bool {
        var runStart = 0
        for i in 0..<count {
            if i > 0, instants[i] != instants[i - 1] { runStart = i }
            guard runStart < i else { continue }
            for k in runStart..<i where apps[k] == apps[i] && _sameDuration(k, i)
                && utcOffsetSeconds(at: k) == utcOffsetSeconds(at: i) {
                return true
            }
        }
        return false
    }

    /// The UTC offset of every launch, in launch order (one pass over the runs).
    private func _offsetsByLaunch() -> [Int] {
        var offsets = [Int](repeating: 0, count: count)
        for (r, run) in offsetRuns.enumerated() {
            let end = r + 1 < offsetRuns.count ? offsetRuns[r + 1].start : count
            for i in run.start..<end { offsets[i] = run.offset }
        }
        return offsets
    }

    /// Whether launches `a` and `b` have equal durations (both none, or the same seconds).
    private func _sameDuration(_ a: Int, _ b: Int) -> Bool {
        duration(at: a) == duration(at: b)
    }
}
