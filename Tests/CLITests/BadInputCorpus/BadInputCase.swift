import Foundation
import GRDB
import Testing
import TestSupport

/// One bad input for the CLI: files to write, the command line, and what must come of it.
///
/// In ``arguments`` and ``mentions``, `@name` stands for the path of input file `name` (written
/// into a fresh directory) and `@out` for an output path in the same directory, which must not
/// exist afterwards; nor may any other file but the inputs (no temporary files left behind).
struct BadInputCase: Sendable, CustomTestStringConvertible {
    /// How an input file is made.
    enum Content: Sendable {
        case text(String)
        case bytes([UInt8])
        /// A SQLite database holding what the SQL creates.
        case sqlite(String)
        /// A copy of the first `count` bytes (all when `nil`) of a file under `../shared/datasets`
        /// or the repository, with `patches` (offset, byte) applied.
        case copy(String, count: Int? = nil, patches: [(Int, UInt8)] = [])
        /// A repository file's text with each (find, replace) applied (the first match only).
        case edit(String, [(String, String)])
        /// A directory.
        case directory
    }

    let name: String
    let inputs: [(String, Content)]
    let arguments: [String]
    let stdin: String?
    let status: Int32
    /// Texts stderr must contain (the file, line and field, or the option, at fault).
    let mentions: [String]

    init(_ name: String, _ inputs: [(String, Content)] = [], _ arguments: [String], stdin: String? = nil,
         status: Int32 = 65, mentions: [String]) {
        self.name = name
        self.inputs = inputs
        self.arguments = arguments
        self.stdin = stdin
        self.status = status
        self.mentions = mentions
    }

    var testDescription: String { name }

    /// Writes the inputs, runs the CLI and checks status, message and that nothing was written.
    func check() throws {
        let dir = Scratch.path("reveille-bad-")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (file, content) in inputs { try Self.write(content, to: dir.appendingPathComponent(file).path) }
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        func expand(_ s: String) -> String {
            var s = s.replacingOccurrences(of: "@out", with: dir.appendingPathComponent("out").path)
            for (file, _) in inputs { s = s.replacingOccurrences(of: "@" + file, with: dir.appendingPathComponent(file).path) }
            return s
        }
        let result = try CLIRunner.run(arguments.map(expand), stdin: stdin, in: dir)
        #expect(result.status == status, "\(name): exit \(result.status), stderr: \(result.stderr)")
        for mention in mentions.map(expand) {
            #expect(result.stderr.contains(mention), "\(name): stderr lacks '\(mention)': \(result.stderr)")
        }
        #expect(!result.stderr.contains("Fatal error"), "\(name): \(result.stderr)")
        let after = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(after == before, "\(name): files left behind: \(Set(after).subtracting(before).sorted())")
    }

    static func write(_ content: Content, to path: String) throws {
        switch content {
        case .text(let text): try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        case .bytes(let bytes): try Data(bytes).write(to: URL(fileURLWithPath: path))
        case .sqlite(let sql):
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in try db.execute(sql: sql) }
            try queue.close()
        case .copy(let source, let count, let patches):
            let full = source.hasPrefix("Tests/") ? Fixtures.repositoryRoot.appendingPathComponent(source).path : Fixtures.dataset(source)
            var data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: full)))
            if let count { data = Array(data.prefix(count)) }
            for (offset, byte) in patches where offset < data.count { data[offset] = byte }
            try Data(data).write(to: URL(fileURLWithPath: path))
        case .edit(let source, let edits):
            var text = try String(contentsOfFile: Fixtures.repositoryRoot.appendingPathComponent(source).path, encoding: .utf8)
            for (find, replace) in edits {
                if let range = text.range(of: find) { text.replaceSubrange(range, with: replace) }
            }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
    }
}

/// Small valid inputs the cases build on.
enum Valid {
    /// Ten days of three apps on one device, in +02:00.
    static let history: String = {
        var rows = ["device,app,timestamp"]
        for day in 1...10 {
            let d = String(format: "%02d", day)
            rows += ["d,mail,2024-03-\(d)T08:10:00+02:00", "d,news,2024-03-\(d)T12:30:00+02:00", "d,chat,2024-03-\(d)T20:45:00+02:00"]
        }
        return rows.joined(separator: "\n") + "\n"
    }()

    /// A valid model file (repository-relative, for ``BadInputCase/Content/edit(_:_:)``).
    static let model = "Tests/UsageModelTests/Fixtures/golden-model-v2.json"
    /// Its absolute path (the CLI runs in each case's own directory).
    static let modelPath = Fixtures.repositoryRoot.appendingPathComponent(model).path
}
