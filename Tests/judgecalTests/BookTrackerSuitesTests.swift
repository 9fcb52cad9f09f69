import Calibration
import CalibrationData
import DataFormats
import Foundation
import StatisticsCore
import Testing
import _TestSupport

/// Book Tracker's workflow on Linux, end to end and offline: the 13 curated book-tag rows grown to
/// 40 with the local model and the validator, the synthetic suite labelled by the project's
/// developers, judged by the local judge and aligned beside the curated one.
///
/// Every model reply comes from the response cache recorded live (`Tests/Recordings/book-tracker`,
/// whose README gives the provenance); the server address is one where nothing listens, so a
/// request the cache cannot answer fails the test instead of reaching a model.
@Suite("Book Tracker on Linux: two suites generated, judged and aligned from the recording", .serialized)
struct BookTrackerSuitesTests {
    static let recording = SharedData.projectURL("Tests/Recordings/book-tracker")
    static func recorded(_ name: String) -> URL { recording.appendingPathComponent(name) }
    /// Where nothing listens: any request the cache does not answer fails.
    static let nowhere = "http://127.0.0.1:9/v1"
    static let modelConfig = "Tests/Recordings/generate-book-tags/model.json"

    /// The recorded generation's summary line.
    static let generated =
        "27 of 27 wanted (target 40 with 13 seeds); set aside 2 rejected, 17 duplicate, 0 unreadable; 46 of 120 requests; "
        + "stopped: reached the target"
    /// Generated rows in the recording: 40 rows in all with the 13 curated seeds.
    static let generatedRows = 27

    /// The recorded cache, copied so that the test writes nothing into the repository.
    static func cache(in folder: URL) throws -> String {
        let copy = folder.appendingPathComponent("responses.sqlite")
        try FileManager.default.copyItem(at: recorded("responses.sqlite"), to: copy)
        return copy.path
    }

    static func offline(_ cache: String) -> [String] {
        ["--model-config", modelConfig, "--base-url", nowhere, "--cache", cache, "--connect-timeout", "1"]
    }

    @Test("generate replays the recorded run from the cache: the same rows, the rows set aside with their reasons")
    func generation() throws {
        let folder = try SharedData.temporaryFolder("book-tracker-generate")
        let curated = folder.appendingPathComponent("curated.run.jsonl")
        let sample = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
        try FrozenRun(info: sample.info, rows: Array(sample.rows.prefix(13))).save(to: curated)
        let output = folder.appendingPathComponent("synthetic.run.jsonl")
        let result = try JudgeCalProcess.run(
            [
                "generate", curated.path, "--target", String(13 + Self.generatedRows), "--instructions", Self.recorded("instructions.txt").path,
                "--schema", Self.recorded("row.schema.json").path,
                "--validate", "python3 Tests/Recordings/generate-book-tags/validate-tags.py",
                "--samples-per-request", "1", "--strategy", "random", "--seed", "0", "--max-requests", "120",
                "--output", output.path,
            ] + Self.offline(try Self.cache(in: folder)))
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "generated: \(Self.generated)", "\(result.output)")
        #expect(result.error.contains("server: 0 requests"), "\(result.error)")
        let run = try FrozenRun.load(from: output)
        let recordedRun = try FrozenRun.load(from: Self.recorded("synthetic.run.jsonl"))
        #expect(run.rows == recordedRun.rows)
        #expect(run.rows.count == Self.generatedRows)
        #expect(run.info.info["Model"] == "SmolLM2-135M-Instruct")
        #expect(run.rows.allSatisfy { $0.metadata["origin"] == .string("synthetic") })
    }

    /// Per origin and dimension: rows paired, judge failures and the verdict's statistic (quadratic kappa), as
    /// recorded. SmolLM2-135M scores almost every row it can score 1, so kappa is about 0 on both suites.
    static let figures: [String: [String: (paired: Int, failures: Int, kappa: Double)]] = [
        "curated": ["Relevance": (6, 5, 0), "Usefulness": (6, 5, 0)],
        "synthetic": ["Relevance": (15, 12, 0.0625), "Usefulness": (15, 12, 0)],
    ]

    @Test("align judges nothing anew and reports the curated and synthetic suites apart, beside the whole")
    func suites() throws {
        let folder = try SharedData.temporaryFolder("book-tracker-align")
        let synthetic = try FrozenRun.load(from: Self.recorded("synthetic.run.jsonl"))
        let sample = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
        let suites = folder.appendingPathComponent("suites.run.jsonl")
        try FrozenRun(info: synthetic.info, rows: synthetic.rows + sample.rows.prefix(13)).save(to: suites)
        let markdown = folder.appendingPathComponent("suites.md")
        let result = try JudgeCalProcess.run(
            [
                "align", suites.path, "--rubric", "rubrics/book-tags.md", "--labels", "calibration/book-tags.labels.csv",
                "calibration/book-tags-synthetic.labels.csv", "--json", "--no-history", "--report", markdown.path,
            ] + Self.offline(try Self.cache(in: folder)))
        #expect([0, 2, 3, 4].contains(result.status), "\(result.error)")
        #expect(result.error.contains("server: 0 requests"), "\(result.error)")
        let report = try JSONDecoder().decode(AlignmentReport.self, from: Data(result.output.utf8))
        let origins = try #require(report.origins)
        #expect(origins.map(\.origin) == ["curated", "synthetic"])
        #expect(origins.map(\.rowsInRun) == [13, synthetic.rows.count])
        for origin in origins {
            for d in origin.dimensions {
                let recorded = try #require(Self.figures[origin.origin]?[d.name], "\(origin.origin) \(d.name)")
                #expect(d.counts.paired == recorded.paired, "\(origin.origin) \(d.name)")
                #expect(d.counts.judgeFailures == recorded.failures, "\(origin.origin) \(d.name)")
                let kappa = try #require(d.cohenKappa.quadratic.value, "\(origin.origin) \(d.name)")
                #expect(abs(kappa - recorded.kappa) < 1e-9, "\(origin.origin) \(d.name): \(kappa)")
            }
        }
        for (whole, index) in zip(report.dimensions, report.dimensions.indices) {
            #expect(whole.counts.paired == origins.map { $0.dimensions[index].counts.paired }.reduce(0, +))
        }
        let page = try String(contentsOf: markdown, encoding: .utf8)
        #expect(page.contains("By origin (metadata.origin"))
    }
}
