import ArgumentParser
import ReveilleCore

/// Runs a command body and maps module errors to exit statuses in one place:
/// bad data → 65 (`EX_DATAERR`), bad usage → 64 (`EX_USAGE`), unwritable output → 73
/// (`EX_CANTCREAT`), anything else → 70 (`EX_SOFTWARE`). The message goes to stderr.
func runMappingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch {
        throw _exitError(error)
    }
}

/// ``runMappingErrors(_:)`` for async command bodies.
func runMappingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch {
        throw _exitError(error)
    }
}

/// The argument parser's own errors unchanged; any other error written to stderr and turned into
/// the `ExitCode` of its ``ExitStatus``.
func _exitError(_ error: any Error) -> any Error {
    if error is ExitCode || error is ValidationError || error is CleanExit { return error }
    StandardError.write("error: \(error)")
    return ExitCode(ReveilleCore.ExitStatus(for: error).rawValue)
}
