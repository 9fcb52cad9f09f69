import Calibration
import CalibrationData
import DataFormats
import EvaluationCore
import Foundation
import StatisticsCore
import _TestSupport

/// Reports carrying hostile text, for the HTML and Markdown tests.
enum ReportFixture {
    /// The review of the sample run's row book-014, which holds `<script>alert("gotcha")</script>`.
    static let book014Review: String = {
        do {
            let run = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
            return run.rows.first { $0.id == "book-014" }?.json.value(atPath: "input.review")?.plainText ?? ""
        } catch {
            fatalError("cannot read the sample run: \(error)")
        }
    }()

    /// A note that would break out of an attribute if it were not escaped.
    static let attributeBreaker = #""><img src=x onerror="window.__pwned=1">"#

    /// Two dimensions on 1–5 over 40 rows; the judge's rationale on every row
    /// quotes book-014's review and the expert's note is ``attributeBreaker``.
    static func alignment() throws -> AlignmentReport {
        let ids = AlignmentFixture.ids(40)
        func dimension(_ name: String, shift: Int) -> AlignmentInput.Dimension {
            let judge = AlignmentFixture.judge.enumerated().map { i, v in min(5, max(1, v + Double((i + shift) % 3 == 0 ? shift : 0))) }
            return AlignmentInput.Dimension(
                name: name, scale: CategoryScale(1...5),
                judge: JudgeScores(
                    scores: Dictionary(uniqueKeysWithValues: zip(ids, judge.map { JudgeScore($0, rationale: book014Review) }))),
                expertLabels: zip(ids, AlignmentFixture.expert).map { ExpertLabel(rowID: $0, value: $1, note: attributeBreaker) })
        }
        return try AlignmentReport(
            AlignmentInput(
                info: AlignmentInfo(
                    run: "book-tags <b>", rubric: "book-tags", rubricVersion: "2", model: "fixture", dataset: "book-tags sample v1",
                    rubricHash: "9f2c0d7e5b"),
                runRowIDs: ids, dimensions: [dimension("relevance", shift: 0), dimension("usefulness", shift: 1)]),
            options: AlignmentSettings(resamples: 200, seed: 5))
    }
}
