/// Process-wide OpenBLAS settings and diagnostics.
///
/// OpenBLAS is opened on the first BLAS or LAPACK call (``_OpenBLAS``); reading these properties
/// opens it too.
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

    /// Threads OpenBLAS uses: 1 — set when the library is opened, and never changed afterwards
    /// (changing it while another thread's call is in flight hangs OpenBLAS). Reveille parallelises
    /// at a higher level (devices, days) and its BLAS calls are small, so OpenBLAS's own threads
    /// would only cost: they spin in `sched_yield` waiting for work. 1 when the library cannot be
    /// opened.
    public static var threadCount: Int {
        (try? _OpenBLAS.get()).map { Int($0.threadCount()) } ?? 1
    }
}
