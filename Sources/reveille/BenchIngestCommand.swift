import ArgumentParser
import Foundation
import LaunchHistory

/// `reveille bench ingest`: canonical-CSV read throughput in MB/s.
struct BenchIngestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Measure canonical-CSV ingest throughput (MB/s, one core) on a generated file."
    )

    @Option(help: "Rows in the generated file.")
    var rows = 2_000_000

    @Option(help: "Timed repetitions; the best is reported.")
    var repetitions = 3

    func run() throws {
        try runMappingErrors {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("reveille-bench-ingest.csv").path
            let bytes = try IngestBenchmark.writeSample(rows: rows, to: path)
            defer { try? FileManager.default.removeItem(atPath: path) }
            var best = Double.infinity
            for _ in 0..<max(1, repetitions) {
                let clock = ContinuousClock()
                let start = clock.now
                let history = try HistoryReader.read(path: path)
                let elapsed = start.duration(to: clock.now)
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
                best = min(best, seconds)
                guard history.report.rowsRead == rows else { throw ExitCode(70) }
            }
            let mb = Double(bytes) / 1e6
            print("ingest: \(rows) rows, \(_fixed(mb, 1)) MB, best of \(repetitions): \(_fixed(best * 1000, 1)) ms, \(_fixed(mb / best, 0)) MB/s")
        }
    }
}

/// Generates a realistic canonical CSV for the ingest benchmark.
enum IngestBenchmark {
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
