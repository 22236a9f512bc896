extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// The index of the first element not below `value` in this ascending collection
    /// (`endIndex` if none): binary search, O(log n).
    public func lowerBoundIndex(of value: Element) -> Int {
        var lo = startIndex, hi = endIndex
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if self[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
