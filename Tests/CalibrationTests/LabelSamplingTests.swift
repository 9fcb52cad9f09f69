import AgreementCoefficients
import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
import Foundation
import Judging
import RunInference
import StatisticsCore
import Testing
import _TestSupport

@testable import judgecal

private func bookRun() throws -> FrozenRun {
    try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
}

private func bookDimensions() throws -> [ScoreDimension] {
    try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")).dimensions
}

/// A judge that gives relevance 1 to the first 3 rows, 2 to the next 6 and 4 to the rest (33 rows): skewed, as judges are.
private func skewedJudge(_ run: FrozenRun) -> JudgmentSet {
    JudgmentSet(
        run: run.info.name, rubric: "book-tags", rubricVersion: nil, model: "test",
        judgments: run.rows.enumerated().map { i, row in
            let level: Double = i < 3 ? 1 : i < 9 ? 2 : 4
            return Judgment(
                id: row.id, scores: [DimensionJudgment(dimension: "relevance", score: level, label: level.plainText, rationale: "")],
                rawReplies: [], retries: 0, model: "test", promptHash: "")
        })
}

/// The skewed judge's level of each row, by id.
private func skewedLevels(_ run: FrozenRun) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: run.rows.enumerated().map { ($1.id, $0 < 3 ? 1 : $0 < 9 ? 2 : 4) })
}

/// The sheet's value in `column` for each row, by id (the first rater's row).
private func column(_ sheet: LabelSheet, _ name: String) throws -> [String: String] {
    let c = try #require(sheet.columns.firstIndex(of: name))
    var values: [String: String] = [:]
    for row in sheet.rows where values[row[0]] == nil { values[row[0]] = row[c] }
    return values
}

/// Writes `sheet` to a fresh folder and returns its URL.
private func written(_ sheet: LabelSheet, _ name: String = "batch.labels.csv") throws -> URL {
    let url = try SharedData.temporaryFolder("sampling").appendingPathComponent(name)
    try sheet.write(to: url)
    return url
}

@Suite("Label batches: strategies and inclusion probabilities")
struct LabelSamplingTests {
    @Test("A uniform sheet gives every row π = n/N; the next batch skips its rows, and read together every row has (n₁+n₂)/N")
    func uniformBatches() throws {
        let (run, dimensions) = (try bookRun(), try bookDimensions())
        let first = try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 10, seed: 1))
        #expect(try column(first, "inclusion_probability").values.allSatisfy { Double($0) == 10.0 / 42 })
        #expect(try column(first, "sampling_strategy").values.allSatisfy { $0 == "uniform" })
        let firstURL = try written(first)
        let earlier = try ExpertLabels.load(from: [firstURL], dimensions: dimensions)
        #expect(earlier.labels.allSatisfy { $0.inclusionProbability == 10.0 / 42 && $0.samplingBatch == 1 })
        let second = try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 11, seed: 2), earlier: earlier)
        let firstIDs = Set(first.rows.map { $0[0] })
        #expect(second.rows.count == 11)
        #expect(second.rows.allSatisfy { !firstIDs.contains($0[0]) }, "no row of the earlier sheet is drawn again")
        #expect(try column(second, "sampling_batch").values.allSatisfy { $0 == "2" })
        let both = try ExpertLabels.load(from: [firstURL, try written(second, "b2.labels.csv")], dimensions: dimensions)
        #expect(both.labels.count == 21)
        #expect(both.labels.allSatisfy { $0.inclusionProbability == 21.0 / 42 }, "batch 1's rows are brought up to date")
        #expect(both.sampling == LabelSampling(strategy: .uniform, batches: 2))
    }

    @Test("Stratified: each row's π is its stratum's drawn share m_h/N_h")
    func stratified() throws {
        let (run, dimensions) = (try bookRun(), try bookDimensions())
        let sheet = try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 12, seed: 1, stratifyBy: "metadata.genre"))
        var size: [String: Int] = [:]
        for row in run.rows { size[row.metadata["genre"]?.string ?? "", default: 0] += 1 }
        var drawn: [String: Int] = [:]
        for row in sheet.rows { drawn[run.row(id: row[0])?.metadata["genre"]?.string ?? "", default: 0] += 1 }
        for (id, pi) in try column(sheet, "inclusion_probability") {
            let genre = run.row(id: id)?.metadata["genre"]?.string ?? ""
            #expect(Double(pi) == Double(drawn[genre] ?? 0) / Double(size[genre] ?? 1), "\(id) in \(genre)")
        }
        #expect(try column(sheet, "sampling_strategy").values.allSatisfy { $0 == "stratified" })
    }

    @Test("Judge-stratified oversamples the judge's rare levels, and the sheet stays blinded to them")
    func judgeStratified() throws {
        let (run, dimensions) = (try bookRun(), try bookDimensions())
        let judge = skewedJudge(run)
        let sheet = try LabelSheet(
            run: run, dimensions: dimensions, options: .init(sample: 12, seed: 4, strategy: .judgeStratified), judgments: judge)
        let level = skewedLevels(run)
        let pis = try column(sheet, "inclusion_probability")
        var drawn: [Int: Int] = [:]
        for id in pis.keys { drawn[level[id] ?? 0, default: 0] += 1 }
        // √N_h allocation with equal disagreement before any label: √3 : √6 : √33 of 12 → 2, 3, 7.
        #expect(drawn == [1: 2, 2: 3, 4: 7])
        for (id, pi) in pis {
            let expected = [1: 2.0 / 3, 2: 3.0 / 6, 4: 7.0 / 33][level[id] ?? 0]
            #expect(Double(pi) == expected)
        }
        let strata = try column(sheet, "sampling_stratum")
        #expect(Set(strata.values).count == 3)
        #expect(strata.values.allSatisfy { $0.count == 12 && $0.allSatisfy(\.isHexDigit) }, "the judge's level is not written")
    }

    @Test("A judge-stratified batch after labels is Neyman-allocated: ∝ rows left × the spread of kappa at θ in each judge level")
    func neymanAfterLabels() throws {
        let (run, dimensions) = (try bookRun(), try bookDimensions())
        let (judge, level) = (skewedJudge(run), skewedLevels(run))
        let first = try LabelSheet(
            run: run, dimensions: dimensions, options: .init(sample: 12, seed: 4, strategy: .judgeStratified), judgments: judge)
        // The experts say 4 where the judge said 1 (three levels off), and agree with it where it said 2 or 4.
        var expert: [String: Int] = [:]
        for id in try column(first, "inclusion_probability").keys { expert[id] = level[id] == 1 ? 4 : level[id] }
        let text = first.rows.reduce(first.csv) { $0.replacingOccurrences(of: "\n\($1[0]),,", with: "\n\($1[0]),\(expert[$1[0]] ?? 0),") }
        let url = try SharedData.temporaryFolder("neyman").appendingPathComponent("b1.labels.csv")
        try Data(text.utf8).write(to: url)
        let earlier = try ExpertLabels.load(from: [url], dimensions: dimensions)
        let second = try LabelSheet(
            run: run, dimensions: dimensions, options: .init(sample: 6, seed: 5, strategy: .judgeStratified, threshold: 0.7),
            judgments: judge, earlier: earlier)
        // The expected quotas: counts by expert level × judge level, the run's judge shares, the rows left.
        var counts = [Int](repeating: 0, count: 16)
        for (id, e) in expert { counts[(e - 1) * 4 + (level[id] ?? 0) - 1] += 1 }
        let spreads = try #require(
            KappaNeymanAllocation.spreads(
                labelled: counts, scale: CategoryScale(1...4), columnShares: [3, 6, 0, 33], weights: .quadratic, threshold: 0.7))
        let left = [1: 3 - 2, 2: 6 - 3, 4: 33 - 7]
        let weight = left.mapValues { Double($0) }.map { ($0.key, $0.value * spreads[$0.key - 1]) }
        let total = weight.reduce(0) { $0 + $1.1 }
        let exact = Dictionary(uniqueKeysWithValues: weight.map { ($0.0, 6 * $0.1 / total) })
        var quota = exact.mapValues { Int($0) }
        let order = exact.keys.sorted { (exact[$0]! - Double(quota[$0]!), -$0) > (exact[$1]! - Double(quota[$1]!), -$1) }
        for h in order.prefix(6 - quota.values.reduce(0, +)) { quota[h]! += 1 }
        try #require(quota.allSatisfy { $0.value <= left[$0.key]! }, "no stratum runs out: \(quota)")
        var drawn: [Int: Int] = [:]
        for id in try column(second, "inclusion_probability").keys { drawn[level[id] ?? 0, default: 0] += 1 }
        #expect(drawn == quota.filter { $0.value > 0 }, "spreads \(spreads)")
        // √(rows left), 1 : 1.7 : 5.1, would give 1, 1 and 4; level 4's agreeing labels leave it little spread.
        #expect(drawn == [1: 1, 2: 3, 4: 2])
    }

    @Test("Judge-stratified without judgments, or continued with another strategy, is refused")
    func refusedDesigns() throws {
        let (run, dimensions) = (try bookRun(), try bookDimensions())
        #expect(throws: LabelSheet.SettingsError.self) {
            try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 5, strategy: .judgeStratified))
        }
        let first = try written(try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 5, seed: 1)))
        let earlier = try ExpertLabels.load(from: [first], dimensions: dimensions)
        let error = try #require(throws: LabelSheet.DrawError.self) {
            try LabelSheet(
                run: run, dimensions: dimensions, options: .init(sample: 5, strategy: .judgeStratified), judgments: skewedJudge(run),
                earlier: earlier)
        }
        #expect(error.column == "sampling_strategy")
        #expect(JudgeCal.message(for: error)?.contains("draw the next batch with --strategy uniform") == true)
    }

    @Test("--next larger than the rows left unlabelled is an error that names both numbers")
    func tooLarge() throws {
        let (run, dimensions) = (try bookRun(), try bookDimensions())
        let first = try written(try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 40, seed: 1)))
        let earlier = try ExpertLabels.load(from: [first], dimensions: dimensions)
        let error = try #require(throws: LabelSheet.DrawError.self) {
            try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 3), earlier: earlier)
        }
        #expect(
            ExtractMessages.text(for: error.problem)
                == "--next 3 asks for more rows than the 2 that the earlier sheets left unlabelled; nothing was written")
    }

    @Test("An edited probability (a spreadsheet's rounding) is found, with file, line and column")
    func editedProbability() throws {
        let (run, dimensions) = (try bookRun(), try bookDimensions())
        let sheet = try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 10, seed: 1))
        let text = sheet.csv.replacingOccurrences(of: (10.0 / 42).plainText, with: "0.238")
        #expect(text != sheet.csv)
        let url = try SharedData.temporaryFolder("edited").appendingPathComponent("x.labels.csv")
        try Data(text.utf8).write(to: url)
        let error = try #require(throws: InputError.self) { try ExpertLabels.load(from: [url], dimensions: dimensions) }
        #expect(error.line == 2 && error.column == "inclusion_probability")
        #expect(error.message.contains("are not those extract wrote"))
    }

    @Test("Batch 2 read without batch 1, or beside a sheet without probabilities, is refused")
    func incompleteSets() throws {
        let (run, dimensions) = (try bookRun(), try bookDimensions())
        let firstSheet = try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 5, seed: 1))
        let first = try written(firstSheet)
        let earlier = try ExpertLabels.load(from: [first], dimensions: dimensions)
        let second = try written(
            try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 5, seed: 2), earlier: earlier), "b2.labels.csv")
        let gap = try #require(throws: InputError.self) { try ExpertLabels.load(from: [second], dimensions: dimensions) }
        #expect(gap.message.contains("no sheet of batch 1 was given"))
        let plain = try SharedData.temporaryFolder("plain").appendingPathComponent("plain.labels.csv")
        try Data("id,relevance,usefulness\n\(run.rows[41].id),3,3\n".utf8).write(to: plain)
        let mixed = try #require(throws: InputError.self) { try ExpertLabels.load(from: [first, plain], dimensions: dimensions) }
        #expect(mixed.message.contains("has no inclusion_probability column"))
    }

    @Test("--raters: one sheet per rater, the first with every row, the others with the overlap; read together as three raters")
    func perRater() throws {
        let (run, dimensions) = (try bookRun(), try bookDimensions())
        let whole = try LabelSheet(
            run: run, dimensions: dimensions, options: .init(sample: 6, seed: 3, overlap: 2, raters: ["alice", "bob", "carol"]))
        #expect(whole.raterNames == ["alice", "bob", "carol"])
        let sheets = ["alice", "bob", "carol"].map(whole.sheet(forRater:))
        #expect(sheets.map(\.rows.count) == [6, 2, 2])
        #expect(sheets[1].rows.map { $0[0] } == sheets[2].rows.map { $0[0] })
        let folder = try SharedData.temporaryFolder("raters")
        let urls = try ["alice", "bob", "carol"].enumerated().map { k, name in
            let url = folder.appendingPathComponent("s.\(name).labels.csv")
            try sheets[k].write(to: url)
            return url
        }
        let labels = try ExpertLabels.load(from: urls, dimensions: dimensions)
        #expect(labels.raters == ["alice", "bob", "carol"])
        #expect(labels.labels.allSatisfy { $0.inclusionProbability == 6.0 / 42 })
        #expect(throws: LabelSheet.SettingsError.self) {
            try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 6, raters: ["alice", "bob"]))
        }
        #expect(throws: LabelSheet.SettingsError.self) {
            try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 6, overlap: 1, raters: ["a/b", "c"]))
        }
    }
}

@Suite("Horvitz–Thompson weighted kappa")
struct WeightedKappaTests {
    static let scale = CategoryScale(1...4)
    static let expert: [Double?] = [1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 2, 3]
    static let judge: [Double?] = [1, 2, 3, 3, 3, 4, 4, 4, 3, 4, 2, 2]

    @Test("Every π equal: the same kappa, standard error and interval as the count table")
    func equalWeights() throws {
        let counts = try ContingencyTable(scale: Self.scale, first: Self.expert, second: Self.judge)
        let weighted = try WeightedContingencyTable(
            scale: Self.scale, first: Self.expert, second: Self.judge, inclusionProbabilities: Array(repeating: 0.25, count: 12))
        for w in [AgreementWeights.unweighted, .linear, .quadratic] {
            let a = CohenKappa(counts, weights: w).kappa
            let b = CohenKappa(weighted, weights: w).kappa
            let (va, vb) = (try #require(a.value), try #require(b.value))
            #expect(abs(va - vb) < 1e-12)
            #expect(abs((a.standardError ?? 0) - (b.standardError ?? 1)) < 1e-12)
        }
        #expect(abs(weighted.effectiveSize - 12) < 1e-9)
    }

    @Test("A row of π = 1/3 counts as three rows: the point estimate of the table with it tripled")
    func integerWeights() throws {
        let pis: [Double] = Self.expert.indices.map { $0 % 3 == 0 ? 1.0 / 3 : 1 }
        let weighted = try WeightedContingencyTable(scale: Self.scale, first: Self.expert, second: Self.judge, inclusionProbabilities: pis)
        var first: [Double?] = []
        var second: [Double?] = []
        for i in Self.expert.indices {
            for _ in 0..<(i % 3 == 0 ? 3 : 1) {
                first.append(Self.expert[i])
                second.append(Self.judge[i])
            }
        }
        let tripled = try ContingencyTable(scale: Self.scale, first: first, second: second)
        let a = try #require(CohenKappa(tripled, weights: .quadratic).kappa.value)
        let b = try #require(CohenKappa(weighted, weights: .quadratic).kappa)
        #expect(abs(a - (b.value ?? .nan)) < 1e-12)
        #expect(b.n == 12, "n counts the rows, not the weights")
        #expect(abs(weighted.total - 20) < 1e-9)
    }

    @Test("A probability outside (0, 1] is an error naming its position")
    func badProbability() throws {
        let error = try #require(throws: RatingError.self) {
            try WeightedContingencyTable(scale: Self.scale, first: [1, 2], second: [1, 2], inclusionProbabilities: [0.5, 0])
        }
        #expect(error.position == 1)
    }

    @Test("Alignment with probabilities: κ_q from the HT table, and the report names the strategy")
    func alignment() throws {
        let ids = Self.expert.indices.map { "r\($0)" }
        let pis: [Double] = ids.indices.map { $0 < 4 ? 0.5 : 0.1 }
        let input = AlignmentInput(
            runRowIDs: ids,
            dimensions: [
                .init(
                    name: "quality", scale: Self.scale,
                    judge: JudgeScores(
                        scores: Dictionary(uniqueKeysWithValues: ids.indices.map { (ids[$0], JudgeScore(Self.judge[$0] ?? 0)) })),
                    expertLabels: ids.indices.map {
                        ExpertLabel(rowID: ids[$0], value: Self.expert[$0] ?? 0, inclusionProbability: pis[$0])
                    })
            ], sampling: LabelSampling(strategy: .judgeStratified, batches: 2))
        let report = try AlignmentReport(input)
        let table = try WeightedContingencyTable(scale: Self.scale, first: Self.expert, second: Self.judge, inclusionProbabilities: pis)
        let expected = try #require(CohenKappa(table, weights: .quadratic).kappa.value)
        let unweighted = try #require(
            CohenKappa(try ContingencyTable(scale: Self.scale, first: Self.expert, second: Self.judge), weights: .quadratic).kappa.value)
        #expect(abs(expected - unweighted) > 1e-3, "the weights change this table's kappa")
        #expect(report.dimensions[0].cohenKappa.quadratic.value == expected)
        #expect(report.dimensions[0].statisticEstimate.value == expected)
        #expect(report.dimensions[0].statisticEstimate.interval?.method.rawValue.hasPrefix("horvitz-thompson") == true)
        #expect(report.renderText().contains("Sampling: labelled rows drawn by judge-stratified sampling in 2 batches"))
        let budget = LabelPageBudget(alignment: report)
        let standing = try #require(budget.standing.first)
        #expect(standing.hasPrefix("quality: quadratic-weighted kappa \(expected.fixed(decimals: 3)) ["))
        #expect(standing.contains("against 0.6: \(report.dimensions[0].verdict.outcome.rawValue)"))
    }
}

@Suite("Batch-wise weights of label-informed (judge-stratified) batches")
struct BatchwiseWeightTests {
    /// `sheet` with relevance 3 on every row, written to a fresh folder.
    static func filled(_ sheet: LabelSheet, _ name: String) throws -> URL {
        let url = try SharedData.temporaryFolder("adaptive").appendingPathComponent(name)
        let text = sheet.rows.reduce(sheet.csv) { $0.replacingOccurrences(of: "\n\($1[0]),,", with: "\n\($1[0]),3,") }
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A judge-stratified set of `sizes` rows in two batches of the book-tags run (relevance 3 throughout, so the
    /// second batch is allocated by the first's disagreements), each sheet written (`name`1, `name`2), read together.
    static func adaptiveSet(
        sizes: (Int, Int) = (12, 9), seeds: (UInt64, UInt64) = (4, 5), name: String = "adaptive"
    ) throws -> (sheets: [LabelSheet], urls: [URL], labels: ExpertLabels) {
        let (run, dimensions) = (try bookRun(), try bookDimensions())
        let judge = skewedJudge(run)
        let first = try LabelSheet(
            run: run, dimensions: dimensions, options: .init(sample: sizes.0, seed: seeds.0, strategy: .judgeStratified),
            judgments: judge)
        let firstURL = try filled(first, "\(name)1.labels.csv")
        let earlier = try ExpertLabels.load(from: [firstURL], dimensions: dimensions)
        let second = try LabelSheet(
            run: run, dimensions: dimensions, options: .init(sample: sizes.1, seed: seeds.1, strategy: .judgeStratified),
            judgments: judge, earlier: earlier)
        let urls = [firstURL, try filled(second, "\(name)2.labels.csv")]
        return ([first, second], urls, try ExpertLabels.load(from: urls, dimensions: dimensions))
    }

    @Test("Two judge-stratified batches read from sheets: w = c₁N_h/m₁ + c₂ and c₂(N_h − m₁)/m₂, c ∝ 12 : 9; a stratum's sum is N_h")
    func weightsFromSheets() throws {
        let (sheets, _, labels) = try Self.adaptiveSet()
        let stratumSize = [1: 3.0, 2: 6.0, 4: 33.0]  // the skewed judge's levels
        let level = skewedLevels(try bookRun())
        let batchOf = try sheets.enumerated().map { b, sheet in try column(sheet, "sampling_batch").mapValues { _ in b } }
        var drawn = [[Int: Int]](repeating: [:], count: 2)
        for (b, ids) in batchOf.enumerated() { for id in ids.keys { drawn[b][level[id] ?? 0, default: 0] += 1 } }
        #expect(drawn[0] == [1: 2, 2: 3, 4: 7])
        #expect(drawn[1].values.allSatisfy { $0 > 0 } && drawn[1].count == 3, "batch 2 draws from every stratum: \(drawn[1])")
        var sum: [Int: Double] = [:]
        for label in labels.labels {
            let h = try #require(level[label.id])
            let n = try #require(stratumSize[h])
            let (m1, m2) = (Double(drawn[0][h] ?? 0), Double(drawn[1][h] ?? 0))
            let w = try #require(label.batchwiseWeight)
            let expected = batchOf[0][label.id] != nil ? 12.0 / 21 * n / m1 + 9.0 / 21 : 9.0 / 21 * (n - m1) / m2
            #expect(abs(w - expected) < 1e-12, "\(label.id) in stratum \(h)")
            #expect(label.inclusionProbability == (m1 + m2) / n, "the recorded π stays m_h / N_h")
            #expect(label.effectiveInclusionProbability == 1 / w)
            sum[h, default: 0] += w
        }
        for (h, n) in stratumSize { #expect(abs((sum[h] ?? 0) - n) < 1e-9, "stratum \(h): Σw = \(sum[h] ?? 0), N_h = \(n)") }
    }

    @Test("A stratum exhausted by batch 1 weighs 1; one batch 2 did not draw from, with rows left, weighs N_h/m₁ (c renormalised)")
    func edgeCases() throws {
        let (sheets, _, labels) = try Self.adaptiveSet(sizes: (16, 1), seeds: (6, 7), name: "edge")
        let level = skewedLevels(try bookRun())
        let secondLevel = try #require(sheets[1].rows.first.flatMap { level[$0[0]] })
        var sum: [Int: Double] = [:]
        for label in labels.labels {
            let h = try #require(level[label.id])
            let w = try #require(label.batchwiseWeight)
            sum[h, default: 0] += w
            if h == 1 {
                #expect(abs(w - 1) < 1e-12, "stratum 1 was exhausted by batch 1 (3 of 3), so batch 2's estimate of it is exact")
            } else if h != secondLevel {
                #expect(abs(w - 1 / (label.inclusionProbability ?? .nan)) < 1e-12, "only batch 1 estimates stratum \(h)")
            }
        }
        // √3 : √6 : √33 of 16 → 3, 4, 9; the one row of batch 2 goes to stratum 4 (√24 against √2), leaving 2 of stratum 2.
        #expect(labels.labels.filter { level[$0.id] == 1 }.count == 3 && secondLevel == 4)
        let stratum2 = labels.labels.filter { level[$0.id] == 2 }
        #expect(stratum2.count == 4 && stratum2.allSatisfy { abs(($0.batchwiseWeight ?? 0) - 1.5) < 1e-12 })
        for (h, n) in [1: 3.0, 2: 6.0, 4: 33.0] { #expect(abs((sum[h] ?? 0) - n) < 1e-9, "stratum \(h)") }
    }

    @Test("Uniform batches and a single judge-stratified batch keep π = m_h / N_h: no batch-wise weight")
    func nonAdaptiveKeepsPi() throws {
        let (run, dimensions) = (try bookRun(), try bookDimensions())
        let first = try written(try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 10, seed: 1)), "u1.labels.csv")
        let earlier = try ExpertLabels.load(from: [first], dimensions: dimensions)
        let second = try written(
            try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 11, seed: 2), earlier: earlier), "u2.labels.csv")
        let uniform = try ExpertLabels.load(from: [first, second], dimensions: dimensions)
        #expect(uniform.labels.allSatisfy { $0.batchwiseWeight == nil && $0.effectiveInclusionProbability == 21.0 / 42 })
        let single = try written(
            try LabelSheet(
                run: run, dimensions: dimensions, options: .init(sample: 12, seed: 4, strategy: .judgeStratified),
                judgments: skewedJudge(run)), "j1.labels.csv")
        let one = try ExpertLabels.load(from: [single], dimensions: dimensions)
        #expect(one.labels.allSatisfy { $0.batchwiseWeight == nil && $0.effectiveInclusionProbability == $0.inclusionProbability })
        #expect(one.labels.contains { $0.inclusionProbability == 2.0 / 3 })
    }

    /// Issue #29: about 1 in 80 two-batch sets was refused with "inclusion probability 2.0 … not in (0, 1]".
    @Test("A later batch that takes most of a stratum's remaining rows gives them a weight below 1, and align weighs them by it")
    func weightBelowOne() throws {
        let (run, rubric) = (try bookRun(), try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")))
        let found = try (1...12).lazy.map { seed in try Self.adaptiveSet(sizes: (12, 4), seeds: (4, seed), name: "below\(seed)-") }
            .first { $0.labels.labels.contains { ($0.batchwiseWeight ?? 1) < 1 } }
        let labels = try #require(found?.labels, "some seed lets batch 2 take a stratum's last rows")
        let report = try AlignmentReport(
            try AlignmentInput(run: run, rubric: rubric, judgments: skewedJudge(run), labels: labels), options: AlignmentSettings(resamples: 0))
        let relevance = try #require(report.dimensions.first { $0.name.lowercased() == "relevance" })
        #expect(relevance.statisticEstimate.value != nil, "\(relevance.statisticEstimate)")
        var sum: [String: Double] = [:]
        for label in labels.labels { sum[label.samplingStratum ?? "", default: 0] += label.batchwiseWeight ?? .nan }
        let level = skewedLevels(run)
        let size = Dictionary(grouping: run.rows.map(\.id), by: { level[$0] ?? 0 }).mapValues { Double($0.count) }
        #expect(Set(sum.values.map { ($0 * 1e9).rounded() }) == Set(size.values.map { ($0 * 1e9).rounded() }), "Σw = N_h in each stratum")
    }

    @Test("align weighs an adaptive set's rows by 1/w, while the frame of batch 2 still matches the recorded π")
    func alignmentAndFrame() throws {
        let (sheets, _, labels) = try Self.adaptiveSet()
        let (run, rubric) = (try bookRun(), try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")))
        let input = try AlignmentInput(run: run, rubric: rubric, judgments: skewedJudge(run), labels: labels)
        let given = Dictionary(
            uniqueKeysWithValues: try #require(input.dimensions.first).expertLabels.map { ($0.rowID, $0.inclusionProbability) })
        #expect(given.count == 21)
        for label in labels.labels { #expect(given[label.id] == 1 / (label.batchwiseWeight ?? .nan)) }
        let frame = try #require(sheets[1].frame)
        let pi = try frame.inclusionProbabilities(rowIDs: run.rows.map(\.id), labels: labels, runName: run.info.name)
        #expect(labels.labels.allSatisfy { pi[$0.id] == $0.inclusionProbability })
        #expect(labels.labels.contains { $0.inclusionProbability != $0.effectiveInclusionProbability })
    }

    @Test("A row deleted from batch 1, or an edited probability, is an error naming the sheet")
    func deletedRowAndEditedProbability() throws {
        let (sheets, urls, _) = try Self.adaptiveSet()
        let dimensions = try bookDimensions()
        let text = sheets[0].csv
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.remove(at: 1)
        try Data(lines.joined(separator: "\n").utf8).write(to: urls[0])
        let deleted = try #require(throws: InputError.self) { try ExpertLabels.load(from: urls, dimensions: dimensions) }
        #expect(deleted.file.hasSuffix("adaptive1.labels.csv") && deleted.column == "inclusion_probability")
        #expect(deleted.message.contains("give every batch's sheets with every row extract wrote"), "\(deleted)")
        let pi = try #require(try column(sheets[1], "inclusion_probability").values.first { $0.contains(".") && $0 != "0.5" })
        try Data(sheets[1].csv.replacingOccurrences(of: pi, with: "0.5").utf8).write(to: urls[1])
        try Data(text.utf8).write(to: urls[0])
        let edited = try #require(throws: InputError.self) { try ExpertLabels.load(from: urls, dimensions: dimensions) }
        #expect(edited.file.hasSuffix("adaptive2.labels.csv") && edited.message.contains("are not those extract wrote"))
    }
}
