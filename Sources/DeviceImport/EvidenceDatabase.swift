import Foundation
import GRDB

/// Opens someone else's SQLite database without ever changing it.
///
/// Measured on the knowledgeC fixtures (WAL mode): opening the file in place with
/// `Configuration.readonly` still creates `-wal` and `-shm` files beside it (and leaves them), and
/// `immutable=1` needs URI filenames, which GRDB does not request and which would ignore a `-wal`.
/// So the evidence file (plus its `-wal`, if any) is copied into a private temporary directory and
/// the copy is opened with `Configuration.readonly = true`; SQLite never touches the original. The
/// copy costs one sequential read of the file (O(size)).
///
/// The copy is personal data: its directory (`$TMPDIR/reveille-import-<UUID>`) is created with
/// mode 0700 and the copied files get 0600, and it is removed on every exit path — ``close()``
/// (which every reader calls in a `defer`), a failed open, and SIGINT/SIGTERM
/// (``_PrivateCopies``).
///
/// Checks, in order: the file exists; a non-empty `-journal` beside it means a writer is mid-
/// transaction (`.locked`); the 16-byte header is `SQLite format 3\0` (else `.encrypted` when the
/// size is a whole number of ≥ 512-byte pages, as SQLCipher files are, or `.notSQLite`).
struct _EvidenceDatabase {
    let file: String
    private let queue: DatabaseQueue
    /// The private directory holding the copy; `nil` for a borrowed connection
    /// (``init(borrowing:file:)``), which is neither copied nor closed here.
    let directory: URL?

    static let header = Array("SQLite format 3\u{0}".utf8)

    init(path: String) throws(DeviceImportError) {
        file = path
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DeviceImportError(.fileNotFound, file: path, expected: "an existing SQLite database file")
        }
        guard !isDirectory.boolValue else {
            throw DeviceImportError(.unreadable, file: path, expected: "a SQLite database file, not a directory")
        }
        if let size = Self._size(path + "-journal"), size > 0 {
            throw DeviceImportError(.locked, file: path, expected: "no write in progress (a hot rollback journal lies beside it); retry when the writer has finished")
        }
        try Self._checkHeader(path)
        let directory = fm.temporaryDirectory.appendingPathComponent("reveille-import-\(UUID().uuidString)")
        self.directory = directory
        let copy = directory.appendingPathComponent("evidence.sqlite")
        _PrivateCopies.register(directory.path)
        do throws(_PrivateCopy.Failure) {
            do {
                try fm.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                try fm.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
            } catch {
                throw _PrivateCopy.Failure.scratch(error.localizedDescription)
            }
            try _PrivateCopy.copy(path, to: copy.path)
            if let wal = Self._size(path + "-wal"), wal > 0 {
                try _PrivateCopy.copy(path + "-wal", to: copy.path + "-wal")
            }
        } catch {
            _PrivateCopies.remove(directory.path)
            switch error {
            case .source(let reason):
                throw DeviceImportError(.unreadable, file: path, expected: "a readable file (\(reason))")
            case .scratch(let reason):
                throw DeviceImportError(.scratchUnwritable, file: path, expected: "room for a private copy in \(fm.temporaryDirectory.path) (\(reason)); free space there or set TMPDIR to another directory")
            }
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "reveille-evidence"
        do {
            queue = try DatabaseQueue(path: copy.path, configuration: configuration)
        } catch {
            _PrivateCopies.remove(directory.path)
            throw Self._mapped(error, file: path)
        }
    }

    /// Reads through `queue`, an open connection that the caller owns and closes: no check, no
    /// copy. For a caller that imports from one database many times (the fuzz harness, whose
    /// connection writes each input's rows) — `file` names it in errors.
    init(borrowing queue: DatabaseQueue, file: String) {
        self.file = file
        self.queue = queue
        directory = nil
    }

    /// Opens `path` (``init(path:)``), runs `body` on it and closes it, on every way out.
    static func using<T>(_ path: String, _ body: (_EvidenceDatabase) throws(DeviceImportError) -> T) throws(DeviceImportError) -> T {
        let db = try _EvidenceDatabase(path: path)
        defer { db.close() }
        return try body(db)
    }

    /// Runs `body` in a read transaction, mapping SQLite failures to ``DeviceImportError``.
    func read<T>(_ body: (Database) throws -> T) throws(DeviceImportError) -> T {
        do {
            return try queue.read { db in try body(db) }
        } catch let error as DeviceImportError {
            throw error
        } catch {
            throw Self._mapped(error, file: file)
        }
    }

    /// Closes the connection and deletes the private copy (nothing for a borrowed connection).
    func close() {
        guard let directory else { return }
        try? queue.close()
        _PrivateCopies.remove(directory.path)
    }

    static func _size(_ path: String) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return (attributes[.size] as? NSNumber)?.intValue
    }

    static func _checkHeader(_ path: String) throws(DeviceImportError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DeviceImportError(.unreadable, file: path, expected: "a readable file")
        }
        defer { try? handle.close() }
        let prefix = Array((try? handle.read(upToCount: 16)) ?? Data())
        if prefix == header { return }
        let size = _size(path) ?? 0
        if size >= 1024 && size % 512 == 0 {
            throw DeviceImportError(.encrypted, file: path, expected: "a plain SQLite database; this one has no SQLite header but whole 512-byte pages, as encrypted (SQLCipher) databases do — decrypt it first")
        }
        throw DeviceImportError(.notSQLite, file: path, expected: "a SQLite database (first 16 bytes 'SQLite format 3\\0')")
    }

    static func _mapped(_ error: any Error, file: String) -> DeviceImportError {
        guard let db = error as? DatabaseError else {
            return DeviceImportError(.unreadable, file: file, expected: "a readable SQLite database (\(error))")
        }
        switch db.resultCode.primaryResultCode {
        case .SQLITE_NOTADB:
            return DeviceImportError(.encrypted, file: file, expected: "readable pages; SQLite says 'file is not a database' (encrypted or damaged)")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return DeviceImportError(.locked, file: file, expected: "an unlocked database; retry when the writer has finished")
        default:
            return DeviceImportError(.unreadable, file: file, expected: "a readable SQLite database (\(db.message ?? "SQLite error \(db.resultCode.rawValue)"))")
        }
    }
}
