import ArgumentParser
import Evaluation
import LaunchHistory
import ReveilleCore

extension EvaluateCommand {
    /// `--partial` and/or `--stream`: devices evaluated one by one as they are read; each ends as
    /// a partial line (`--partial`) or in the pooled report.
    func runStreaming() async throws {
        guard fetches == nil else { throw ValidationError("--fetches needs the whole history (not --partial or --stream)") }
        var options = try evaluation.resolvedOptions()
        options.perDevice = perDevice
        var source = try DeviceSource(input, common, stream: stream, device: device)
        let evaluator = Evaluator(options: options)
        let header = EvaluationPartial.Header(options: options)
        if partial {
            let out = try LineOutput(path: outputPath)
            do {
                try out.write(try DeterministicJSON.line(header))
                try await evaluator.evaluate(next: { try source.next() }) { try out.write(try DeterministicJSON.line($0)) }
                try out.finish()
            } catch {
                out.abandon()
                throw error
            }
            return
        }
        var pool = EvaluationPool(header: header)
        try await evaluator.evaluate(next: { try source.next() }) { try pool.add($0) }
        let report = try pool.report
        try AtomicFile.write(output.resolved == .json ? try report.json() : EvaluationTable.text(report), to: outputPath)
    }
}
