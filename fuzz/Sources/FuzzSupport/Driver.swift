import Foundation

/// libFuzzer's entry for programs with their own `main` (SwiftPM gives every executable one).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// Runs libFuzzer with this process's arguments on `body` (one input per call) and exits with
/// its status.
public func runFuzzer(_ body: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Never {
    // Importers copy evidence into $TMPDIR and fsync it: keep that in memory (/dev/shm), where
    // fsync costs nothing, so each input is not a disk flush.
    setenv("TMPDIR", ScratchFile.directory, 1)
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, body))
}
