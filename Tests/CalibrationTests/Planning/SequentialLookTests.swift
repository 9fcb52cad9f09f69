import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationReports
import CalibrationWorkflow
import DataFormats
import Foundation
import Judging
import RunInference
import StatisticsCore
import Testing
import _TestSupport

@testable import judgecal

@Suite("align --sequential: looks counted per rubric and label set in the history file")
struct SequentialLookTests {
    static let sheet = "notebooks-data/hanna.labels.csv"

    static func report(looks: Int?, threshold: Double = 0.6) throws -> AlignmentReport {
        try alignment(looks: looks, threshold: threshold).report
    }

    static func alignment(looks: Int?, threshold: Double = 0.6) throws -> JudgeScoresAlignment {
        try JudgeScoresAlignment(
            scores: SharedData.projectURL("notebooks-data/hanna-judges/Mistral-7B.p1.csv"), run: nil, rubric: nil,
            levels: try ScoringScale.alignmentLevels([1, 2, 3, 4, 5], rubric: nil),
            labelSheets: [SharedData.projectURL(sheet)], values: .means, groupBy: nil,
            settings: AlignmentSettings(threshold: threshold, resamples: 0, sequentialLooks: looks)
        )
    }

    /// The rows the sheet labels: the sequence's identity.
    static let rows = (try? alignment(looks: nil).labelledRows) ?? []

    static func history() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString).jsonl").path
    }

    /// Outputs whose new history file holds one earlier `--sequential looks` look of the same
    /// rubric and label set, on 100 fewer paired rows per dimension than the sheet has now.
    static func historyWithEarlierLook(looks: Int) throws -> AlignmentOutputs {
        let path = history()
        let outputs = AlignmentOutputs(history: path)
        var earlier = AlignmentHistoryEntry(
            report: try outputs.withLooks(try report(looks: looks), labelSheets: [sheet], labelRows: rows), rubricText: nil)
        for i in earlier.dimensions.indices { earlier.dimensions[i].n -= 100 }
        earlier.labelRows = rows.sorted()
        try earlier.append(to: URL(fileURLWithPath: path))
        return outputs
    }

    @Test("the first look: look 1 of at most 3, decided on κ̂ ± c₁·SE at the threshold, c₁ above a single look's 1.96")
    func firstLook() throws {
        let outputs = AlignmentOutputs(history: Self.history())
        let report = try outputs.withLooks(try Self.report(looks: 3), labelSheets: [Self.sheet], labelRows: Self.rows)
        let d = try #require(report.dimensions.first)
        let look = try #require(d.sequentialLook)
        #expect(look.look == 1 && look.maximumLooks == 3 && look.labelSet == "hanna.labels.csv")
        #expect(look.critical > 1.96)
        // The interval is κ̂ ± c·SE at the threshold, on the dimension's own table.
        let table = ContingencyTable(scale: try #require(d.scale), rows: try #require(d.confusionMatrix?.counts))
        let se = try #require(CohenKappa.standardError(at: 0.6, table: table, weights: .quadratic))
        let repeated = try #require(look.interval)
        #expect(abs((repeated.upper - repeated.lower) / 2 - look.critical * se) < 1e-12)
        #expect(d.verdict.outcome == (repeated.upper < 0.6 ? .notAligned : repeated.lower >= 0.6 ? .aligned : .inconclusive))
        #expect(d.verdict.reason.hasPrefix("look 1 of at most 3: "))
        #expect(report.renderText().contains(", look 1 of at most 3"))
    }

    /// Issue #29: the repeated interval was printed unclipped (upper 1.305).
    @Test("the repeated interval is clipped to kappa's range, never past the estimate")
    func clipped() throws {
        let expert: [Double] = [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]
        var judge = expert
        judge[0] = 2
        let report = try AlignmentReport(
            AlignmentInput(
                runRowIDs: AlignmentFixture.ids(12),
                dimensions: [AlignmentFixture.dimension("q", scale: CategoryScale(1...4), judge: judge, expert: expert)]),
            options: AlignmentSettings(resamples: 0))
        let d = try #require(report.dimensions.first)
        let decided = SequentialLook.decide(
            d, look: 1, maximumLooks: 3, labelSet: "x", rows: [12], critical: 3, alpha: 0.05, threshold: 0.6, level: 0.95,
            futilityShare: 0.5)
        let interval = try #require(decided.sequentialLook?.interval)
        let value = try #require(d.statisticEstimate.value)
        #expect(interval.upper == 1, "κ̂ \(value) + 3·SE runs past 1")
        #expect(interval.lower <= value && interval.lower >= -1)
    }

    @Test("a second look on more rows counts as look 2; the same rows again are the same look; a plain align is told")
    func laterLooks() throws {
        let outputs = try Self.historyWithEarlierLook(looks: 3)
        let second = try outputs.withLooks(try Self.report(looks: 3), labelSheets: [Self.sheet], labelRows: Self.rows)
        let look = try #require(second.dimensions.first?.sequentialLook)
        #expect(look.look == 2)
        #expect(look.rows.count == 2 && look.rows[1] - look.rows[0] == 100)
        try outputs.write(second, rubricText: nil, labelRows: Self.rows)
        let again = try outputs.withLooks(try Self.report(looks: 3), labelSheets: [Self.sheet], labelRows: Self.rows)
        #expect(again.dimensions.first?.sequentialLook?.look == 2)
        // The note in judgecal's words, which the report below shows.
        let plain = try AlignmentWording.$tool.withValue(ToolWords(AlignMessages.words(for:))) {
            try outputs.withLooks(try Self.report(looks: nil), labelSheets: [Self.sheet], labelRows: Self.rows)
        }
        let note = try #require(plain.earlierLooksNote)
        #expect(note.contains("this single-look interval ignores them"))
        #expect(plain.renderText().contains("Note: these labels had 2 earlier align --sequential look(s)"))
        // Issue #29: a sequence is its rows, not its sheets' names: the same rows under another name are
        // the same sequence, and other rows another one.
        #expect(
            try outputs.withLooks(try Self.report(looks: 3), labelSheets: ["renamed.labels.csv"], labelRows: Self.rows)
                .dimensions.first?.sequentialLook?.look == 2)
        #expect(
            try outputs.withLooks(try Self.report(looks: 3), labelSheets: [Self.sheet], labelRows: ["elsewhere-1"])
                .dimensions.first?.sequentialLook?.look == 1)
    }

    /// Issue #29: a sequence was named by its sheets, so a look could drop rows and start again.
    @Test("a look whose labelled rows leave out some of the last look's is refused, naming a row; a CRLF history still counts")
    func rowsOnlyGrow() throws {
        let outputs = AlignmentOutputs(history: Self.history())
        let first = try outputs.withLooks(try Self.report(looks: 3), labelSheets: [Self.sheet], labelRows: Self.rows)
        try outputs.write(first, rubricText: nil, labelRows: Self.rows)
        let fewer = Self.rows.subtracting([Self.rows.sorted()[0]])
        let refused = try #require(throws: AlignmentSettingsError.self) {
            try outputs.withLooks(try Self.report(looks: 3), labelSheets: ["batch-2.labels.csv"], labelRows: fewer)
        }
        #expect(refused.message.contains("row '\(Self.rows.sorted()[0])' was labelled at the last sequential look"))
        let path = try #require(outputs.history)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\n", with: "\r\n\r\n").utf8).write(to: URL(fileURLWithPath: path))
        let more = try outputs.withLooks(try Self.report(looks: 3), labelSheets: [Self.sheet], labelRows: Self.rows.union(["new-row"]))
        #expect(more.dimensions.first?.sequentialLook?.look == 1, "the same paired rows again are the same look")
    }

    @Test("a changed maximum, looks used up, or no history file are refused with the reason")
    func refused() throws {
        let outputs = try Self.historyWithEarlierLook(looks: 1)
        let changed = try #require(throws: AlignmentSettingsError.self) {
            try outputs.withLooks(try Self.report(looks: 5), labelSheets: [Self.sheet], labelRows: Self.rows)
        }
        #expect(JudgeCal.message(for: changed)?.contains("began with --sequential 1") == true)
        let spent = try #require(throws: AlignmentSettingsError.self) {
            try outputs.withLooks(try Self.report(looks: 1), labelSheets: [Self.sheet], labelRows: Self.rows)
        }
        #expect(spent.message.contains("all 1 planned looks are used"))
        #expect(throws: AlignmentSettingsError.self) {
            try AlignmentOutputs(history: nil).withLooks(try Self.report(looks: 2), labelSheets: [Self.sheet], labelRows: Self.rows)
        }
    }

    @Test("an estimate on the threshold halfway through the plan stops for futility, says so and records it; the first of 10 does not")
    func futility() throws {
        let kappa = try #require(try Self.report(looks: nil).dimensions.first?.statisticEstimate.value)
        let report = try AlignmentOutputs(history: Self.history()).withLooks(
            try Self.report(looks: 2, threshold: kappa), labelSheets: [Self.sheet], labelRows: Self.rows)
        let d = try #require(report.dimensions.first)
        let futility = try #require(d.sequentialLook?.futility)
        // z = 0 at t = 1/2: both chances are Φ(−c_N/√(1/2)), far below γ = 2%.
        #expect(futility.stops && futility.chanceAligned < 0.01 && futility.chanceNotAligned < 0.01)
        #expect(futility.finalRows == 2 * d.counts.paired && futility.rows == d.counts.paired)
        #expect(d.verdict.outcome == .inconclusive)
        #expect(d.verdict.reason.contains("the remaining budget (to \(futility.finalRows) rows) is unlikely to decide"))
        #expect(report.renderText().contains("look 1 of at most 2, futile"))
        let line = try #require(AlignmentHistoryEntry(report: report, rubricText: nil).dimensions.first)
        #expect(line.futile == true && (line.chanceOfVerdict ?? 1) < 0.02)
        let json = try JSONEncoder().encode(try #require(d.sequentialLook))
        #expect(try JSONDecoder().decode(SequentialLook.self, from: json).futility == futility)
        // An older report's look, without the field, still reads.
        let old = #"{"look":1,"maximumLooks":3,"labelSet":"a.csv","rows":[40],"critical":2.3,"spent":0.01}"#
        #expect(try JSONDecoder().decode(SequentialLook.self, from: Data(old.utf8)).futility == nil)
        // The first of 10 looks is below half the plan: assessed, but no stop.
        let first = try AlignmentOutputs(history: Self.history()).withLooks(
            try Self.report(looks: 10, threshold: kappa), labelSheets: [Self.sheet], labelRows: Self.rows)
        let early = try #require(first.dimensions.first?.sequentialLook?.futility)
        #expect(!early.stops && early.finalRows == 10 * d.counts.paired)
        #expect(!(first.dimensions.first?.verdict.reason.contains("unlikely to decide") ?? true))
    }

    @Test("futility may stop from 40% of the plan on judge-stratified labels, from half on others: look 3 of 7 (43%)")
    func futilityShareByStrategy() throws {
        let kappa = try #require(try Self.report(looks: nil).dimensions.first?.statisticEstimate.value)
        func thirdLook(_ strategy: SamplingStrategy?) throws -> SequentialFutility {
            let path = Self.history()
            let outputs = AlignmentOutputs(history: path)
            var report = try Self.report(looks: 7, threshold: kappa)
            report.sampling = strategy.map { LabelSampling(strategy: $0, batches: 3) }
            for back in [200, 100] {
                var earlier = AlignmentHistoryEntry(report: try outputs.withLooks(report, labelSheets: [Self.sheet], labelRows: Self.rows), rubricText: nil)
                for i in earlier.dimensions.indices { earlier.dimensions[i].n -= back }
                try earlier.append(to: URL(fileURLWithPath: path))
            }
            let look = try #require(try outputs.withLooks(report, labelSheets: [Self.sheet], labelRows: Self.rows).dimensions.first?.sequentialLook)
            #expect(look.look == 3)
            return try #require(look.futility)
        }
        let stratified = try thirdLook(.judgeStratified)
        let share = Double(stratified.rows) / Double(stratified.finalRows)
        #expect(share > 0.4 && share < 0.5, "\(stratified.rows) of \(stratified.finalRows)")
        #expect(stratified.stops, "an estimate on the threshold, 43% of the way, on Neyman-allocated labels")
        #expect(try !thirdLook(.uniform).stops && !thirdLook(nil).stops, "the same look on uniform labels waits for half the plan")
    }

    @Test("a history line written before sequential looks existed still reads")
    func oldLine() throws {
        let line =
            #"{"dimensions":[{"dimension":"d","n":40,"statistic":"quadratic-kappa","verdict":"aligned"}],"threshold":0.6,"time":"2026-01-01T00:00:00Z"}"#
        let entry = try AlignmentHistoryEntry.decode(line: Data(line.utf8))
        #expect(entry.sequentialLooks == nil && entry.labelSet == nil && entry.dimensions[0].look == nil)
    }
}
