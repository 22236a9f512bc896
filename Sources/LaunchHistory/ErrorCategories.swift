/// Marks errors caused by bad input data (malformed files, unexpected schemas, impossible values).
/// The `reveille` CLI exits with status 65 (`EX_DATAERR`) for these; modules conform their
/// input-validation errors to it.
public protocol InputDataError: Error, CustomStringConvertible {}

/// Marks errors caused by how a command was called (contradictory or out-of-range options found
/// only after parsing). The CLI exits with status 64 (`EX_USAGE`) for these.
public protocol UsageMistake: Error, CustomStringConvertible {}

extension HistoryError: InputDataError {}
