import Calibration
import CalibrationData
import CalibrationWorkflow
import DataFormats
import Foundation
import Judging
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// HANNA's 960 stories as a run, ChatGPT's story scores as its judgments, and the crowd's means as the experts'.
struct HANNAFrameData {
    static let criteria = ["relevance", "coherence", "empathy", "surprise", "engagement", "complexity"]
    static let judgeScores = "notebooks-data/hanna-judges/ChatGPT.p1.csv"
    let run: FrozenRun
    let judgments: JudgmentSet
    let crowd: [String: [String: Double]]
    let dimensions: [ScoreDimension]

    init() throws {
        let labels = try SharedData.projectCSV("notebooks-data/hanna.labels.csv")
        let scores = try SharedData.projectCSV(Self.judgeScores)
        func byID(_ table: RecordTable) -> [String: [String: Double]] {
            var values: [String: [String: Double]] = [:]
            for r in 0..<table.rowCount {
                for (c, name) in table.columns.enumerated() where Self.criteria.contains(name) {
                    values[table[r, 0], default: [:]][name] = Double(table[r, c])
                }
            }
            return values
        }
        crowd = byID(labels)
        let judged = byID(scores)
        let ids = (0..<labels.rowCount).map { labels[$0, 0] }
        run = try FrozenRun(
            info: RunInfo(name: "hanna"),
            rows: ids.map { FrozenRow(id: $0, input: .string("a story prompt"), response: .string("the story \($0)")) })
        judgments = JudgmentSet(
            run: "hanna", rubric: "hanna", rubricVersion: nil, model: "ChatGPT",
            judgments: ids.map { id in
                Judgment(
                    id: id,
                    scores: Self.criteria.map { c in
                        let v = judged[id]?[c] ?? .nan
                        return DimensionJudgment(dimension: c, score: v, label: v.plainText, rationale: "")
                    },
                    rawReplies: [], retries: 0, model: "ChatGPT", promptHash: "")
            })
        let scale = try #require(try ScoringScale.alignmentLevels([1, 2, 3, 4, 5], rubric: nil))
        dimensions = Self.criteria.map { ScoreDimension($0, description: "", scale: scale) }
    }

    /// The crowd's mean of `criterion` over all 960 stories: the truth an estimate of the run is of.
    func truth(_ criterion: String) -> Double {
        let values = crowd.values.compactMap { $0[criterion] }
        return values.reduce(0, +) / Double(values.count)
    }

    /// `sheet` with every dimension cell filled in with the crowd's mean, as the experts would return it.
    func filled(_ sheet: LabelSheet) -> String {
        let writer = CSVWriter()
        var text = writer.record(sheet.columns)
        for row in sheet.rows {
            var cells = row
            for (c, name) in sheet.columns.enumerated() where Self.criteria.contains(name) {
                cells[c] = (crowd[row[0]]?[name] ?? .nan).plainText
            }
            text += writer.record(cells)
        }
        return text
    }
}

@Suite("Sampling frame: extract writes every row's π, estimate weights by it")
struct SamplingFrameTests {
    /// A judge-stratified draw of 100 stories by ChatGPT's Relevance, filled in with the crowd's means, its sheet and
    /// frame written to a fresh folder.
    static func judgeStratified(seed: UInt64 = 13) throws -> (data: HANNAFrameData, sheet: URL, frame: URL) {
        let data = try HANNAFrameData()
        let sheet = try LabelSheet(
            run: data.run, dimensions: data.dimensions,
            options: .init(sample: 100, seed: seed, stratifyBy: "relevance", strategy: .judgeStratified),
            judgments: data.judgments)
        let folder = try SharedData.temporaryFolder("frame")
        let sheetURL = folder.appendingPathComponent("hanna.labels.csv")
        try Data(data.filled(sheet).utf8).write(to: sheetURL)
        let frameURL = URL(fileURLWithPath: SamplingFrame.path(besideSheet: sheetURL.path))
        try Data(#require(sheet.frame).csv.utf8).write(to: frameURL)
        return (data, sheetURL, frameURL)
    }

    @Test("The frame lists every run row once, drawn rows with the sheet's π, the rest with their stratum's")
    func frameMatchesSheet() throws {
        let (data, sheet, frameURL) = try Self.judgeStratified()
        let frame = try SamplingFrame.load(from: frameURL)
        #expect(frame.rows.map(\.id) == data.run.rows.map(\.id))
        #expect(frame.rows.count { $0.batch == 1 } == 100 && frame.strategy == .judgeStratified && frame.run == "hanna")
        let labels = try ExpertLabels.load(from: [sheet], dimensions: data.dimensions, values: .means)
        let pi = try frame.inclusionProbabilities(rowIDs: data.run.rows.map(\.id), labels: labels, runName: "hanna")
        for label in labels.labels { #expect(pi[label.id] == label.inclusionProbability) }
        var strata: [String: (drawn: Int, rows: Int, pi: Set<Double>)] = [:]
        for row in frame.rows {
            strata[row.stratum, default: (0, 0, [])].rows += 1
            strata[row.stratum, default: (0, 0, [])].drawn += row.batch == nil ? 0 : 1
            strata[row.stratum, default: (0, 0, [])].pi.insert(row.inclusionProbability)
        }
        #expect(strata.count == 5, "ChatGPT's Relevance, rounded, takes all five levels")
        for (_, s) in strata { #expect(s.pi == [Double(s.drawn) / Double(s.rows)], "π = m_h / N_h for every row of h") }
    }

    @Test("HANNA, judge-stratified draw of 100: the weighted estimates land on the crowd's mean, the unweighted above it")
    func hannaWeighted() throws {
        let (data, sheet, _) = try Self.judgeStratified()
        let files = EstimationFiles(
            judgeScores: SharedData.projectURL(HANNAFrameData.judgeScores), categories: [1, 2, 3, 4, 5], labels: [sheet],
            means: true)
        let weighted = try EstimationReport(files: files, settings: EstimationSettings())
        #expect(weighted.sampling == .inclusionProbabilities, "the frame beside the sheet is found")
        // The same rows with no frame, declared a uniform sample: what estimate did before the frame.
        let bare = try SharedData.temporaryFolder("frame-less").appendingPathComponent("hanna.labels.csv")
        try FileManager.default.copyItem(at: sheet, to: bare)
        var unweightedFiles = files
        unweightedFiles.labels = [bare]
        let unweighted = try EstimationReport(files: unweightedFiles, settings: EstimationSettings(declaredSampling: .randomSample))
        let truth = data.truth("relevance")
        let w = try #require(weighted.dimensions.first { $0.name == "relevance" })
        let u = try #require(unweighted.dimensions.first { $0.name == "relevance" })
        #expect(w.rows.labelled == 100 && w.rows.unlabelled == 860)
        let corrected = try #require(w.mean.corrected.value)
        let ci = try #require(w.mean.corrected.interval)
        #expect(ci.contains(truth), "crowd mean \(truth), weighted PPI++ \(corrected) \(ci)")
        // Seed 13 (ChatGPT, Relevance, crowd mean 2.470): weighted PPI++ 2.474 and experts-only 2.466; unweighted 2.500
        // and 2.543, pulled up by the judge's high levels drawn at up to 4 times their share.
        #expect(abs(corrected - truth) < 0.01, "weighted PPI++ \(corrected), crowd mean \(truth)")
        let expertsWeighted = try #require(w.mean.expertsOnly.value)
        let expertsUnweighted = try #require(u.mean.expertsOnly.value)
        #expect(abs(expertsWeighted - truth) < 0.01 && expertsUnweighted - truth > 0.05, "\(expertsWeighted) \(expertsUnweighted)")
        let naive = try #require(u.mean.corrected.value)
        #expect(abs(corrected - truth) < abs(naive - truth), "weighted \(corrected), unweighted \(naive), truth \(truth)")
    }

    @Test("A frame of another run, with rows missing or an edited probability is refused, naming file, line and column")
    func refusals() throws {
        let (data, sheet, frameURL) = try Self.judgeStratified()
        let labels = try ExpertLabels.load(from: [sheet], dimensions: data.dimensions, values: .means)
        let ids = data.run.rows.map(\.id)
        let frame = try SamplingFrame.load(from: frameURL)
        let other = try #require(throws: InputError.self) {
            try frame.inclusionProbabilities(rowIDs: ids, labels: labels, runName: "another run")
        }
        #expect(other.column == "run" && other.line == 2)
        let fewer = try #require(throws: InputError.self) {
            try frame.inclusionProbabilities(rowIDs: ids + ["story-extra"], labels: labels, runName: nil)
        }
        #expect(fewer.message.contains("lists no row for 1 of the run's 961 rows (story-extra first)"))
        let foreign = try #require(throws: InputError.self) {
            try frame.inclusionProbabilities(rowIDs: Array(ids.dropFirst()), labels: labels, runName: nil)
        }
        #expect(foreign.line == 2 && foreign.column == "id" && foreign.message.contains("another run"))
        var lines = try String(contentsOf: frameURL, encoding: .utf8).components(separatedBy: "\n")
        var cells = lines[5].components(separatedBy: ",")
        cells[2] = String((Double(cells[2]) ?? 0) + 0.01)
        lines[5] = cells.joined(separator: ",")
        try lines.joined(separator: "\n").write(to: frameURL, atomically: true, encoding: .utf8)
        let edited = try #require(throws: InputError.self) { try SamplingFrame.load(from: frameURL) }
        #expect(edited.line == 6 && edited.column == "inclusion_probability" && edited.message.contains("sampling_check"))
    }

    @Test("--next: the second frame is cumulative (π = 21/42, batches 1 and 2) and is the one found beside the two sheets")
    func batches() throws {
        let run = try FrozenRun.load(from: SharedData.projectURL("notebooks-data/book-tags.run.jsonl"))
        let dimensions = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md")).dimensions
        let folder = try SharedData.temporaryFolder("frame-batches")
        func written(_ sheet: LabelSheet, _ name: String) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try sheet.write(to: url)
            try Data(#require(sheet.frame).csv.utf8).write(to: URL(fileURLWithPath: SamplingFrame.path(besideSheet: url.path)))
            return url
        }
        let first = try written(try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 10, seed: 1)), "b1.labels.csv")
        let earlier = try ExpertLabels.load(from: [first], dimensions: dimensions)
        let second = try written(
            try LabelSheet(run: run, dimensions: dimensions, options: .init(sample: 11, seed: 2), earlier: earlier), "b2.labels.csv")
        let frame = try #require(try SamplingFrame.discovered(besideSheets: [first, second]))
        #expect(frame.batches == 2 && frame.file.hasSuffix("/b2.frame.csv"))
        #expect(frame.rows.count { $0.batch == 1 } == 10 && frame.rows.count { $0.batch == 2 } == 11)
        #expect(frame.rows.allSatisfy { $0.inclusionProbability == 21.0 / 42 })
        let both = try ExpertLabels.load(from: [first, second], dimensions: dimensions)
        #expect(try frame.inclusionProbabilities(rowIDs: run.rows.map(\.id), labels: both, runName: run.info.name).count == 42)
        // The first batch's frame gives the first sheet's rows 10/42, which the two sheets read together bring to 21/42.
        let stale = try SamplingFrame.load(from: folder.appendingPathComponent("b1.frame.csv"))
        #expect(throws: InputError.self) { try stale.inclusionProbabilities(rowIDs: run.rows.map(\.id), labels: both, runName: nil) }
        // A rater's sheet, out.alice.labels.csv, finds the one frame named after --output.
        try FileManager.default.copyItem(at: first, to: folder.appendingPathComponent("out.alice.labels.csv"))
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("b1.frame.csv"), to: folder.appendingPathComponent("out.frame.csv"))
        let rater = try SamplingFrame.discovered(besideSheets: [folder.appendingPathComponent("out.alice.labels.csv")])
        #expect(rater?.file.hasSuffix("/out.frame.csv") == true)
    }

    @Test("judgecal extract --sample writes the frame beside the sheet: every run row once, with its check")
    func extractWritesFrame() throws {
        let out = try SharedData.temporaryFolder("frame-cli").appendingPathComponent("book.labels.csv").path
        let r = try JudgeCalProcess.run([
            "extract", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--sample", "9", "--output", out,
        ])
        #expect(r.status == 0, "\(r.error)")
        let frame = try SamplingFrame.load(from: URL(fileURLWithPath: SamplingFrame.path(besideSheet: out)))
        #expect(frame.rows.count == 42 && frame.rows.count { $0.batch == 1 } == 9)
        #expect(frame.rows.allSatisfy { $0.inclusionProbability == 9.0 / 42 })
        #expect(r.output.contains("every run row's inclusion probability to"))
    }

    @Test(
        "judgecal estimate finds the frame (exit 0, the library's figures); refuses --random-sample with it (64), and an edited or foreign frame (65) writing nothing"
    )
    func estimateCommand() throws {
        let (_, sheet, frameURL) = try Self.judgeStratified(seed: 5)
        let base = [
            "estimate", "--judge-scores", HANNAFrameData.judgeScores, "--labels", sheet.path, "--means", "--categories", "1,2,3,4,5",
        ]
        let r = try JudgeCalProcess.run(base + ["--json"])
        #expect(r.status == 0, "\(r.error)")
        let printed = try JSONDecoder().decode(EstimationReport.self, from: Data(r.output.utf8))
        let library = try EstimationReport(
            files: EstimationFiles(
                judgeScores: SharedData.projectURL(HANNAFrameData.judgeScores), categories: [1, 2, 3, 4, 5], labels: [sheet],
                means: true, frame: frameURL),
            settings: EstimationSettings())
        #expect(printed == library && printed.sampling == .inclusionProbabilities)
        let declared = try JudgeCalProcess.run(base + ["--random-sample"])
        #expect(declared.status == 64 && declared.error.contains("drop --random-sample"), "\(declared.error)")
        // The frame of another draw (another seed) gives the labelled rows other probabilities.
        let (_, _, otherFrame) = try Self.judgeStratified(seed: 6)
        let report = try SharedData.temporaryFolder("frame-report").appendingPathComponent("estimate.html").path
        let foreign = try JudgeCalProcess.run(base + ["--frame", otherFrame.path, "--report", report])
        #expect(foreign.status == 65 && foreign.error.contains("another batch"), "\(foreign.error)")
        #expect(!FileManager.default.fileExists(atPath: report), "nothing written")
        let rows = try String(contentsOf: frameURL, encoding: .utf8).components(separatedBy: "\n")
        var cells = rows[1].components(separatedBy: ",")
        cells[2] = "0.5"
        try ([rows[0], cells.joined(separator: ",")] + rows.dropFirst(2)).joined(separator: "\n")
            .write(to: frameURL, atomically: true, encoding: .utf8)
        let edited = try JudgeCalProcess.run(base + ["--report", report])
        #expect(edited.status == 65, "\(edited.error)")
        #expect(edited.error.contains("frame.csv") && edited.error.contains("inclusion_probability"), "\(edited.error)")
        #expect(!FileManager.default.fileExists(atPath: report), "nothing written")
    }
}
