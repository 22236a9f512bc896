/// Marks errors caused by bad input data (malformed files, unexpected schemas, impossible values).
/// The `reveille` CLI exits with status 65 (`EX_DATAERR`) for these; modules conform their
/// input-validation errors to it.
public protocol InputDataError: Error, CustomStringConvertible {}

/// Marks errors caused by how a command was called (contradictory or out-of-range options found
/// only after parsing). The CLI exits with status 64 (`EX_USAGE`) for these.
public protocol UsageMistake: Error, CustomStringConvertible {}

/// An error some of whose instances mean that a file could not be written — an output, or a
/// private scratch copy in `$TMPDIR` that is full or unwritable — rather than bad data. The CLI
/// exits with status 73 (`EX_CANTCREAT`) for those instances, whatever other category the type has.
public protocol WriteFailureCategorized: Error {
    /// Whether this instance is a failure to write (exit 73).
    var isWriteFailure: Bool { get }
}


/// The process exit statuses Reveille uses (BSD `sysexits.h`), and the one mapping from an error
/// to its status.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// The command did what was asked.
    case success = 0
    /// The command was called wrongly (`EX_USAGE`): a ``UsageMistake``.
    case usage = 64
    /// The input data is bad (`EX_DATAERR`): an ``InputDataError``.
    case dataError = 65
    /// Reveille itself failed (`EX_SOFTWARE`): any other error.
    case internalError = 70
    /// An output file could not be created (`EX_CANTCREAT`): ``AtomicFile/WriteError``.
    case cannotCreate = 73

    /// The status for `error`: 65 for bad data, 64 for bad usage, 73 for unwritable output, 70
    /// for anything else.
    public init(for error: any Error) {
        switch error {
        case let failure as any WriteFailureCategorized where failure.isWriteFailure: self = .cannotCreate
        case is any InputDataError: self = .dataError
        case is any UsageMistake: self = .usage
        case is AtomicFile.WriteError: self = .cannotCreate
        default: self = .internalError
        }
    }
}

/// A device was asked for (`--device`) that the input does not hold: a usage mistake (exit 64),
/// the same for every command, listing the devices the input does hold.
public struct UnknownDeviceError: UsageMistake, Sendable, Equatable {
    /// The device asked for.
    public let device: String
    /// Where the devices were looked up (a file path, or a description of the inputs).
    public let source: String
    /// The devices the input holds, sorted.
    public let available: [String]

    /// An error for `device`, not among `available` in `source`.
    public init(device: String, source: String, available: [String]) {
        self.device = device
        self.source = source
        self.available = available.sorted()
    }

    public var description: String {
        let list = available.prefix(20).joined(separator: ", ") + (available.count > 20 ? ", …" : "")
        return "\(source): no device '\(device)'; expected one of its \(available.count) devices (\(list))"
    }
}

/// No device named where the input holds several (`--device` is needed): a usage mistake (exit
/// 64), as naming a device the input does not hold (``UnknownDeviceError``).
public struct DeviceChoiceError: UsageMistake, Sendable, Equatable {
    /// Where the devices were looked up (a file path, or a description of the inputs).
    public let source: String
    /// The devices the input holds, sorted.
    public let available: [String]

    /// An error for `source`, which holds `available`.
    public init(source: String, available: [String]) {
        self.source = source
        self.available = available.sorted()
    }

    public var description: String {
        let list = available.prefix(20).joined(separator: ", ") + (available.count > 20 ? ", …" : "")
        return "\(source) holds \(available.count) devices: name one with --device (\(list))"
    }
}
