/// How large a read buffer to allocate for an input of known or unknown size.
public enum ReadBufferSize {
    /// The largest buffer: 1 MiB.
    public static let maximum = 1 << 20

    /// Room for the whole input in one read when `size` (bytes) is known and below ``maximum``
    /// (at least 4 KiB, and one byte more than `size` so the read that sees the end needs no
    /// second buffer), else ``maximum`` (`nil`: unknown, e.g. standard input, a pipe or a
    /// device). A small file thus costs a small buffer (a fuzzer feeds thousands a second), and a
    /// file that grows after it was measured is still read whole, in more reads.
    public static func forInput(ofSize size: Int?) -> Int {
        guard let size, size < maximum else { return maximum }
        return max(size + 1, 4096)
    }
}
