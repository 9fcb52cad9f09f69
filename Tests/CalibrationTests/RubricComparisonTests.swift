import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
import Foundation
import StatisticsCore
import Testing
import _TestSupport

@testable import judgecal

@Suite("Rubric comparison: paired difference, McNemar and flipped rows")
struct RubricComparisonTests {
    let scale = CategoryScale(1...3)
    let expert: [Double] = [1, 2, 3, 1, 2, 3, 1, 2, 3, 2]
    // Control matches r0, r1, r2; experimental matches r1, r2, r3, r4.
    let control: [Double] = [1, 2, 3, 2, 3, 1, 2, 3, 1, 3]
    let experimental: [Double] = [2, 2, 3, 1, 2, 1, 2, 3, 1, 3]

    func input() -> RubricComparison.Input {
        let ids = AlignmentFixture.ids(11)
        func scores(_ values: [Double]) -> [String: JudgeScore] {
            Dictionary(uniqueKeysWithValues: zip(ids, values.map { JudgeScore($0) }))
        }
        // r10 is labelled and scored by the control rubric, failed by the experimental one.
        var controlScores = scores(control)
        controlScores["r10"] = JudgeScore(2)
        return RubricComparison.Input(
            controlName: "tags v1", experimentalName: "tags v2", runRowIDs: ids,
            dimensions: [
                .init(
                    name: "quality", scale: scale, control: JudgeScores(scores: controlScores),
                    experimental: JudgeScores(scores: scores(experimental), failures: ["r10": "no score in reply"]),
                    expertLabels: zip(ids, expert + [2]).map { ExpertLabel(rowID: $0, value: $1) })
            ])
    }

    @Test("Known flipped rows and McNemar's discordant counts")
    func flipped() throws {
        let comparison = try RubricComparison(input(), options: AlignmentSettings(resamples: 400, seed: 3))
        let d = try #require(comparison.dimensions.first)
        #expect(d.paired == 10)
        #expect(d.labelledNotPaired == 1)
        #expect(d.flipped.map(\.rowID) == ["r0", "r3", "r4"])
        #expect(d.flipped.map(\.direction) == [.lost, .gained, .gained])
        let first = try #require(d.flipped.first)
        #expect([first.expert, first.control, first.experimental] == [1, 1, 2])
        #expect(d.controlOnlyExact == 1)
        #expect(d.experimentalOnlyExact == 2)
        // Exact binomial: 2·P(X ≤ 1 | n = 3, ½) = 2 · 4/8, capped at 1.
        #expect(d.mcnemar?.pValue == 1)
        #expect(d.mcnemar?.method == .exactBinomial)
    }

    @Test("Both statistics and the paired bootstrap (--ci bootstrap) equal the direct calls")
    func difference() throws {
        let comparison = try RubricComparison(input(), options: AlignmentSettings(intervals: .bootstrap, resamples: 400, seed: 3))
        let d = try #require(comparison.dimensions.first)
        let controlKappa = try CohenKappa(first: expert, second: control, scale: scale, weights: .quadratic).kappa
        let experimentalKappa = try CohenKappa(first: expert, second: experimental, scale: scale, weights: .quadratic).kappa
        #expect(d.control.value == controlKappa.value)
        #expect(d.experimental.value == experimentalKappa.value)
        let value = try #require(experimentalKappa.value) - (try #require(controlKappa.value))
        #expect(abs(try #require(d.difference.value) - value) < 1e-12)
        let table = try PairedRatingTable(scale: scale, expert: expert, first: experimental, second: control)
        let weights = AgreementWeights.quadratic.matrix(on: scale)
        let boot = Bootstrap.paired(table, resamples: 400, seed: 3) { CohenKappa.value(of: $0, weights: weights) }
        #expect(d.difference.interval?.lower == boot.percentileInterval?.lower)
        #expect(d.difference.interval?.upper == boot.percentileInterval?.upper)
        #expect(d.difference.standardError == boot.standardError)
        #expect(d.difference.interval?.method.rawValue.contains("paired-multinomial") == true)
    }

    /// The default interval of the difference: θ̂ ± t₍ₙ₋₁₎·SE_jack, the jackknife written out here item by item
    /// (each paired row left out of both tables), not through the cell-grouped code.
    @Test("By default the difference's interval is the jackknife t interval over the paired rows, with or without resamples")
    func jackknifeDifference() throws {
        let n = expert.count
        let leaveOneOut = try (0..<n).map { i in
            let keep = (0..<n).filter { $0 != i }
            let x = try CohenKappa(first: keep.map { expert[$0] }, second: keep.map { experimental[$0] }, scale: scale, weights: .quadratic)
            let c = try CohenKappa(first: keep.map { expert[$0] }, second: keep.map { control[$0] }, scale: scale, weights: .quadratic)
            return try #require(x.kappa.value) - (try #require(c.kappa.value))
        }
        let mean = leaveOneOut.reduce(0, +) / Double(n)
        let se = (Double(n - 1) / Double(n) * leaveOneOut.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }).squareRoot()
        let t = StudentTDistribution.quantile(0.975, degreesOfFreedom: Double(n - 1))
        for resamples in [0, 400] {
            let d = try #require(try RubricComparison(input(), options: AlignmentSettings(resamples: resamples)).dimensions.first)
            let value = try #require(d.difference.value)
            let interval = try #require(d.difference.interval)
            #expect(abs(try #require(d.difference.standardError) - se) < 1e-12)
            #expect(abs(interval.lower - (value - t * se)) < 1e-12 && abs(interval.upper - (value + t * se)) < 1e-12)
            #expect(interval.method.rawValue.hasPrefix("jackknife-t"))
        }
    }

    @Test("Worked-example rows are left out of the comparison and listed")
    func examples() throws {
        var input = input()
        input.exampleRowIDs = ["r0", "r7"]
        let comparison = try RubricComparison(input, options: AlignmentSettings(resamples: 0))
        let d = try #require(comparison.dimensions.first)
        #expect(comparison.exampleRows == ["r0", "r7"])
        #expect(d.paired == 8)
        #expect(d.flipped.map(\.rowID) == ["r3", "r4"])
        #expect(d.controlOnlyExact == 0)
        #expect(d.experimentalOnlyExact == 2)
        // Without resamples the difference has a value, and the default jackknife t interval needs none.
        #expect(d.difference.value != nil)
        #expect(d.difference.interval?.method.rawValue.hasPrefix("jackknife-t") == true)
    }

    @Test("A dimension without a scale is not compared, with the reason; the comparison round-trips through JSON")
    func noScaleAndJSON() throws {
        var input = input()
        input.dimensions.append(
            .init(
                name: "free", scale: nil, control: input.dimensions[0].control, experimental: input.dimensions[0].experimental,
                expertLabels: input.dimensions[0].expertLabels))
        let comparison = try RubricComparison(input, options: AlignmentSettings(resamples: 100))
        let free = try #require(comparison.dimensions.last)
        #expect(free.undefinedReason?.code == "no-scale")
        #expect(free.difference.value == nil)
        #expect(free.mcnemar == nil)
        let decoded = try JSONDecoder().decode(RubricComparison.self, from: try JSONEncoder().encode(comparison))
        #expect(decoded == comparison)
        #expect(decoded.schemaVersion == 2)
        let text = comparison.renderText()
        #expect(text.contains("control tags v1 vs experimental tags v2"))
        #expect(text.contains("r0: lost"))
        #expect(text.contains("## free: not compared"))
    }

    /// Issue #29: compare's text printed 280 KB (whole source articles, 618 flipped rows).
    @Test("the text cuts a judged input or output to 400 characters and lists 20 flipped rows with the count of the rest")
    func textStaysShort() throws {
        let long = String(repeating: "word ", count: 200)
        #expect(RubricComparison.excerpt(long).hasPrefix(String(long.prefix(400)) + "… (600 more characters in the JSON report)"))
        #expect(RubricComparison.excerpt("short") == "short")
        var comparison = try RubricComparison(input(), options: AlignmentSettings(resamples: 0))
        let flipped = try #require(comparison.dimensions.first?.flipped.first)
        comparison.dimensions[0].flipped = Array(repeating: flipped, count: 25)
        let text = comparison.renderText()
        #expect(text.contains("25 rows flipped:"))
        #expect(text.components(separatedBy: "  \(flipped.rowID): \(flipped.direction.rawValue)").count - 1 == 20)
        #expect(text.contains("… and 5 more (every flipped row is in the JSON report)"))
    }
}

@Suite("Alignment history line")
struct AlignmentHistoryTests {
    @Test("Each run appends one JSON line that reads back with the rubric text, hash and figures")
    func append() throws {
        let folder = try SharedData.temporaryFolder("history")
        let url = folder.appendingPathComponent("history.jsonl")
        let input = AlignmentInput(
            info: AlignmentInfo(run: "r", rubric: "tags", rubricVersion: "3", model: "m", dataset: "d"),
            runRowIDs: AlignmentFixture.ids(40),
            dimensions: [
                AlignmentFixture.dimension(
                    "quality", scale: CategoryScale(1...5), judge: AlignmentFixture.judge, expert: AlignmentFixture.expert)
            ])
        let report = try AlignmentReport(input, options: AlignmentSettings(resamples: 100))
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let entry = AlignmentHistoryEntry(report: report, rubricText: "# Instructions\nRate it.", rubricTextHash: "abc123", time: time)
        try entry.append(to: url)
        try entry.append(to: url)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines.last == "")
        #expect(lines[0].contains("\"time\":\"2027-01-15T08:00:00Z\""))
        let back = try AlignmentHistoryEntry.decode(line: Data(lines[0].utf8))
        #expect(back == entry)
        #expect(back.rubricText == "# Instructions\nRate it.")
        #expect(back.dimensions.first?.quadraticKappa == report.dimensions.first?.cohenKappa.quadratic.value)
        #expect(back.dimensions.first?.verdict == report.dimensions.first?.verdict.outcome)
        let missing = folder.appendingPathComponent("no-such-folder/history.jsonl")
        let error = #expect(throws: OutputError.self) { try entry.append(to: missing) }
        #expect(error?.path.hasSuffix("no-such-folder/history.jsonl") == true)
        #expect(error?.reason == "No such file or directory")
        #expect(error.flatMap(AlignMessages.advice(for:)) == "pass --history FILE to append elsewhere, or --no-history")
    }
}
