import Foundation

/// One result slot per work item run concurrently: each slot is written once, by the worker
/// that ran its item, and read once every worker is done (the readers decide what an empty slot
/// means).
public final class ConcurrentResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Value, any Error>?]

    /// `count` empty slots.
    public init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Stores item `index`'s result.
    public func set(_ index: Int, _ result: Result<Value, any Error>) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = result
    }

    /// Item `index`'s result, `nil` when none was stored.
    public func get(_ index: Int) -> Result<Value, any Error>? {
        lock.lock(); defer { lock.unlock() }
        return slots[index]
    }
}
