/// Process-wide OpenBLAS settings and diagnostics.
///
/// OpenBLAS is opened on the first BLAS or LAPACK call (``_OpenBLAS``); reading these properties
/// opens it too, ``useOneThread()`` does not.
public enum BLASRuntime {
    /// OpenBLAS build configuration string (`openblas_get_config`); `unavailable: …` when the
    /// library cannot be opened.
    public static var configuration: String {
        do {
            guard let p = try _OpenBLAS.get().configuration() else { return "unknown" }
            return String(cString: p)
        } catch {
            return "unavailable: \(error)"
        }
    }

    /// The CPU kernel OpenBLAS selected (`openblas_get_corename`); `unavailable: …` when the
    /// library cannot be opened.
    public static var coreName: String {
        do {
            guard let p = try _OpenBLAS.get().coreName() else { return "unknown" }
            return String(cString: p)
        } catch {
            return "unavailable: \(error)"
        }
    }

    /// Threads OpenBLAS may use (1 when the library cannot be opened). Set to 1 when
    /// parallelising at a higher level.
    public static var threadCount: Int {
        get { (try? _OpenBLAS.get()).map { Int($0.threadCount()) } ?? 1 }
        set { (try? _OpenBLAS.get())?.setThreadCount(Int32(clamping: max(1, newValue))) }
    }

    /// Keeps OpenBLAS to one thread and stops the worker threads its library constructor started
    /// — now if the library is open, else right after it is opened (a process that never calls
    /// BLAS never opens it).
    ///
    /// Reveille parallelises at a higher level (devices, days) and its BLAS calls are small, so
    /// OpenBLAS's own threads only cost: from load time they spin in `sched_yield` waiting for
    /// work, and setting ``threadCount`` to 1 does not stop them. Later calls run on the caller's
    /// thread.
    public static func useOneThread() {
        _OpenBLAS.useOneThread()
    }
}
