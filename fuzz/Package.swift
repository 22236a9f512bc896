// swift-tools-version:6.0
// libFuzzer targets for Reveille's readers, importers and file decoders. Not part of the main
// package: `swift build`/`swift test` at the repository root never build these. Build and run them
// with `fuzz/run.sh` (see fuzz/README.md); they need `-sanitize=fuzzer`, which run.sh passes.
import PackageDescription

let targets = [
    "fuzz-csv", "fuzz-jsonl", "fuzz-lsapp", "fuzz-appusage", "fuzz-dumpsys", "fuzz-biome",
    "fuzz-knowledgec", "fuzz-powerlog", "fuzz-screentime", "fuzz-wellbeing",
    "fuzz-knowledgec-rows", "fuzz-powerlog-rows", "fuzz-screentime-rows", "fuzz-wellbeing-rows",
    "fuzz-model", "fuzz-state", "fuzz-rules", "fuzz-charging",
]

let package = Package(
    name: "ReveilleFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Reveille", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        .target(name: "FuzzSupport", dependencies: [
            .product(name: "LaunchHistory", package: "Reveille"),
            .product(name: "DeviceImport", package: "Reveille"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
    ] + targets.map { name in
        // main.swift hands the input callback to libFuzzer (LLVMFuzzerRunDriver).
        .executableTarget(name: name, dependencies: [
            "FuzzSupport",
            .product(name: "LaunchHistory", package: "Reveille"),
            .product(name: "UsageModel", package: "Reveille"),
            .product(name: "FetchPlanner", package: "Reveille"),
            .product(name: "DeviceImport", package: "Reveille"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ], linkerSettings: [
            // ld.gold fails on the instrumented objects ("internal error in format_file_lineno").
            .unsafeFlags(["-use-ld=lld"]),
        ])
    },
    swiftLanguageModes: [.v6]
)
