// swift-tools-version: 6.1
//
// One libFuzzer target per reader of JudgeCalibration (docs/FUZZING.md,
// scripts/fuzz), a package of its own so that the product's manifest holds
// only the product. Each exports LLVMFuzzerTestOneInput only when built with
// -DFUZZING and the fuzzer sanitizer; in the ordinary build it is a small
// program that replays saved inputs, so these targets build and link without
// libFuzzer and keep compiling against the readers' public API:
//   swift build --package-path fuzz

import PackageDescription

let judgeCalibration = "JudgeCalibration"

func library(_ name: String) -> Target.Dependency { .product(name: name, package: judgeCalibration) }

let readers: [(name: String, dependencies: [String])] = [
    ("FuzzJSONValue", ["DataFormats"]),
    ("FuzzJSONRecords", ["DataFormats"]),
    ("FuzzCSV", ["DataFormats"]),
    ("FuzzRubricMarkdown", ["Judging"]),
    ("FuzzRubricJSON", ["Judging"]),
    ("FuzzTemplate", ["Judging"]),
    ("FuzzJudgeReply", ["Judging"]),
    ("FuzzExpertLabels", ["CalibrationData", "Judging"]),
    ("FuzzFrozenRun", ["CalibrationData"]),
    ("FuzzReportDocument", ["CalibrationReports"]),
    ("FuzzExternalJudgeScores", ["CalibrationData"]),
    ("FuzzRunImporter", ["CalibrationData", "RunImports"]),
    ("FuzzSplitRecord", ["CalibrationData"]),
    ("FuzzHistory", ["DataFormats", "Calibration", "SelectiveTrust", "CalibrationMaps"]),
    ("FuzzBatchResults", ["LanguageModels"]),
]

let targets: [Target] =
    [.target(name: "_FuzzSupport", dependencies: ["DataFormats", "Judging"].map(library), path: "_FuzzSupport")]
    + readers.map { reader in
        .executableTarget(
            name: reader.name, dependencies: ["_FuzzSupport"] + reader.dependencies.map(library), path: reader.name)
    }

// The same upcoming features as the package one folder up.
for target in targets {
    target.swiftSettings = [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("InternalImportsByDefault"),
        .enableUpcomingFeature("MemberImportVisibility"),
    ]
}

let package = Package(
    name: "JudgeCalibrationFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: judgeCalibration, path: "..")],
    targets: targets,
    swiftLanguageModes: [.v6]
)
