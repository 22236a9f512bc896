import ReveilleCore

/// A growable column of values kept in fixed-size blocks: appending never moves earlier values,
/// so each page of a long column is written once (a flat array would copy itself as it doubles).
struct _Blocks<Element: Sendable>: Sendable {
    /// log₂ of the values per block: 8,192 (64 KiB of `Double`).
    static var shift: Int { 13 }
    static var blockSize: Int { 1 << shift }

    /// Full blocks, then ``tail``, the one being filled.
    private var full: [[Element]] = []
    private var tail: [Element] = []

    init() {}

    init(_ values: some Sequence<Element>) {
        for v in values { append(v) }
    }

    var count: Int { full.count &<< Self.shift &+ tail.count }

    @inline(__always)
    subscript(i: Int) -> Element {
        let block = i &>> Self.shift
        return block < full.count ? full[block][i & (Self.blockSize &- 1)] : tail[i &- full.count &<< Self.shift]
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        if tail.capacity == 0 { tail.reserveCapacity(Self.blockSize) }
        tail.append(value)
        if tail.count == Self.blockSize {
            full.append(tail)
            tail = []
        }
    }
}
