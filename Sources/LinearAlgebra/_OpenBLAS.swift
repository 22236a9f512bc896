import CBLAS
import CLAPACK
import Foundation

/// OpenBLAS's entry points, opened with `dlopen` on the first BLAS or LAPACK call instead of being
/// linked into every process: a process that never factorises or multiplies a matrix
/// (`reveille plan --model`, `--version`, `evaluate` of baselines) never loads the library, never
/// resolves its ~14,000 symbol relocations and never starts its worker threads.
///
/// The library is Debian's `libopenblas.so.0` (package `libopenblas0`, which `libopenblas-dev`
/// installs); it holds LAPACK too. Failing to open it, or a missing entry point, is
/// ``LinearAlgebraError/libraryUnavailable(_:)``, thrown by every wrapper — never a crash.
///
/// It runs on one thread, set when it is opened: Reveille parallelises at a higher level (devices,
/// days) and its BLAS calls are small, so OpenBLAS's own threads would only cost.
struct _OpenBLAS: @unchecked Sendable {
    let dgemm: reveille_cblas_dgemm
    let dgemv: reveille_cblas_dgemv
    let dsyrk: reveille_cblas_dsyrk
    let ddot: reveille_cblas_ddot
    let dposv: reveille_dposv
    let dsysv: reveille_dsysv
    let configuration: reveille_openblas_get_config
    let coreName: reveille_openblas_get_corename
    let threadCount: reveille_openblas_get_num_threads
    let setThreadCount: reveille_openblas_set_num_threads
    let stopThreads: reveille_blas_thread_shutdown

    /// The shared object opened (its soname).
    static let soname = "libopenblas.so.0"

    /// The process's OpenBLAS, opened once on first use (`static let`: thread-safe).
    static let shared: Result<_OpenBLAS, LinearAlgebraError> = open()

    /// The library, or why it could not be opened.
    static func get() throws(LinearAlgebraError) -> _OpenBLAS { try shared.get() }

    /// One BLAS thread, and OpenBLAS's idle workers (started by its library constructor, spinning
    /// in `sched_yield`) stopped; every later call runs on its caller's thread.
    ///
    /// Done once, inside ``open()``, before any call can exist: changing the thread count or
    /// stopping the workers while another thread's call is in flight hangs OpenBLAS (that call
    /// waits in `exec_blas_async_wait` for workers that are gone) or corrupts its buffers.
    private func keepOneThread() {
        setThreadCount(1)
        _ = stopThreads()
    }

    private static func open() -> Result<_OpenBLAS, LinearAlgebraError> {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(.libraryUnavailable("\(soname): \(reason)"))
        }
        func symbol<F>(_ name: String, _: F.Type) throws(LinearAlgebraError) -> F {
            guard let address = dlsym(handle, name) else {
                throw .libraryUnavailable("\(soname) has no \(name)")
            }
            return unsafeBitCast(address, to: F.self)
        }
        let library: _OpenBLAS
        do {
            library = _OpenBLAS(
                dgemm: try symbol("cblas_dgemm", reveille_cblas_dgemm.self),
                dgemv: try symbol("cblas_dgemv", reveille_cblas_dgemv.self),
                dsyrk: try symbol("cblas_dsyrk", reveille_cblas_dsyrk.self),
                ddot: try symbol("cblas_ddot", reveille_cblas_ddot.self),
                dposv: try symbol("dposv_", reveille_dposv.self),
                dsysv: try symbol("dsysv_", reveille_dsysv.self),
                configuration: try symbol("openblas_get_config", reveille_openblas_get_config.self),
                coreName: try symbol("openblas_get_corename", reveille_openblas_get_corename.self),
                threadCount: try symbol("openblas_get_num_threads", reveille_openblas_get_num_threads.self),
                setThreadCount: try symbol("openblas_set_num_threads", reveille_openblas_set_num_threads.self),
                stopThreads: try symbol("blas_thread_shutdown_", reveille_blas_thread_shutdown.self))
        } catch {
            return .failure(error)
        }
        library.keepOneThread()
        return .success(library)
    }
}
