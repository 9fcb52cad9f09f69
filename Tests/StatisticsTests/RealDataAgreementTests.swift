import AgreementCoefficients
import DataFormats
import Foundation
import StatisticsCore
import Testing
import _TestSupport

/// Krippendorff's alpha and weighted kappa on real human ratings, against the
/// figures the data sets' authors published and the values recomputed from
/// their files (`shared/data/*/recomputed*.json`).
@Suite("Agreement statistics on real human ratings")
struct RealDataAgreementTests {
    /// A JSON file of the shared data; `recomputed_alpha.json` writes Python's
    /// `NaN` for single-rater sets, which is not JSON, so it is read as null.
    static func json(_ path: String) throws -> JSONValue {
        let text = try String(contentsOf: SharedData.url(path), encoding: .utf8)
        return try JSONDecoder().decode(JSONValue.self, from: Data(text.replacingOccurrences(of: "NaN", with: "null").utf8))
    }

    /// One graded JUDGE-BENCH dimension: the data file, its metric, the key in
    /// `recomputed_alpha.json` and the published alpha (4 decimals).
    struct JudgeBenchDimension: Sendable, CustomTestStringConvertible {
        var file: String
        var metric: String
        var key: String
        var published: Double
        var testDescription: String { key }
    }

    static let judgeBench: [JudgeBenchDimension] = {
        let newsroom = [("Informativeness", 0.2849), ("Relevance", 0.1151), ("Fluency", -0.0158), ("Coherence", 0.0650)]
        let recipes = [
            ("grammar", 0.4151), ("fluency", 0.4324), ("verbosity", 0.3991), ("structure", 0.3986), ("success", 0.3627),
            ("overall", 0.4351),
        ]
        return newsroom.map { JudgeBenchDimension(file: "newsroom__newsroom.json", metric: $0.0, key: "newsroom/\($0.0)", published: $0.1) }
            + recipes.map {
                JudgeBenchDimension(
                    file: "recipe_crowd_sourcing_data__meta_evaluation_recipes.json", metric: $0.0,
                    key: "recipe-crowd-sourcing-data/\($0.0)",
                    published: $0.1)
            }
    }()

    static let newsroom = try? json("data/judge-bench/newsroom__newsroom.json")
    static let recipes = try? json("data/judge-bench/recipe_crowd_sourcing_data__meta_evaluation_recipes.json")

    @Test("JUDGE-BENCH human alpha (ordinal) matches the published figure", arguments: judgeBench)
    func judgeBenchAlpha(_ d: JudgeBenchDimension) throws {
        let file = try #require(d.file.hasPrefix("newsroom") ? Self.newsroom : Self.recipes)
        let annotation = try #require(file["annotations"]?.array?.first { $0["metric"]?.string == d.metric })
        let worst = try #require(annotation["worst"]?.double)
        let best = try #require(annotation["best"]?.double)
        let units = try #require(file["instances"]?.array).map { instance in
            instance["annotations"]?[d.metric]?["individual_human_scores"]?.optionalDoubles ?? []
        }
        let alpha = try KrippendorffAlpha(unitsByRaters: units, scale: CategoryScale(Int(worst)...Int(best)), metric: .ordinal)
        let value = try #require(alpha.alpha.value)
        #expect(abs(value - d.published) <= 5e-5, "\(d.key): \(value) vs published \(d.published)")
        let recomputed = try #require(try Self.json("data/judge-bench/recomputed_alpha.json")[d.key]?["alpha_recomputed"]?.double)
        #expect(abs(value - recomputed) <= 1e-10, "\(d.key): \(value) vs recomputed \(recomputed)")
    }

    /// HANNA's three human rating slots per story for each criterion: 1,056 stories × 3.
    static let hanna: [String: [[Double?]]] = {
        let data = HANNAScores.shared
        var result: [String: [[Double?]]] = [:]
        for criterion in ["RE", "CH", "EM", "SU", "EG", "CX"] {
            let columns = (1...3).compactMap { data.lists["Human \($0) \(criterion)"] }
            var units: [[Double?]] = []
            for row in 0..<data.table.rowCount {
                let slots = columns.map { $0[row] }
                guard let count = slots.first?.count else { continue }
                units += (0..<count).map { story in slots.map { $0.count > story ? $0[story] : nil } }
            }
            result[criterion] = units
        }
        return result
    }()

    @Test("HANNA crowd alpha per criterion matches the recomputed values", arguments: ["RE", "CH", "EM", "SU", "EG", "CX"])
    func hannaAlpha(_ criterion: String) throws {
        let units = try #require(Self.hanna[criterion])
        #expect(units.count == 1056)
        let recomputed = try Self.json("data/hanna/recomputed.json")
        for (metric, key) in [
            (KrippendorffAlpha.Metric.ordinal, "krippendorff_alpha_ordinal_humans"), (.interval, "krippendorff_alpha_interval_humans"),
        ] {
            let alpha = try KrippendorffAlpha(unitsByRaters: units, scale: CategoryScale(1...5), metric: metric)
            let expected = try #require(recomputed[key]?[criterion]?.double)
            let value = try #require(alpha.alpha.value)
            #expect(abs(value - expected) <= 1e-10, "\(criterion) \(key): \(value) vs \(expected)")
        }
        let published = ["RE": 0.165, "CH": -0.054, "EM": 0.117, "SU": 0.015, "EG": 0.167, "CX": 0.266]
        let ordinal = try KrippendorffAlpha(unitsByRaters: units, scale: CategoryScale(1...5), metric: .ordinal).alpha.value
        #expect(abs((ordinal ?? .nan) - (published[criterion] ?? .nan)) <= 5e-4)
    }

    @Test("HANNA quadratic kappa between rating slots, averaged over the three pairs", arguments: ["RE", "CH", "EM", "SU", "EG", "CX"])
    func hannaSlotKappa(_ criterion: String) throws {
        let units = try #require(Self.hanna[criterion])
        var kappas: [Double] = []
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let table = try ContingencyTable(scale: CategoryScale(1...5), first: units.map { $0[a] }, second: units.map { $0[b] })
            kappas.append(try #require(CohenKappa(table, weights: .quadratic).kappa.value))
        }
        let expected = try #require(try Self.json("data/hanna/recomputed.json")["qwk_human_slot_pairs"]?[criterion]?.double)
        #expect(abs(kappas.reduce(0, +) / 3 - expected) <= 1e-10)
    }
}
