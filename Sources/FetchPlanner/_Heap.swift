/// A binary min-heap: ``insert(_:)`` and ``popMin()`` in O(log n), built from an array in O(n).
///
/// Which of two elements neither of which is `<` the other comes out first is unspecified, so
/// callers that need a deterministic order make `<` total on the elements they insert.
struct _Heap<Element: Comparable & Sendable>: Sendable {
    private var items: [Element]

    /// A heap of `items` (Floyd's bottom-up construction).
    init(_ items: [Element] = []) {
        self.items = items
        var i = items.count / 2
        while i > 0 {
            i -= 1
            _siftDown(i)
        }
    }

    var count: Int { items.count }

    mutating func insert(_ element: Element) {
        items.append(element)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[i] < items[parent] else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    /// Removes and returns the least element (`nil` when empty).
    mutating func popMin() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let least = items.removeLast()
        _siftDown(0)
        return least
    }

    private mutating func _siftDown(_ start: Int) {
        var i = start
        while true {
            let left = 2 * i + 1, right = left + 1
            var least = i
            if left < items.count, items[left] < items[least] { least = left }
            if right < items.count, items[right] < items[least] { least = right }
            guard least != i else { return }
            items.swapAt(i, least)
            i = least
        }
    }
}
