/// FNV-1a 64 over each launch's app (UTF-8 bytes), instant (its IEEE-754 bits) and UTC offset
/// (as a 64-bit integer), each number's eight bytes from the lowest: the digest a usage model
/// keeps of the launches it was fitted on (`dataDigest`). A running hash, so the digest of a
/// longer prefix of the same launches continues the shorter one's state.
package struct LaunchDigest: Sendable, Equatable {
    /// The running FNV-1a state.
    package private(set) var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The digest of no launch.
    package init() {}

    /// A digest continuing from `state` (a ``state`` read earlier).
    package init(state: UInt64) { self.state = state }

    /// The digest of `launches`, in their order.
    package init(_ launches: some Sequence<LaunchEvent>) {
        for launch in launches { add(launch) }
    }

    /// Mixes one more launch in.
    package mutating func add(_ launch: LaunchEvent) {
        for byte in launch.app.utf8 { _mix(UInt64(byte)) }
        _mixWord(launch.instant.bitPattern)
        _mixWord(UInt64(bitPattern: Int64(launch.utcOffsetSeconds)))
    }

    /// The digest as lowercase hexadecimal without leading zeros (what model files hold).
    package var text: String { String(state, radix: 16) }

    private mutating func _mix(_ byte: UInt64) { state = (state ^ (byte & 0xff)) &* 0x0000_0100_0000_01b3 }

    private mutating func _mixWord(_ word: UInt64) { for i in 0..<8 { _mix(word >> (8 * UInt64(i))) } }
}
