import ArgumentParser
import Foundation
import LaunchHistory
import ReveilleCore

/// `reveille bench ingest`: canonical-CSV read throughput in MB/s.
struct BenchIngestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Measure canonical-CSV ingest throughput (MB/s of wall time and per CPU second, one core) on a generated file."
    )

    @Option(help: "Rows in the generated file.")
    var rows = 2_000_000

    @Option(help: "Timed repetitions: the best wall time and the least CPU time are reported (a shared machine's noise only ever adds to either).")
    var repetitions = 5

    @Option(help: "Measure this canonical CSV instead of a generated file (it is only read).")
    var file: String?

    func run() throws {
        try runMappingErrors {
            let generated = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-bench-ingest.csv").path
            let path = file ?? generated
            if file == nil { _ = try IngestBenchmark.writeSample(rows: rows, to: path) }
            defer { if file == nil { try? FileManager.default.removeItem(atPath: path) } }
            var runs: [IngestTiming] = []
            var rowsRead = 0, release = 0.0
            for _ in 0..<max(1, repetitions) {
                var history: LaunchHistory?
                let timing = try IngestTiming.measure { history = try HistoryReader.read(path: path, options: .init(format: .csv)) }
                rowsRead = history?.report.rowsRead ?? 0
                // Releasing the result is not reading; it is timed apart and printed.
                let released = IngestTiming.measure { history = nil }
                if runs.allSatisfy({ timing.wall < $0.wall }) { release = released.wall }
                runs.append(timing)
            }
            guard file != nil || rowsRead == rows else { throw ExitCode(70) }
            let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            var floor = Double.infinity
            for _ in 0..<max(1, repetitions) {
                var lines = 0
                floor = min(floor, try IngestTiming.measure { lines = try IngestBenchmark.countLines(path: path) }.wall)
                guard file != nil || lines == rows + 1 else { throw ExitCode(70) }
            }
            let mb = Double(bytes) / 1e6
            let fastest = runs.min { $0.wall < $1.wall } ?? IngestTiming(wall: .infinity, user: 0, system: 0)
            let leanest = runs.min { $0.cpu < $1.cpu } ?? fastest
            let first = runs.first ?? fastest
            func ms(_ seconds: Double) -> String { _fixed(seconds * 1000, 1) }
            print("ingest: \(rowsRead) rows, \(_fixed(mb, 1)) MB, best wall of \(repetitions): \(ms(fastest.wall)) ms = "
                  + "\(_fixed(mb / fastest.wall, 0)) MB/s; least CPU of \(repetitions): user \(ms(leanest.user)) + system "
                  + "\(ms(leanest.system)) ms = \(_fixed(mb / max(leanest.cpu, 1e-9), 0)) MB per CPU second (user alone "
                  + "\(_fixed(mb / max(leanest.user, 1e-9), 0)) MB/s); first run: user \(ms(first.user)) + system \(ms(first.system)) ms, "
                  + "\(first.pageFaults) page faults; releasing the result afterwards: \(ms(release)) ms")
            print("reference: the same file read in the same 1 MiB chunks, newlines counted only: "
                  + "\(_fixed(floor * 1000, 1)) ms, \(_fixed(mb / floor, 0)) MB/s; ingest runs at "
                  + "\(_fixed(100 * floor / fastest.wall, 0)) % of it")
        }
    }
}

/// Generates a realistic canonical CSV for the ingest benchmark.
enum IngestBenchmark {
    /// Reads `path` in 1 MiB chunks as the reader does (`InputStream`, one `read(2)` per chunk)
    /// and counts its newlines: the floor any line reader pays.
    static func countLines(path: String) throws -> Int {
        guard let stream = InputStream(fileAtPath: path) else { throw ExitCode(74) }
        stream.open()
        defer { stream.close() }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var lines = 0
        while true {
            let count = stream.read(&chunk, maxLength: chunk.count)
            guard count > 0 else { break }
            let span = chunk.span
            for i in 0..<count where span[i] == 10 { lines += 1 }
        }
        return lines
    }

    static func writeSample(rows: Int, to path: String) throws -> Int {
        var text = "device,app,timestamp\n"
        text.reserveCapacity(rows * 64)
        var instant = 1_364_095_883
        let apps = (0..<60).map { "com.example.app\($0)" }
        for i in 0..<rows {
            instant += 37 + i % 600
            let device = "device-\(i * 20 / max(1, rows))"
            text += device + "," + apps[(i * 7919) % apps.count] + ","
            text += TimestampParser.formatISO(instant: Double(instant), utcOffsetSeconds: -14400) + "\n"
        }
        try AtomicFile.write(text, to: path)
        return text.utf8.count
    }
}

/// Wall-clock and CPU seconds of one timed run.
struct IngestTiming {
    var wall: Double
    var user: Double
    var system: Double
    /// Minor page faults (fresh memory touched for the first time).
    var pageFaults = 0
    /// User and system CPU seconds.
    var cpu: Double { user + system }

    /// Times `body`: wall clock, and this process's user and system CPU time (`getrusage`).
    static func measure(_ body: () throws -> Void) rethrows -> IngestTiming {
        let before = _cpu(), clock = ContinuousClock(), start = clock.now
        try body()
        let elapsed = start.duration(to: clock.now).components, after = _cpu()
        return IngestTiming(wall: Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18,
                            user: after.user - before.user, system: after.system - before.system,
                            pageFaults: after.faults - before.faults)
    }

    private static func _cpu() -> (user: Double, system: Double, faults: Int) {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return (0, 0, 0) }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
        return (seconds(usage.ru_utime), seconds(usage.ru_stime), usage.ru_minflt)
    }
}
