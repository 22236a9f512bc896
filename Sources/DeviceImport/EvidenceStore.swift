import GRDB

/// A SQLite evidence database opened once for several imports: one private copy, one connection.
///
/// ``DeviceImporter/csv(_:path:options:)`` copies, opens and closes the file on every call. A
/// caller that imports several kinds from one file — knowledgeC's launches and its plugged-in
/// intervals, PowerLog's launches and its usage predictions — opens it once here and passes the
/// store to ``DeviceImporter/csv(_:store:options:)`` or ``DeviceImporter/launches(_:store:options:)``;
/// the result is the same as reading by path. The checks and the private, read-only copy are
/// those of every import (see the module overview); ``close()`` removes the copy, and so do exit,
/// SIGINT and SIGTERM.
public struct EvidenceStore: Sendable {
    let database: _EvidenceDatabase

    /// The evidence file, as named in errors and used for the default device identifier.
    public var file: String { database.file }

    /// Checks `path` and opens a private read-only copy of it.
    /// - Throws: ``DeviceImportError`` — `.fileNotFound`, `.locked`, `.notSQLite`, `.encrypted`,
    ///   `.unreadable`, `.scratchUnwritable`.
    public init(path: String) throws(DeviceImportError) {
        database = try _EvidenceDatabase(path: path)
    }

    /// Reads through `connection`, which the caller owns: no checks, no copy, and ``close()`` leaves
    /// it open. For a caller that writes one database and imports it again and again — the fuzz
    /// harness, whose every input rewrites the rows of one scratch database (a private copy and a
    /// new connection per input cost more than the import itself). Evidence someone else owns
    /// belongs in ``init(path:)``, which never changes it.
    @_spi(Fuzzing) public init(borrowing connection: DatabaseQueue, file: String) {
        database = _EvidenceDatabase(borrowing: connection, file: file)
    }

    /// Closes the connection and deletes the private copy (a borrowed connection stays open).
    public func close() {
        database.close()
    }
}
