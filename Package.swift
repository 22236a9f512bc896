// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Reveille",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "reveille", targets: ["reveille"]),
        .library(name: "LaunchHistory", targets: ["LaunchHistory"]),
        .library(name: "UsageModel", targets: ["UsageModel"]),
        .library(name: "FetchPlanner", targets: ["FetchPlanner"]),
        .library(name: "Evaluation", targets: ["Evaluation"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // C interop: only LinearAlgebra imports these.
        .systemLibrary(name: "CBLAS", pkgConfig: "openblas", providers: [.apt(["libopenblas-dev"])]),
        .systemLibrary(name: "CLAPACKE", pkgConfig: "lapacke", providers: [.apt(["liblapacke-dev"])]),
        .target(name: "LinearAlgebra", dependencies: ["CBLAS", "CLAPACKE"]),
        .target(name: "LaunchHistory"),
        .target(name: "UsageModel", dependencies: ["LaunchHistory", "LinearAlgebra"]),
        .target(name: "FetchPlanner", dependencies: ["LaunchHistory"]),
        .target(name: "Evaluation", dependencies: ["LaunchHistory", "UsageModel", "FetchPlanner"]),
        .target(name: "LaunchSimulator", dependencies: ["LaunchHistory"]),
        .target(name: "DeviceImport", dependencies: [
            "LaunchHistory", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .target(name: "Report", dependencies: ["LaunchHistory"]),
        .executableTarget(name: "reveille", dependencies: [
            "LaunchHistory", "LinearAlgebra", "UsageModel", "FetchPlanner", "Evaluation",
            "LaunchSimulator", "DeviceImport", "Report",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "TestSupport", dependencies: ["LaunchHistory"], path: "Tests/TestSupport"),
        .testTarget(name: "LinearAlgebraTests", dependencies: ["LinearAlgebra", "TestSupport"]),
        .testTarget(name: "LaunchHistoryTests", dependencies: ["LaunchHistory", "TestSupport"]),
        .testTarget(name: "UsageModelTests", dependencies: ["UsageModel", "LinearAlgebra", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FetchPlannerTests", dependencies: ["FetchPlanner", "TestSupport"]),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation", "TestSupport"]),
        .testTarget(name: "LaunchSimulatorTests", dependencies: ["LaunchSimulator", "TestSupport"]),
        .testTarget(name: "DeviceImportTests", dependencies: [
            "DeviceImport", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        ], exclude: ["Fixtures"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
