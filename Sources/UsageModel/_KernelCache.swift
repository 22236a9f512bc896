import Foundation

/// Kernel vectors and stacked circulant matrices kept for the process: every daily refit of every
/// device asks for the same few (the bandwidth grid of its options on the day and week circles),
/// and building them took a few percent of an evaluation. The values are those computed on the
/// spot; only the work is saved.
///
/// Bounded: at most ``limit`` entries of each kind (the cache is emptied when a new one would
/// exceed it), and stacked matrices only of circles up to ``largestStackedCircle`` slots (a day
/// of five-minute slots is 288, of the default fifteen-minute slots 96; a week of five-minute slots
/// would take 32 MB per matrix).
final class _KernelCache: @unchecked Sendable {
    static let shared = _KernelCache()
    static let limit = 64
    static let largestStackedCircle = 512

    private struct Key: Hashable {
        let slots: Int
        let sigmaBits: UInt64
    }

    private let lock = NSLock()
    private var kernels: [Key: [Double]] = [:]
    private var stacked: [[[Double]]: [Double]] = [:]

    /// ``KernelDensity/wrappedGaussian(slots:sigmaSlots:)``, computed once per `(slots, sigmaSlots)`.
    func wrappedGaussian(slots n: Int, sigmaSlots sigma: Double) -> [Double] {
        let key = Key(slots: n, sigmaBits: sigma.bitPattern)
        if let known = _locked({ kernels[key] }) { return known }
        let k = KernelDensity.wrappedGaussian(slots: n, sigmaSlots: sigma)
        _locked {
            if kernels.count >= Self.limit { kernels = [:] }
            kernels[key] = k
        }
        return k
    }

    /// The storage of `[K₁; …; K_G]`, the circulant matrices of `kernels` stacked (each of the
    /// same length `n`), computed once per list of kernels when `n ≤ largestStackedCircle`.
    func stackedCirculants(_ kernels: [[Double]]) -> [Double] {
        let n = kernels.first?.count ?? 0
        guard n <= Self.largestStackedCircle else { return Self._stack(kernels) }
        if let known = _locked({ stacked[kernels] }) { return known }
        let storage = Self._stack(kernels)
        _locked {
            if stacked.count >= Self.limit { stacked = [:] }
            stacked[kernels] = storage
        }
        return storage
    }

    /// Entries held (for tests).
    var counts: (kernels: Int, stacked: Int) { _locked { (kernels.count, stacked.count) } }

    /// `body` under the lock (`NSLocking.withLock` needs macOS 14).
    private func _locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    static func _stack(_ kernels: [[Double]]) -> [Double] {
        var storage = [Double]()
        storage.reserveCapacity(kernels.reduce(0) { $0 + $1.count * $1.count })
        for k in kernels { storage += KernelDensity.circulant(k).storage }
        return storage
    }
}
