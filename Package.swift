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
        .library(name: "Scheduling", targets: ["Scheduling"]),
        .library(name: "Evaluation", targets: ["Evaluation"]),
        // For the libFuzzer package under fuzz/ (its importer targets).
        .library(name: "DeviceImport", targets: ["DeviceImport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // C interop: only LinearAlgebra imports these. Headers only (Debian's libopenblas-dev): the
        // library itself, with LAPACK inside, is opened on first use (LinearAlgebra/_OpenBLAS.swift).
        .systemLibrary(name: "CBLAS", providers: [.apt(["libopenblas-dev"])]),
        .systemLibrary(name: "CLAPACK", providers: [.apt(["libopenblas-dev"])]),
        .target(name: "LinearAlgebra", dependencies: ["CBLAS", "CLAPACK"]),
        // Shared kernel (not a product): local time, timestamp parsing, deterministic JSON, atomic
        // files, error categories and exit statuses.
        .target(name: "ReveilleCore"),
        .target(name: "LaunchHistory", dependencies: ["ReveilleCore"]),
        .target(name: "UsageModel", dependencies: ["ReveilleCore", "LaunchHistory", "LinearAlgebra"]),
        .target(name: "FetchPlanner", dependencies: ["ReveilleCore"]),
        // The one pipeline from history to schedule: forecasters, the product policy, the floor rule.
        .target(name: "Scheduling", dependencies: [
            "ReveilleCore", "LaunchHistory", "UsageModel", "FetchPlanner", "LinearAlgebra",
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "Evaluation", dependencies: [
            "ReveilleCore", "LaunchHistory", "UsageModel", "FetchPlanner", "Scheduling", "LaunchSimulator",
        ]),
        .target(name: "LaunchSimulator", dependencies: ["ReveilleCore", "LaunchHistory"]),
        .target(name: "DeviceImport", dependencies: [
            "ReveilleCore", "LaunchHistory", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        .target(name: "Report", dependencies: ["ReveilleCore", "LaunchHistory", "UsageModel", "Scheduling"]),
        .executableTarget(name: "reveille", dependencies: [
            "ReveilleCore", "LaunchHistory", "LinearAlgebra", "UsageModel", "FetchPlanner", "Evaluation",
            "LaunchSimulator", "DeviceImport", "Report", "Scheduling",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .target(name: "TestSupport", dependencies: ["ReveilleCore", "LaunchHistory"], path: "Tests/TestSupport"),
        .testTarget(name: "LinearAlgebraTests", dependencies: ["LinearAlgebra", "TestSupport"]),
        .testTarget(name: "LaunchHistoryTests", dependencies: ["ReveilleCore", "LaunchHistory", "TestSupport"]),
        .testTarget(name: "UsageModelTests", dependencies: ["ReveilleCore", "UsageModel", "LinearAlgebra", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FetchPlannerTests", dependencies: ["ReveilleCore", "FetchPlanner", "TestSupport"]),
        .testTarget(name: "SchedulingTests", dependencies: [
            "ReveilleCore", "LaunchHistory", "FetchPlanner", "Scheduling", "Evaluation", "TestSupport", "UsageModel",
        ]),
        .testTarget(name: "EvaluationTests", dependencies: ["ReveilleCore", "Evaluation", "Scheduling", "TestSupport"]),
        .testTarget(name: "LaunchSimulatorTests", dependencies: ["ReveilleCore", "LaunchSimulator", "TestSupport"]),
        .testTarget(name: "DeviceImportTests", dependencies: ["ReveilleCore", 
            "DeviceImport", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        ], exclude: ["Fixtures"]),
        .testTarget(name: "ReportTests", dependencies: ["ReveilleCore", "Report", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: [
            "ReveilleCore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        ], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
