// swift-tools-version: 6.1
//
// JudgeCalibration: build judge prompts from score dimensions, replay frozen
// runs through a judge model, and measure how far the judge agrees with
// human experts. See docs/ARCHITECTURE.md for the module map.

import PackageDescription

// MARK: - System libraries (Debian packages, found through pkg-config)

let systemLibraries: [Target] = [
    .systemLibrary(
        name: "CCurl",
        pkgConfig: "libcurl",
        providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .systemLibrary(
        name: "CLapacke",
        pkgConfig: "lapacke",
        providers: [.apt(["liblapacke-dev"])]
    ),
    .systemLibrary(
        name: "CSQLite",
        pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"])]
    ),
    .systemLibrary(
        name: "CCrypto",
        pkgConfig: "libcrypto",
        providers: [.apt(["libssl-dev"])]
    ),
    .systemLibrary(
        name: "CZlib",
        pkgConfig: "zlib",
        providers: [.apt(["zlib1g-dev"])]
    ),
    .systemLibrary(
        name: "CZstd",
        pkgConfig: "libzstd",
        providers: [.apt(["libzstd-dev"])]
    ),
]

// MARK: - Core libraries

// The release judgecal links the Swift runtime and Foundation statically: a CI job
// calls it many times, and most of a bare start went to loading and relocating
// their shared libraries. Measured side by side (benchmarks/README.md, "Fifth
// increment"): `--version` 12 ms wall and 9 ms CPU static, 20 ms and 16 ms
// dynamic; the binary grows from 26 to 97 MB (with its debug information).
// `-static-stdlib` links the runtime's archives but not those
// Foundation's parts need; they are named after it, in one group so that their
// order does not matter. Only this link changes: no module is compiled
// differently, and debug builds (the tests) stay dynamic.
let staticSwiftRuntime: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-Xlinker", "--start-group"]
            + [
                "Foundation", "FoundationEssentials", "FoundationInternationalization", "_FoundationICU", "_FoundationCShims",
                "_FoundationCollections", "CoreFoundation", "swiftSynchronization", "swiftDispatch", "dispatch", "BlocksRuntime",
            ].flatMap { ["-Xlinker", "-l\($0)"] } + ["-Xlinker", "--end-group", "-Xlinker", "-lstdc++"],
        .when(platforms: [.linux], configuration: .release))
]

let libraries: [Target] = [
    .target(name: "DataFormats", dependencies: ["CCrypto"]),
    .target(name: "ArchiveReading", dependencies: ["DataFormats", "CZlib", "CZstd"]),
    .target(name: "StatisticsCore", dependencies: ["DataFormats"]),
    .target(name: "LinearAlgebra", dependencies: ["CLapacke"]),
    .target(name: "AgreementCoefficients", dependencies: ["DataFormats", "StatisticsCore", "LinearAlgebra"]),
    .target(name: "RunInference", dependencies: ["DataFormats", "StatisticsCore", "LinearAlgebra", "AgreementCoefficients"]),
    .target(
        name: "EvaluationCore",
        dependencies: ["DataFormats", "StatisticsCore"]
    ),
    .target(
        name: "EvaluationTesting",
        dependencies: ["EvaluationCore"]
    ),
    .target(
        name: "SampleGeneration",
        dependencies: ["DataFormats", "StatisticsCore", "EvaluationCore", "LanguageModels"]
    ),
    .target(
        name: "CalibrationData",
        dependencies: ["DataFormats", "EvaluationCore", "StatisticsCore", "AgreementCoefficients", "RunInference", "LanguageModels", "Judging"]
    ),
    .target(
        name: "RunImports",
        dependencies: ["DataFormats", "EvaluationCore", "Judging", "ArchiveReading", "CalibrationData"]
    ),
    .target(
        name: "Calibration",
        dependencies: ["DataFormats", "EvaluationCore", "StatisticsCore", "AgreementCoefficients", "RunInference", "LanguageModels", "Judging", "CalibrationData"]
    ),
    .target(
        name: "SelectiveTrust",
        dependencies: ["DataFormats", "StatisticsCore", "RunInference", "EvaluationCore", "Judging", "CalibrationData", "Calibration"]
    ),
    // Beside Calibration (at its size limit): the probe battery of `judgecal probe`, its run and its report.
    .target(
        name: "JudgeProbes",
        dependencies: ["DataFormats", "StatisticsCore", "AgreementCoefficients", "RunInference", "EvaluationCore", "LanguageModels", "Judging", "CalibrationData", "Calibration"]
    ),
    // Beside Calibration (at its size limit): the saved judge-to-expert maps of `judgecal calibrate`.
    .target(
        name: "CalibrationMaps",
        dependencies: ["DataFormats", "StatisticsCore", "AgreementCoefficients", "RunInference", "CalibrationData", "Calibration"]
    ),
    .target(
        name: "RatingsAgreement",
        dependencies: ["DataFormats", "StatisticsCore", "AgreementCoefficients", "CalibrationData"]
    ),
    .target(
        name: "CalibrationReports",
        dependencies: ["DataFormats", "StatisticsCore", "AgreementCoefficients", "RunInference", "LanguageModels", "Judging", "CalibrationData", "Calibration", "RatingsAgreement", "SelectiveTrust", "CalibrationMaps", "JudgeProbes"],
        // Compiled into the binary as bytes (PackageResources), not a bundle
        // found beside the executable: judgecal keeps its label page when
        // copied onto PATH, and so does any program linking CalibrationReports.
        resources: [.embedInCode("Labels/Resources/label-page.js")]
    ),
    .target(
        name: "CalibrationWorkflow",
        dependencies: ["DataFormats", "StatisticsCore", "RunInference", "LanguageModels", "Judging", "SampleGeneration", "CalibrationData", "Calibration", "CalibrationReports", "SelectiveTrust", "CalibrationMaps", "JudgeProbes"]
    ),
    .target(
        name: "_CurlShims",
        dependencies: ["CCurl"]
    ),
    .target(
        name: "LanguageModels",
        dependencies: ["DataFormats", "CCurl", "_CurlShims", "CSQLite"]
    ),
    .target(
        name: "Judging",
        dependencies: ["DataFormats", "StatisticsCore", "EvaluationCore", "LanguageModels"]
    ),
    .target(name: "CommandLineParsing", dependencies: ["DataFormats"]),
    .executableTarget(
        name: "judgecal",
        dependencies: [
            "CommandLineParsing", "CalibrationData", "Calibration", "CalibrationReports", "CalibrationWorkflow", "Judging", "LanguageModels", "StatisticsCore", "AgreementCoefficients", "DataFormats",
            "SampleGeneration", "RatingsAgreement", "RunImports", "SelectiveTrust", "RunInference", "CalibrationMaps", "JudgeProbes",
        ],
        linkerSettings: staticSwiftRuntime
    ),
]

// MARK: - Tests

let tests: [Target] = [
    .target(
        name: "_TestSupport",
        dependencies: ["DataFormats"],
        path: "Tests/_TestSupport"
    ),
    // The test doubles the suites share: a scripted model, and the recorder and
    // replayer of real servers' replies. A library so that the benchmarks'
    // package can record with it; no production module depends on it.
    // The process the response cache's SIGKILL test kills part-way and starts again.
    .executableTarget(
        name: "CachedRunProcess",
        dependencies: ["LanguageModels"],
        path: "Tests/CachedRunProcess"
    ),
    .target(
        name: "LanguageModelTesting",
        dependencies: ["LanguageModels", "DataFormats"],
        path: "Tests/LanguageModelTesting"
    ),
    .testTarget(
        name: "DataFormatsTests",
        dependencies: ["DataFormats", "_TestSupport"]
    ),
    .testTarget(
        name: "ArchiveReadingTests",
        dependencies: ["ArchiveReading", "DataFormats", "_TestSupport"]
    ),
    .testTarget(
        name: "StatisticsTests",
        dependencies: ["StatisticsCore", "LinearAlgebra", "AgreementCoefficients", "RunInference", "DataFormats", "_TestSupport"],
        exclude: ["Resources"]
    ),
    .testTarget(
        name: "CalibrationTests",
        dependencies: [
            "DataFormats", "StatisticsCore", "AgreementCoefficients", "RunInference", "CalibrationData", "RunImports", "Calibration", "CalibrationReports", "CalibrationWorkflow", "EvaluationCore", "EvaluationTesting", "Judging", "LanguageModels",
            "RatingsAgreement", "SelectiveTrust", "CalibrationMaps", "JudgeProbes", "LanguageModelTesting", "_TestSupport",
            "judgecal",  // for its words (Messages/): tests that read a message as the tool prints it
        ],
        exclude: ["Resources"]
    ),
    .testTarget(
        name: "EvaluationCoreTests",
        dependencies: ["DataFormats", "EvaluationCore", "EvaluationTesting", "_TestSupport"]
    ),
    .testTarget(
        name: "JudgingTests",
        dependencies: [
            "DataFormats", "Judging", "StatisticsCore", "EvaluationCore", "EvaluationTesting", "LanguageModels", "LanguageModelTesting", "_TestSupport",
            "judgecal",  // for its words (Messages/): tests that read a message as the tool prints it
        ],
        exclude: ["Resources"]
    ),
    .testTarget(
        name: "CommandLineParsingTests",
        dependencies: ["CommandLineParsing"]
    ),
    .testTarget(
        name: "judgecalTests",
        dependencies: [
            "DataFormats", "StatisticsCore", "AgreementCoefficients", "RunInference", "CalibrationData", "Calibration", "CalibrationReports", "CalibrationWorkflow", "EvaluationCore", "Judging", "LanguageModels", "SampleGeneration",
            "SelectiveTrust", "CalibrationMaps", "JudgeProbes", "_TestSupport",
            "judgecal", "CommandLineParsing",  // its command tree and words, besides the binary the suites run
        ]
    ),
    .testTarget(
        name: "SampleGenerationTests",
        dependencies: ["DataFormats", "EvaluationCore", "LanguageModels", "SampleGeneration", "LanguageModelTesting", "_TestSupport"]
    ),
    .testTarget(
        name: "LanguageModelsTests",
        // judgecal for its words (Messages/): tests that read a message as the tool prints it.
        dependencies: ["DataFormats", "LanguageModels", "LanguageModelTesting", "_TestSupport", "judgecal"],
        resources: [.copy("Resources")]
    ),
]

// MARK: - Shared settings, applied to every Swift target in one place

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let allTargets = systemLibraries + libraries + tests
for target in allTargets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + swiftSettings
}

let package = Package(
    name: "JudgeCalibration",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DataFormats", targets: ["DataFormats"]),
        .library(name: "StatisticsCore", targets: ["StatisticsCore"]),
        .library(name: "AgreementCoefficients", targets: ["AgreementCoefficients"]),
        .library(name: "RunInference", targets: ["RunInference"]),
        .library(name: "ArchiveReading", targets: ["ArchiveReading"]),
        .library(name: "EvaluationCore", targets: ["EvaluationCore"]),
        .library(name: "EvaluationTesting", targets: ["EvaluationTesting"]),
        .library(name: "LanguageModelTesting", targets: ["LanguageModelTesting"]),
        .library(name: "LanguageModels", targets: ["LanguageModels"]),
        .library(name: "Judging", targets: ["Judging"]),
        .library(name: "SampleGeneration", targets: ["SampleGeneration"]),
        .library(name: "CalibrationData", targets: ["CalibrationData"]),
        .library(name: "RunImports", targets: ["RunImports"]),
        .library(name: "Calibration", targets: ["Calibration"]),
        .library(name: "RatingsAgreement", targets: ["RatingsAgreement"]),
        .library(name: "SelectiveTrust", targets: ["SelectiveTrust"]),
        .library(name: "JudgeProbes", targets: ["JudgeProbes"]),
        .library(name: "CalibrationMaps", targets: ["CalibrationMaps"]),
        .library(name: "CalibrationReports", targets: ["CalibrationReports"]),
        .library(name: "CalibrationWorkflow", targets: ["CalibrationWorkflow"]),
        .library(name: "CommandLineParsing", targets: ["CommandLineParsing"]),
        .executable(name: "judgecal", targets: ["judgecal"]),
    ],
    targets: allTargets,
    swiftLanguageModes: [.v6]
)
