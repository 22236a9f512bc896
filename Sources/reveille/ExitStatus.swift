import ArgumentParser
import ReveilleCore

/// Runs a command body and maps module errors to exit statuses in one place:
/// bad data → 65 (`EX_DATAERR`), bad usage → 64 (`EX_USAGE`), unwritable output → 73
/// (`EX_CANTCREAT`), anything else → 70 (`EX_SOFTWARE`). The message goes to stderr.
func runMappingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch let error as CleanExit {
        throw error
    } catch {
        let status = ReveilleCore.ExitStatus(for: error)
        StandardError.write("error: \(error)")
        throw ExitCode(status.rawValue)
    }
}

/// ``runMappingErrors(_:)`` for async command bodies.
func runMappingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch let error as CleanExit {
        throw error
    } catch {
        let status = ReveilleCore.ExitStatus(for: error)
        StandardError.write("error: \(error)")
        throw ExitCode(status.rawValue)
    }
}
