import Foundation
import ReveilleCore

/// A partial evaluation result as JSON Lines (`reveille evaluate --partial`): a header line with
/// the evaluation's settings, then one line per device with its raw tallies — counts, sums in
/// the device's day order, and exact probability score counts. Partials of disjoint device sets
/// merge (``merge(_:)``, `reveille merge`; each line is `DeterministicJSON.line(_:)`) into exactly the report a single run over all of them
/// prints, in any order.
public enum EvaluationPartial {
    /// The first line: what every partial of one evaluation shares.
    public struct Header: Sendable, Equatable, Codable {
        /// Always `reveille-v1-partial`.
        public var partial = "reveille-v1-partial"
        public var mode: EvaluationMode
        public var tauMinutes: Double
        public var warmupDays: Int
        /// Policies in output order.
        public var policies: [String]
        /// Budgets ascending.
        public var budgets: [Int]
        /// Whether the merged report keeps per-device results.
        public var perDevice: Bool

        /// The header of an evaluation with `options`.
        public init(options: EvaluationOptions) {
            mode = options.mode
            tauMinutes = options.tauMinutes
            warmupDays = options.warmupDays
            policies = options.policies
            budgets = options.sortedBudgets
            perDevice = options.perDevice
        }
    }

    /// One device's line: its launches and, when scored, its tallies `[policy][budget]`.
    public struct Device: Sendable, Equatable, Codable {
        public var device: String
        public var launches: Int
        var tallies: [[_Tally]]?

        init(device: String, launches: Int, tallies: [[_Tally]]?) {
            self.device = device
            self.launches = launches
            self.tallies = tallies
        }

        /// Whether the device had enough days to be scored.
        public var isScored: Bool { tallies != nil }
    }

    /// How every device line starts (sorted keys put `device` first); other lines are headers.
    static let deviceLinePrefix = Data(#"{"device":"#.utf8)

    /// Merges partial files (`-` for standard input), read line by line, into one report. A file
    /// may hold several partials one after the other (each from its header on), as
    /// concatenated outputs of several processes do.
    /// Throws ``EvaluationPartialError`` for an unreadable file, a malformed line, headers that
    /// differ, or a device that appears twice.
    public static func merge(_ paths: [String]) throws -> EvaluationReport {
        guard !paths.isEmpty else { throw EvaluationPartialError(file: "", line: 0, expected: "at least one partial file") }
        var pool: EvaluationPool?
        var seen = Set<String>()
        let decoder = JSONDecoder()
        for path in paths {
            var lines = try _Lines(path: path)
            var header: Header?
            while let (text, n) = try lines.next() {
                func fail(_ expected: String) -> EvaluationPartialError { EvaluationPartialError(file: path, line: n, expected: expected) }
                if header == nil || !text.starts(with: Self.deviceLinePrefix) {
                    // A header: the first line, or again where partials were concatenated.
                    guard let h = try? decoder.decode(Header.self, from: text), h.partial == "reveille-v1-partial" else {
                        throw fail("a partial header line ({\"partial\": \"reveille-v1-partial\", …}) from `reveille evaluate --partial`")
                    }
                    if let pool, pool.header != h { throw fail("the same evaluation settings as \(paths[0]) (mode, tau, warm-up, policies, budgets, per-device)") }
                    if pool == nil { pool = EvaluationPool(header: h) }
                    header = h
                    continue
                }
                guard let h = header else { continue }
                guard let device = try? decoder.decode(Device.self, from: text) else {
                    throw fail("a device line {\"device\", \"launches\", \"tallies\"} for policies \(h.policies) and budgets \(h.budgets)")
                }
                guard seen.insert(device.device).inserted else { throw fail("device '\(device.device)' in only one partial line") }
                do { try pool?.add(device) } catch let error as EvaluationPartialError { throw fail(error.expected) }
            }
            guard header != nil else { throw EvaluationPartialError(file: path, line: 0, expected: "a partial header line") }
        }
        guard let pool else { throw EvaluationPartialError(file: paths[0], line: 0, expected: "a partial header line") }
        return try pool.report
    }
}

/// A partial result that cannot be read or merged (exit 65), naming file, line and what was expected.
public struct EvaluationPartialError: InputDataError, Sendable, Equatable {
    public var file: String
    public var line: Int
    public var expected: String

    /// Tallies that do not fit the header (the pool's own check, before file and line are known).
    static func invalid(_ expected: String) -> EvaluationPartialError {
        EvaluationPartialError(file: "", line: 0, expected: expected)
    }

    public var description: String {
        file.isEmpty ? "invalid partial result: expected \(expected)" : "\(file):\(line): invalid partial result: expected \(expected)"
    }
}

/// Non-empty lines of a file or standard input, read in 1 MiB chunks.
private struct _Lines {
    let handle: FileHandle
    let path: String
    var buffer = Data()
    var atEnd = false
    var number = 0

    init(path: String) throws {
        guard let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path) else {
            throw EvaluationPartialError(file: path, line: 0, expected: "a readable partial file")
        }
        self.handle = handle
        self.path = path
    }

    mutating func next() throws -> (Data, Int)? {
        while true {
            if let nl = buffer.firstIndex(of: 10) {
                let line = buffer[buffer.startIndex..<nl]
                buffer = buffer[(nl + 1)...]
                number += 1
                if line.allSatisfy({ $0 == 32 || $0 == 13 }) { continue }
                return (Data(line), number)
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                let line = buffer
                buffer = Data()
                number += 1
                return (line, number)
            }
            // The throwing read: `readData(ofLength:)` traps on a failed read (a directory).
            let chunk: Data
            do { chunk = try handle.read(upToCount: 1 << 20) ?? Data() } catch {
                throw EvaluationPartialError(file: path, line: number + 1,
                                             expected: "a readable partial file (\(FileDescriptorIO.Failure(error).reason))")
            }
            if chunk.isEmpty { atEnd = true } else { buffer.append(chunk) }
        }
    }
}
