import ReveilleCore

/// A growable column of values kept in fixed-size blocks: appending never moves earlier values,
/// so each page of a long column is written once (a flat array would copy itself as it doubles).
///
/// The first block starts small (``firstCapacity``) and doubles up to ``blockSize``, so a short
/// column (a device with a few hundred launches) takes a few KiB, not a whole block: with a
/// thousand devices, full-size first blocks cost a fresh page fault and heap growth per column
/// per device. Only that block is ever copied, at most ``blockSize`` values in all.
struct _Blocks<Element: Sendable>: Sendable {
    /// log₂ of the values per block: 8,192 (64 KiB of `Double`).
    static var shift: Int { 13 }
    static var blockSize: Int { 1 << shift }
    /// The capacity the first block starts with.
    static var firstCapacity: Int { 256 }

    /// Full blocks, then ``tail``, the one being filled.
    private var full: [[Element]] = []
    private var tail: [Element] = []

    init() {}

    init(_ values: some Sequence<Element>) {
        for v in values { append(v) }
    }

    var count: Int { full.count &<< Self.shift &+ tail.count }

    /// Values the blocks have room for (allocated storage), at least ``count``.
    var capacity: Int { full.reduce(0) { $0 &+ $1.capacity } &+ tail.capacity }

    @inline(__always)
    subscript(i: Int) -> Element {
        let block = i &>> Self.shift
        return block < full.count ? full[block][i & (Self.blockSize &- 1)] : tail[i &- full.count &<< Self.shift]
    }

    @inline(__always)
    mutating func append(_ value: Element) {
        if tail.count == tail.capacity {
            // The first block doubles (Array's own growth) until it is full size; later blocks
            // are allocated whole.
            tail.reserveCapacity(full.isEmpty ? Swift.max(Self.firstCapacity, tail.count &* 2) : Self.blockSize)
        }
        tail.append(value)
        if tail.count == Self.blockSize {
            full.append(tail)
            tail = []
        }
    }
}
