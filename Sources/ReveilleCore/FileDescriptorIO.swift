import Foundation

/// Whole-buffer reads and writes on an open file descriptor, through Foundation's `FileHandle`
/// (which retries interrupted and partial system calls), with a failure reported as its `errno`.
///
/// ``AtomicFile`` and the importers' private evidence copy open, `fchmod` and `fsync` their own
/// descriptors (for modes and durability that `FileHandle` does not offer) and move the bytes
/// with these, so no code outside the C interop module handles raw memory.
public enum FileDescriptorIO {
    /// A failed read or write: the system's error number and its `strerror` text.
    public struct Failure: Error, Sendable {
        /// The `errno` of the failing call (`EIO` when Foundation gave none).
        public let code: Int32

        /// `strerror`'s text for ``code``.
        public var reason: String { String(cString: strerror(code)) }

        /// The failure a Foundation file error carries (its POSIX code, else `EIO`).
        public init(_ error: any Error) {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if let underlying, underlying.domain == NSPOSIXErrorDomain, let code = Int32(exactly: underlying.code) {
                self.code = code
            } else if (error as NSError).domain == NSPOSIXErrorDomain, let code = Int32(exactly: (error as NSError).code) {
                self.code = code
            } else {
                self.code = EIO
            }
        }
    }

    /// Writes all of `data` to `descriptor`, which stays open.
    public static func writeAll(_ data: Data, to descriptor: Int32) throws(Failure) {
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        do { try handle.write(contentsOf: data) } catch { throw Failure(error) }
    }

    /// Reads up to `count` bytes from `descriptor`, which stays open; empty at the end of the file.
    public static func read(upTo count: Int, from descriptor: Int32) throws(Failure) -> Data {
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        do { return try handle.read(upToCount: count) ?? Data() } catch { throw Failure(error) }
    }

    /// Writes all of `data` at byte `offset` of `descriptor`, which stays open (its position moves).
    public static func write(_ data: Data, at offset: UInt64, to descriptor: Int32) throws(Failure) {
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        do {
            try handle.seek(toOffset: offset)
            try handle.write(contentsOf: data)
        } catch { throw Failure(error) }
    }

    /// Reads up to `count` bytes from byte `offset` of `descriptor`, which stays open (its
    /// position moves); shorter only at the end of the file.
    public static func read(upTo count: Int, at offset: UInt64, from descriptor: Int32) throws(Failure) -> Data {
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        do {
            try handle.seek(toOffset: offset)
            return try handle.read(upToCount: count) ?? Data()
        } catch { throw Failure(error) }
    }
}
