import Calibration
import CalibrationData
import CalibrationWorkflow
import DataFormats
import Foundation
import Judging
import StatisticsCore
import Testing
import _TestSupport

@testable import judgecal

@Suite("The alignment workflow: outputs checked before work, the --categories scale, judge scores aligned with notes")
struct AlignmentWorkflowTests {
    @Test("A missing history folder: the default path's advice says why and names --history and --no-history; a chosen one, both")
    func historyFolder() throws {
        let missing = "/nonexistent-judgecal-\(UUID())/history.jsonl"
        let deeper = "/nonexistent-judgecal-\(UUID())/calibration/history.jsonl"
        let byDefault = try #require(throws: OutputError.self) {
            try AlignmentOutputs(history: deeper, historyIsDefault: true).check()
        }
        #expect(
            JudgeCal.message(for: byDefault)?.hasSuffix(
                "the default assumes the current folder is the project's; pass --history FILE or --no-history") == true)
        let chosen = try #require(throws: OutputError.self) { try AlignmentOutputs(history: missing).check() }
        #expect(chosen.description.hasPrefix("cannot append to the history file '\(missing)': the folder"))
        #expect(JudgeCal.message(for: chosen)?.hasSuffix("pass --history FILE to append elsewhere, or --no-history") == true)
        let report = try #require(throws: OutputError.self) { try AlignmentOutputs(report: missing).check() }
        #expect(report.description.hasPrefix("cannot write the report '\(missing)'"))
        try AlignmentOutputs(history: nil).check()
    }

    /// Issue #29: `align` in a fresh project folder failed (73) because `calibration/` did not exist.
    @Test("The default history's missing calibration/ folder is made when the line is written")
    func freshFolder() throws {
        let project = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("judgecal-fresh-\(UUID())")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: project) }
        let history = project.appendingPathComponent("calibration/history.jsonl")
        let outputs = AlignmentOutputs(history: history.path, historyIsDefault: true)
        try outputs.check()
        let input = AlignmentInput(
            runRowIDs: ["r0", "r1"],
            dimensions: [
                .init(
                    name: "q", scale: CategoryScale(1...4), judge: JudgeScores(scores: ["r0": JudgeScore(1), "r1": JudgeScore(2)]),
                    expertLabels: [ExpertLabel(rowID: "r0", rater: "a", value: 1), ExpertLabel(rowID: "r1", rater: "a", value: 2)])
            ])
        try outputs.write(try AlignmentReport(input, options: AlignmentSettings(resamples: 0)), rubricText: nil, labelRows: [])
        #expect(FileManager.default.fileExists(atPath: history.path))
    }

    @Test("--categories: integer levels as a numeric scale; with a rubric, one level, a repeat or too many are refused")
    func categories() throws {
        let scale = try #require(try ScoringScale.alignmentLevels([1, 2, 3, 4, 5], rubric: nil))
        #expect(scale.categoryScale.count == 5)
        #expect(try ScoringScale.alignmentLevels([], rubric: nil) == nil)
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        #expect(throws: AlignmentSettingsError.self) { try ScoringScale.alignmentLevels([1, 2], rubric: rubric) }
        let one = try #require(throws: AlignmentSettingsError.self) { try ScoringScale.alignmentLevels([3], rubric: nil) }
        #expect(JudgeCal.message(for: one) == "--categories needs at least two distinct levels, each given once")
        #expect(throws: AlignmentSettingsError.self) { try ScoringScale.alignmentLevels([1, 2, 2], rubric: nil) }
        #expect(throws: AlignmentSettingsError.self) { try ScoringScale.alignmentLevels(Array(1...201), rubric: nil) }
    }

    @Test("HANNA's judge scores without a scale: the figures, and the note that the category statistics are undefined")
    func judgeScoresWithoutScale() throws {
        // The notes in judgecal's words, which the second assertion reads.
        let alignment = try AlignmentWording.$tool.withValue(ToolWords(AlignMessages.words(for:))) {
            try JudgeScoresAlignment(
                scores: SharedData.projectURL("notebooks-data/hanna-judges/Mistral-7B.p1.csv"), run: nil, rubric: nil, levels: nil,
                labelSheets: [SharedData.projectURL("notebooks-data/hanna.labels.csv")], values: .means, groupBy: nil,
                settings: AlignmentSettings(resamples: 0))
        }
        #expect(alignment.notes.count == 1)
        #expect(alignment.notes.first?.hasPrefix("no scale is known (no --rubric, no --categories)") == true)
        #expect(!alignment.report.dimensions.isEmpty)
        #expect(alignment.report.dimensions.allSatisfy { $0.scale == nil })
    }

    @Test("On a 1–5 scale, no no-scale note, and every dimension has its scale")
    func judgeScoresOnScale() throws {
        let alignment = try JudgeScoresAlignment(
            scores: SharedData.projectURL("notebooks-data/hanna-judges/Mistral-7B.p1.csv"), run: nil, rubric: nil,
            levels: try ScoringScale.alignmentLevels([1, 2, 3, 4, 5], rubric: nil),
            labelSheets: [SharedData.projectURL("notebooks-data/hanna.labels.csv")], values: .means, groupBy: nil,
            settings: AlignmentSettings(resamples: 0))
        #expect(!alignment.notes.contains { $0.hasPrefix("no scale is known") })
        #expect(alignment.report.dimensions.allSatisfy { $0.scale?.count == 5 })
    }
}
