import AgreementCoefficients
import Foundation
import Testing
import _TestSupport

/// The HANNA story-evaluation data: 1056 stories, three crowd ratings per story
/// on six criteria, and LLM judges' ratings under four prompt types, read by
/// the toolkit's CSV reader (``HANNAScores``).
///
/// The data are from Chhun et al. (2022, 2024). See `shared/data/README.md`.
typealias HANNAData = HANNAScores

extension HANNAScores {
    static let judges = ["Beluga-13B", "OrcaPlatypus", "Mistral-7B", "Llama-13B", "ChatGPT"]
}

@Suite("HANNA: story-level correlations of LLM judges with the human mean")
struct HANNACorrelationTests {
    struct Recomputed: Decodable {
        struct Figures: Decodable {
            var story_kendall: Double
            var story_pearson: Double
            var story_spearman: Double
        }
        var llm_vs_human_mean: [String: Figures]
        var llm_cells_outside_1_5: [String: Int]
    }

    static let recomputed: Recomputed = {
        do {
            let data = try Data(contentsOf: SharedData.url("data/hanna/recomputed.json"))
            return try JSONDecoder().decode(Recomputed.self, from: data)
        } catch {
            fatalError("cannot read HANNA recomputed.json: \(error)")
        }
    }()

    /// "Judge|prompt|criterion" keys, 5 judges × 4 prompt types × 6 criteria.
    static let keys = recomputed.llm_vs_human_mean.keys.sorted()

    /// The story-level figures in recomputed.json are over the 960 generated
    /// stories (the 96 human-written ones excluded), the judge's cell (mean of
    /// three runs) against the mean of the three human ratings, with the judge's
    /// failure codes (values below 1) kept as they are, as the authors did.
    @Test("Kendall τ-b, Spearman and Pearson per judge, prompt and criterion match recomputed.json", arguments: keys)
    func storyLevel(key: String) throws {
        let parts = key.split(separator: "|").map(String.init)
        let data = HANNAData.shared
        let judge = try #require(data.columns["\(parts[0]) \(parts[2]) \(parts[1])"], "no column for \(key)")
        let human = data.humanMean(parts[2])
        let generated = data.systems.indices.filter { data.systems[$0] != "Human" }
        #expect(generated.count == 960)
        let x = generated.map { judge[$0] }
        let y = generated.map { human[$0] }
        let expected = try #require(Self.recomputed.llm_vs_human_mean[key])
        let kendall = try #require(try Correlation.kendallTauB(x, y).value)
        let spearman = try #require(try Correlation.spearman(x, y).value)
        let pearson = try #require(try Correlation.pearson(x, y).value)
        #expect(abs(kendall - expected.story_kendall) <= 1e-12, "\(key) τ-b \(kendall) vs \(expected.story_kendall)")
        #expect(abs(spearman - expected.story_spearman) <= 1e-12, "\(key) ρ \(spearman) vs \(expected.story_spearman)")
        #expect(abs(pearson - expected.story_pearson) <= 1e-12, "\(key) r \(pearson) vs \(expected.story_pearson)")
    }

    @Test("The failure codes kept in those figures are counted, as recomputed.json counts them")
    func failureCodes() throws {
        let data = HANNAData.shared
        for judge in HANNAData.judges {
            var outside = 0
            for criterion in HANNAData.criteria {
                for prompt in 1...4 {
                    let column = try #require(data.columns["\(judge) \(criterion) \(prompt)"])
                    #expect(column.count == 1056)
                    outside += column.filter { $0 < 1 || $0 > 5 }.count
                }
            }
            #expect(outside == Self.recomputed.llm_cells_outside_1_5[judge], "\(judge): \(outside) cells off the 1–5 scale")
        }
    }

    @Test("Deleting Mistral-7B's failure-coded stories changes its CH τ-b (0.2221 → 0.2192, scipy)")
    func failureCodesMatter() throws {
        let data = HANNAData.shared
        let judge = try #require(data.columns["Mistral-7B CH 1"])
        let human = data.humanMean("CH")
        let generated = data.systems.indices.filter { data.systems[$0] != "Human" }
        let x: [Double?] = generated.map { judge[$0] >= 1 ? judge[$0] : nil }
        let y: [Double?] = generated.map { human[$0] }
        let kept = try Correlation.kendallTauB(generated.map { judge[$0] }, generated.map { human[$0] })
        let deleted = try Correlation.measure(.kendallTauB, x, y)
        #expect(deleted.excludedPairs == 28)
        #expect(abs(try #require(kept.value) - 0.2221050728296247) <= 1e-12)
        #expect(abs(try #require(deleted.value) - 0.21918361843166836) <= 1e-12)
    }
}
