import CBLAS

/// Process-wide OpenBLAS settings and diagnostics.
public enum BLASRuntime {
    /// OpenBLAS build configuration string (`openblas_get_config`).
    public static var configuration: String {
        guard let p = openblas_get_config() else { return "unknown" }
        return String(cString: p)
    }

    /// The CPU kernel OpenBLAS selected (`openblas_get_corename`).
    public static var coreName: String {
        guard let p = openblas_get_corename() else { return "unknown" }
        return String(cString: p)
    }

    /// Threads OpenBLAS may use. Set to 1 when parallelising at a higher level.
    public static var threadCount: Int {
        get { Int(openblas_get_num_threads()) }
        set { openblas_set_num_threads(Int32(clamping: max(1, newValue))) }
    }

    /// Keeps OpenBLAS to one thread and stops the worker threads its library constructor started.
    ///
    /// Reveille parallelises at a higher level (devices, days) and its BLAS calls are small, so
    /// OpenBLAS's own threads only cost: from load time they spin in `sched_yield` waiting for
    /// work, and setting ``threadCount`` to 1 does not stop them. Later calls run on the caller's
    /// thread.
    public static func useOneThread() {
        openblas_set_num_threads(1)
        _ = blas_thread_shutdown_()
    }
}
