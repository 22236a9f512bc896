import ArgumentParser
import Foundation
import LaunchHistory
import ReveilleCore
import LinearAlgebra
import UsageModel

/// `reveille bench kernel`: model-training time on a large synthetic device, and the KDE GEMM's
/// GFLOP/s next to a plain dgemm peak measured in the same run.
struct BenchKernelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kernel",
        abstract: "Time UsageModel training (50,000 launches, 100 apps) and the KDE GEMM vs dgemm peak."
    )

    @Option(help: "Launches of the synthetic device.")
    var launches = 50_000

    @Option(help: "Apps of the synthetic device.")
    var apps = 100

    @Option(help: "Timed repetitions; the best is reported.")
    var repetitions = 3

    func run() throws {
        try runMappingErrors {
            let history = KernelBenchmark.synthetic(launches: launches, apps: apps)
            print("BLAS: \(BLASRuntime.coreName), \(BLASRuntime.threadCount) threads")
            var model: UsageModel?
            let fit = try KernelBenchmark.best(repetitions) { model = try UsageModel.fit(history) }
            let rows = model?.summary.trainingRows ?? 0
            print("train: \(launches) launches, \(apps) apps, \(rows) training rows: best \(_fixed(fit * 1000, 1)) ms")
            try KernelBenchmark.kde(apps: apps, history: history, repetitions: repetitions)
            try KernelBenchmark.peak(repetitions: repetitions)
        }
    }
}

/// Workloads of the kernel benchmark.
enum KernelBenchmark {
    /// Best wall time of `n` runs, in seconds.
    static func best(_ n: Int, _ body: () throws -> Void) throws -> Double {
        var best = Double.infinity
        let clock = ContinuousClock()
        for _ in 0..<max(1, n) {
            let start = clock.now
            try body()
            let d = start.duration(to: clock.now)
            best = min(best, Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
        }
        return best
    }

    /// A deterministic device: app `i` has popularity ∝ 1/(i+1) and a favourite hour; ~250 launches a day.
    static func synthetic(launches: Int, apps: Int) -> [LaunchEvent] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let weights = (0..<apps).map { 1 / Double($0 + 1) }
        let total = weights.reduce(0, +)
        var cumulative: [Double] = []
        var running = 0.0
        for w in weights { running += w / total; cumulative.append(running) }
        var instant = 1_700_000_000.0
        return (0..<launches).map { _ in
            instant += 86_400 / 250 * 2 * next()
            let u = next()
            let app = cumulative.firstIndex { $0 >= u } ?? (apps - 1)
            let shifted = instant + Double((app * 7) % 24) * 60 * next()
            return LaunchEvent(device: "bench", app: "app\(app)", instant: max(instant, shifted), utcOffsetSeconds: 3600)
        }
    }

    /// The KDE step on the week circle (2016 slots × apps, 5 bandwidths): one stacked dgemm,
    /// and the sparse scatter path, on the benchmark device's histogram.
    static func kde(apps: Int, history: [LaunchEvent], repetitions: Int) throws {
        let n = 2016
        let names = Array(Set(history.map(\.app))).sorted()
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let h = SlotHistogram.matrix(rows: n, columns: names.count, entries: history.map {
            (SlotHistogram.weekSlot(localSeconds: $0.localSeconds, slotSeconds: 300), index[$0.app] ?? 0, 1.0)
        })
        let kernels = UsageModelOptions().bandwidthGridMinutes.map { KernelDensity.wrappedGaussian(slots: n, sigmaSlots: $0 / 5) }
        let stacked = try Matrix(rows: kernels.count * n, columns: n, storage: kernels.flatMap { KernelDensity.circulant($0).storage })
        var out = Matrix(rows: kernels.count * n, columns: names.count)
        let gemm = try best(repetitions) { try BLAS.gemm(stacked, h, into: &out) }
        let flops = 2.0 * Double(kernels.count * n) * Double(n) * Double(names.count)
        print("kde gemm: (\(kernels.count)·\(n))×\(n) · \(n)×\(names.count): \(_fixed(gemm * 1000, 1)) ms, \(_fixed(flops / gemm / 1e9, 1)) GFLOP/s")
        let sparse = try best(repetitions) { _ = KernelDensity.smoothSparse(h, kernels: kernels) }
        print("kde sparse (exact banded scatter, same product): \(_fixed(sparse * 1000, 1)) ms; automatic path picks \(KernelDensity.automaticChoice(h, kernels: kernels).rawValue)")
    }

    /// Square dgemm for n = 1024, 1536, 2048; prints each and the best GFLOP/s.
    static func peak(repetitions: Int) throws {
        var bestRate = 0.0
        for n in [1024, 1536, 2048] {
            let a = try Matrix(rows: n, columns: n, storage: (0..<(n * n)).map { Double($0 % 7) - 3 })
            var c = Matrix(rows: n, columns: n)
            let t = try best(repetitions) { try BLAS.gemm(a, a, into: &c) }
            let rate = 2 * pow(Double(n), 3) / t / 1e9
            bestRate = max(bestRate, rate)
            print("dgemm n=\(n): \(_fixed(t * 1000, 1)) ms, \(_fixed(rate, 1)) GFLOP/s")
        }
        print("dgemm peak: \(_fixed(bestRate, 1)) GFLOP/s")
    }
}
