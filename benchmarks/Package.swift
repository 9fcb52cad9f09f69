// swift-tools-version: 6.1
//
// The benchmarks and seeded simulation studies of JudgeCalibration, a package
// of their own so that the product's manifest holds only the product. Each
// executable depends on the library products of the package one folder up.
// Run one from the repository's root, for example
//   swift run --package-path benchmarks -c release PlanningSimulation sequential
// and see benchmarks/README.md and the docs each study writes to.

import PackageDescription

let judgeCalibration = "JudgeCalibration"

func library(_ name: String) -> Target.Dependency { .product(name: name, package: judgeCalibration) }

let studies: [Target] = [
    // The option reader of the studies that take only `--name positive-integer` options.
    .target(name: "SimulationSupport", path: "SimulationSupport"),
    .executableTarget(
        name: "AgreementBenchmarks",
        dependencies: ["AgreementCoefficients", "DataFormats", "RatingsAgreement", "StatisticsCore"].map(library),
        path: "AgreementBenchmarks"
    ),
    .executableTarget(
        name: "LanguageModelsBenchmark",
        dependencies: ["DataFormats", "LanguageModelTesting", "LanguageModels", "StatisticsCore"].map(library),
        path: "LanguageModelsBenchmark"
    ),
    .executableTarget(
        name: "CorrectionSimulation",
        dependencies: ["DataFormats", "RunInference", "StatisticsCore"].map(library),
        path: "CorrectionSimulation"
    ),
    .executableTarget(
        name: "MultiplierSimulation",
        dependencies: ["RunInference", "StatisticsCore"].map(library) + ["SimulationSupport"],
        path: "MultiplierSimulation"
    ),
    .executableTarget(
        name: "IterationSimulation",
        dependencies: ["AgreementCoefficients", "Calibration", "CalibrationData", "DataFormats", "RunInference", "StatisticsCore"].map(library),
        path: "IterationSimulation"
    ),
    .executableTarget(
        name: "SamplingSimulation",
        dependencies: ["AgreementCoefficients", "CalibrationData", "DataFormats", "Judging", "StatisticsCore"].map(library),
        path: "SamplingSimulation"
    ),
    .executableTarget(
        name: "PlanningSimulation",
        dependencies: ["AgreementCoefficients", "Calibration", "CalibrationData", "RunInference", "StatisticsCore"].map(library),
        path: "PlanningSimulation"
    ),
    .executableTarget(
        name: "RaterSimulation",
        dependencies: ["AgreementCoefficients", "Calibration", "CalibrationData", "StatisticsCore"].map(library),
        path: "RaterSimulation"
    ),
    .executableTarget(
        name: "TrustSimulation",
        dependencies: ["Calibration", "CalibrationData", "Judging", "RunInference", "SelectiveTrust", "StatisticsCore"].map(library)
            + ["SimulationSupport"],
        path: "TrustSimulation"
    ),
    .executableTarget(
        name: "ConformalSimulation",
        dependencies: ["RunInference", "StatisticsCore"].map(library) + ["SimulationSupport"],
        path: "ConformalSimulation"
    ),
    .executableTarget(
        name: "TransportSimulation",
        dependencies: ["AgreementCoefficients", "RunInference", "StatisticsCore"].map(library) + ["SimulationSupport"],
        path: "TransportSimulation"
    ),
    .executableTarget(
        name: "DriftSimulation",
        dependencies: ["AgreementCoefficients", "RunInference", "StatisticsCore"].map(library) + ["SimulationSupport"],
        path: "DriftSimulation"
    ),
    .executableTarget(
        name: "ProbeSimulation",
        dependencies: [
            "AgreementCoefficients", "Calibration", "CalibrationData", "CalibrationReports", "DataFormats", "JudgeProbes", "Judging", "LanguageModels",
            "RunInference", "StatisticsCore",
        ].map(library),
        path: "ProbeSimulation",
        exclude: ["planted_judge_server.py"]
    ),
]

// The same upcoming features as the package one folder up.
for target in studies {
    target.swiftSettings = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}

let package = Package(
    name: "JudgeCalibrationBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: judgeCalibration, path: "..")],
    targets: studies,
    swiftLanguageModes: [.v6]
)
