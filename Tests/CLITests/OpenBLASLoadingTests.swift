import Foundation
import Testing
import TestSupport

/// OpenBLAS is opened on the first BLAS or LAPACK call, not at start-up: planning from a model
/// file (no fit) never loads it, training (which fits) does. The glibc loader's own trace
/// (`LD_DEBUG=files`, on stderr) names every shared object a process loads.
@Suite struct OpenBLASLoadingTests {
    #if os(Linux)
    @Test func planFromModelNeverLoadsOpenBLASTrainingDoes() throws {
        let (model, _) = try PlanCommandTests.trained()
        // Thirty days of launches: the scorer's anchor day (every `scorerRefitDays`) has days
        // before it, so training fits the logistic scorer (BLAS) whatever the anchor falls on.
        let days = (1...30).map { d in
            let day = (d < 10 ? "0" : "") + "\(d)"
            return "d1,mail,2023-11-\(day)T08:00:00+01:00\nd1,news,2023-11-\(day)T12:30:00+01:00\n"
        }
        let history = try Fixtures.temporaryFile("device,app,timestamp\n" + days.joined())
        let output = try Fixtures.temporaryFile("", suffix: ".json")
        let trace = ["LD_DEBUG": "files"]
        let plan = try CLIRunner.run(["plan", "--model", model, "--device", "d1", "--from", PlanCommandTests.from,
                                      "-q", "-o", output], environment: trace)
        #expect(plan.status == 0)
        #expect(plan.stderr.contains("file=libc.so.6"))  // the trace is on
        #expect(!plan.stderr.contains("libopenblas"))
        let train = try CLIRunner.run(["train", history, "-o", output, "-q"], environment: trace)
        #expect(train.status == 0)
        #expect(train.stderr.contains("file=libopenblas.so.0"))
    }
    #endif
}
