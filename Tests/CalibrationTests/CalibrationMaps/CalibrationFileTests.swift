import Calibration
import CalibrationData
import CalibrationMaps
import CalibrationReports
import DataFormats
import Foundation
import Judging
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// `judgecal calibrate`'s library (issue #31): the maps a calibration file holds are `CrossFittedMap` on the rows the
/// expert panel gives, the rows left out are counted by why, and the file reads back whole or not at all.
@Suite("A calibration file: per dimension the cross-fitted map on the panel's rows, its figures, and its loader")
struct CalibrationFileTests {
    static let scale = CategoryScale(values: [1, 2, 3, 4, 5])
    static let judge = JudgeIdentity(model: "m", baseURL: nil, options: JudgeSettings(mode: .discrete))
    static let created = Date(timeIntervalSince1970: 1_800_000_000)

    /// Expert a's level on row i: 1 to 4 in turn.
    static func a(_ i: Int) -> Double { Double(1 + i % 4) }
    /// Expert b: a's level, one higher on every third row.
    static func b(_ i: Int) -> Double { a(i) + (i % 3 == 0 ? 1 : 0) }

    /// A planted run of 42 rows and 2 worked examples, labelled on Quality by two or three raters, on Tone by one.
    ///
    /// Rows r0…r41 and the worked examples e0, e1 are all labelled on Quality by a and b, and by a third
    /// rater c (level 1) on every fifth row, so that mean and median differ there. The judge says the two raters'
    /// mean plus 0.5 (so its raw RMSE against their mean is 0.5 on the rows c did not rate); it failed on r40 and was not
    /// asked about r41. Tone is labelled on r0…r2 only: too few rows.
    static func input() -> AlignmentInput {
        let ids = (0..<42).map { "r\($0)" } + ["e0", "e1"]
        var quality: [ExpertLabel] = [], scores: [String: JudgeScore] = [:], tone: [String: JudgeScore] = [:]
        for (i, id) in ids.enumerated() {
            quality.append(ExpertLabel(rowID: id, rater: "a", value: a(i)))
            quality.append(ExpertLabel(rowID: id, rater: "b", value: b(i)))
            if i % 5 == 0 { quality.append(ExpertLabel(rowID: id, rater: "c", value: 1)) }
            if id != "r40" && id != "r41" {
                scores[id] = JudgeScore((a(i) + b(i)) / 2 + 0.5)
                tone[id] = JudgeScore(3)
            }
        }
        let toneLabels = (0..<3).map { ExpertLabel(rowID: "r\($0)", rater: "a", value: 4) }
        return AlignmentInput(
            info: AlignmentInfo(run: "planted", rubric: "r", rubricHash: "abc"), runRowIDs: ids, exampleRowIDs: ["e0", "e1"],
            dimensions: [
                AlignmentInput.Dimension(
                    name: "Quality", scale: scale, judge: JudgeScores(scores: scores, failures: ["r40": "no reply"]), expertLabels: quality),
                AlignmentInput.Dimension(name: "Tone", scale: scale, judge: JudgeScores(scores: tone), expertLabels: toneLabels),
            ])
    }

    static func calibration(_ settings: CalibrationSettings) throws -> CalibrationFile {
        try CalibrationFile(Self.input(), settings: settings, judge: judge, labelFingerprint: "f00d", created: created)
    }

    @Test(
        "Each map is CrossFittedMap on the rows the expert panel gives, with the raters' mean or median; the figures are the map's",
        arguments: [ExpertCombination.mean, .median])
    func mapsArePanelRows(experts: ExpertCombination) throws {
        let file = try Self.calibration(try CalibrationSettings(folds: 5, seed: 7, experts: experts))
        let input = Self.input()
        let quality = input.dimensions[0]
        let panel = try ExpertPanel(
            dimension: "Quality", scale: Self.scale, labels: quality.expertLabels, runRows: Set(input.runRowIDs), combination: experts)
        let rows = (0..<40).map { i in
            CrossFittedMap.Row(id: "r\(i)", score: quality.judge.scores["r\(i)"]?.value ?? .nan, target: panel.expertValue("r\(i)") ?? .nan)
        }
        // Row r5: a 2, b 2, c 1: mean 5/3, median 2.
        #expect(rows[5].target == (experts == .mean ? 5.0 / 3.0 : 2))
        let direct = try CrossFittedMap(rows: rows, folds: 5, seed: 7, bounds: 1...5)
        let d = try #require(file.dimension("Quality"))
        #expect(d.map == direct)
        // The pass maps: each row's value on its nearest level (5/3 → 2, half up), 1 at the pass level or above.
        let passes = try (2...5).map { t in
            let indicators = rows.map { row in
                CrossFittedMap.Row(id: row.id, score: row.score, target: (row.target + 0.5).rounded(.down) >= Double(t) ? 1 : 0)
            }
            return PassMap(level: Double(t), map: try CrossFittedMap(rows: indicators, folds: 5, seed: 7, bounds: 0...1))
        }
        #expect(d.passMaps == passes)
        #expect(d.rows == 40 && d.lowest == 1 && d.highest == 5 && d.map.folds == 5)
        let residuals = rows.map { $0.target - (direct.outOfFold[$0.id] ?? .nan) }
        let oof = (residuals.map { $0 * $0 }.reduce(0, +) / 40).squareRoot()
        let raw = (rows.map { ($0.target - $0.score) * ($0.target - $0.score) }.reduce(0, +) / 40).squareRoot()
        #expect(abs(d.diagnostics.outOfFoldRMSE - oof) < 1e-12 && abs(d.diagnostics.rawRMSE - raw) < 1e-12)
        #expect(abs(d.diagnostics.meanResidual - residuals.reduce(0, +) / 40) < 1e-12)
        // The judge is off by +0.5 on most rows, more where c rated; the map takes the shift away, not c's spread.
        #expect(d.diagnostics.rawRMSE > 0.5 && d.diagnostics.outOfFoldRMSE < d.diagnostics.rawRMSE, "\(d.diagnostics)")
        #expect(file.experts == experts && file.foldsAsked == 5 && file.seed == 7 && file.labelFingerprint == "f00d")
        #expect(file.rubric == "r" && file.rubricTextHash == "abc" && file.run == "planted" && file.judge == Self.judge)
    }

    @Test("Rows left out are counted by why: worked examples, no judge score (failed or not asked), no expert value")
    func leftOut() throws {
        let file = try Self.calibration(.standard)
        #expect(file.dimension("Quality")?.leftOut == CalibrationFile.LeftOut(noExpertValue: 0, noJudgeScore: 2, workedExamples: 2))
        // Tone: 44 labelled rows, 2 worked examples, 39 without a Tone label, 3 fitted: too few.
        let tone = try #require(file.unfitted.first)
        #expect(file.unfitted.count == 1 && tone.name == "Tone" && tone.rows == 3 && tone.rowsNeeded == 4)
        #expect(tone.leftOut == CalibrationFile.LeftOut(noExpertValue: 39, noJudgeScore: 0, workedExamples: 2))
        #expect(file.outcome == .fitted && file.dimension("Tone") == nil)
        let kept = try Self.calibration(try CalibrationSettings(includeExamples: true))
        #expect(kept.dimension("Quality")?.rows == 42 && kept.dimension("Quality")?.leftOut.workedExamples == 0)
        #expect(kept.dimension("Quality")?.map.assignment["e0"] != nil)
    }

    @Test("Fewer than four rows everywhere: no map at all, the outcome too few rows, the rows each needs")
    func tooFew() throws {
        var input = Self.input()
        input.dimensions[0].expertLabels = input.dimensions[0].expertLabels.filter { ["r0", "r1", "r2", "r40"].contains($0.rowID) }
        let file = try CalibrationFile(input, settings: .standard, judge: Self.judge, labelFingerprint: "f", created: Self.created)
        #expect(file.dimensions.isEmpty && file.outcome == .tooFewRows)
        #expect(file.unfitted.map(\.name) == ["Quality", "Tone"] && file.unfitted.map(\.rows) == [3, 3])
        #expect(file.unfitted[0].leftOut.noJudgeScore == 1 && file.unfitted.allSatisfy { $0.rowsNeeded == 4 })
    }

    @Test("Settings refuse the raters' majority and fewer than two folds; a few rows use fewer folds than asked")
    func settings() throws {
        #expect(throws: CalibrationSettingsError.majorityExperts) { try CalibrationSettings(experts: .majority) }
        #expect(throws: CalibrationSettingsError.folds(1)) { try CalibrationSettings(folds: 1) }
        #expect(CalibrationSettings.standard.folds == 5 && CalibrationSettings.standard.experts == .mean)
        let file = try Self.calibration(try CalibrationSettings(folds: 30))
        #expect(file.foldsAsked == 30 && file.dimension("Quality")?.map.folds == 20)
    }

    @Test("The label set's fingerprint is the split record's of the same labels")
    func fingerprint() throws {
        let rubric = try Rubric.load(from: SharedData.projectURL("rubrics/book-tags.md"))
        let labels = try ExpertLabels.load(
            from: ["calibration/book-tags.labels.csv", "calibration/book-tags.labels.expert-b.csv"].map(SharedData.projectURL),
            dimensions: rubric.dimensions)
        let splits = LabelSplits(labels: labels, sheets: [], proportions: try SplitProportions())
        #expect(labels.fingerprint == splits.fingerprint && labels.fingerprint.count == 64)
        let one = try ExpertLabels.load(from: [SharedData.projectURL("calibration/book-tags.labels.csv")], dimensions: rubric.dimensions)
        #expect(one.fingerprint != labels.fingerprint)
    }

    @Test("The report's map table tells close scores apart, and says when fewer folds were used than asked")
    func mapTable() throws {
        // Scores 0.0006 apart whose calibrated values differ (1 and 3): three decimals would print both as 1.894.
        let scores = [1.8936, 1.8942, 1.8942, 2.5, 2.5, 3, 3, 3.5], targets: [Double] = [1, 3, 3, 3, 3, 4, 4, 4]
        let ids = scores.indices.map { "r\($0)" }
        let dimension = AlignmentInput.Dimension(
            name: "Quality", scale: Self.scale,
            judge: JudgeScores(scores: Dictionary(uniqueKeysWithValues: zip(ids, scores.map { JudgeScore($0) }))),
            expertLabels: zip(ids, targets).map { ExpertLabel(rowID: $0, value: $1) })
        let file = try CalibrationFile(
            AlignmentInput(runRowIDs: ids, dimensions: [dimension]), settings: .standard, judge: Self.judge, labelFingerprint: "f")
        let text = file.renderText()
        #expect(text.contains("1.8936       1.000") && text.contains("1.8942       3.000"), "\(text)")
        #expect(text.contains("Quality: 8 rows, 4 folds, fewer than the 5 asked: 8 rows make at most 4 folds of 2 rows or more"), "\(text)")
    }

    @Test("Written and read back whole")
    func roundTrip() throws {
        let file = try Self.calibration(.standard)
        let data = try file.json()
        #expect(String(decoding: data, as: UTF8.self).contains(#""kind" : "judgecal calibration""#))
        let url = try SharedData.temporaryFile(String(decoding: data, as: UTF8.self), named: "c.json", in: "calibration-file")
        let read = try CalibrationFile.load(from: url)
        #expect(read == file)
        #expect(try read.dimension("Quality")?.map.predict(3) == file.dimension("Quality")?.map.predict(3))
    }

    /// The file as a JSON object, edited by `edit`, written pretty-printed (a value a line) to a temporary file.
    static func edited(_ edit: (inout [String: Any]) -> Void) throws -> URL {
        var object = try #require(try JSONSerialization.jsonObject(with: try calibration(.standard).json()) as? [String: Any])
        edit(&object)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        return try SharedData.temporaryFile(String(decoding: data, as: UTF8.self), named: "bad.json", in: "calibration-file")
    }

    /// `object["dimensions"][0]` edited by `edit`.
    static func firstDimension(_ edit: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
        { object in
            var dimensions = object["dimensions"] as? [[String: Any]] ?? []
            edit(&dimensions[0])
            object["dimensions"] = dimensions
        }
    }

    /// `object["dimensions"][0]["map"]` edited by `edit`.
    static func firstMap(_ edit: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
        firstDimension { d in
            var map = d["map"] as? [String: Any] ?? [:]
            edit(&map)
            d["map"] = map
        }
    }

    static var refusals: [(String, (inout [String: Any]) -> Void, String, String)] {
        [
            ("another kind", { $0["kind"] = "judgecal trust certificate" }, "kind", "is not a calibration file"),
            ("no dimensions", { $0["dimensions"] = nil }, "dimensions", "field `dimensions` is missing"),
            ("no dimension", { $0["dimensions"] = [] }, "dimensions", "holds no dimension's map"),
            (
                "a dimension without its map", firstDimension { $0["map"] = nil }, "dimensions[0].map",
                "field `dimensions[0].map` is missing"
            ),
            (
                "a map whose values decrease",
                firstMap { map in
                    var full = map["full"] as? [String: Any] ?? [:]
                    full["values"] = Array((full["values"] as? [Double] ?? []).reversed())
                    map["full"] = full
                }, "dimensions[0].map.full", "not monotone"
            ),
            (
                "a map with more scores than values",
                firstMap { map in
                    var full = map["full"] as? [String: Any] ?? [:]
                    full["thresholds"] = (full["thresholds"] as? [Double] ?? []) + [99]
                    map["full"] = full
                }, "dimensions[0].map.full", "each kept point has one of each"
            ),
            (
                "a fold map missing", firstMap { $0["foldMaps"] = ($0["foldMaps"] as? [Any] ?? []).dropLast().map { $0 } },
                "dimensions[0].map.foldMaps", "4 fold maps for 5 folds"
            ),
            ("a row in no fold", firstMap { $0["assignment"] = ["r0": 7] }, "dimensions[0].map.assignment", "row r0 in fold 7"),
            ("a map that is not an object", firstDimension { $0["map"] = 3 }, "dimensions[0].map", "not of the expected type"),
            (
                "pass maps out of order",
                firstDimension { d in d["passMaps"] = Array((d["passMaps"] as? [Any] ?? []).reversed()) },
                "dimensions[0].passMaps[1].level", "is not above the level before it"
            ),
            (
                "a pass map with its rows in other folds",
                firstDimension { d in
                    var passes = d["passMaps"] as? [[String: Any]] ?? []
                    var map = passes[0]["map"] as? [String: Any] ?? [:]
                    var assignment = map["assignment"] as? [String: Int] ?? [:]
                    if let (id, fold) = assignment.min(by: { $0.key < $1.key }) { assignment[id] = (fold + 1) % 2 }
                    map["assignment"] = assignment
                    passes[0]["map"] = map
                    d["passMaps"] = passes
                }, "dimensions[0].passMaps[0].map.assignment", "puts rows in other folds than its map does"
            ),
        ]
    }

    @Test(
        "Refused with the file, the line and the field: another kind, a missing or empty dimension list, a dimension without its map, a malformed map"
    )
    func refused() throws {
        for (what, edit, column, words) in Self.refusals {
            let url = try Self.edited(edit)
            let error = try #require(throws: InputError.self, "\(what)") { try CalibrationFile.load(from: url) }
            #expect(error.file.hasSuffix("bad.json") && error.line != nil, "\(what): \(error)")
            #expect(error.column == column, "\(what): \(error)")
            #expect(error.message.contains(words), "\(what): \(error)")
        }
        let syntax = try SharedData.temporaryFile("{\n  \"kind\": ", named: "cut.json", in: "calibration-file")
        let error = try #require(throws: InputError.self) { try CalibrationFile.load(from: syntax) }
        #expect(error.line == 2, "\(error)")
    }
}
