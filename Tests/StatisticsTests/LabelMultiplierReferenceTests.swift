import Foundation
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// The label multiplier's calibrated R² against numpy (and statsmodels' least squares), on the cases
/// `benchmarks/python/label_multiplier_fixtures.py` generated (`Resources/label-multiplier-fixtures.json`).
enum LabelMultiplierFixtures {
    struct Synthetic: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var expert: [Double]
        var judge: [Double]
        var judgeUnlabelled: [Double]
        var lambda: Double
        var rSquared: Double
        var multiplier: Double
        var olsRSquared: Double
        var testDescription: String { name }
    }

    struct HANNA: Decodable, Sendable, CustomTestStringConvertible {
        var judge: String
        var dimension: String
        var n: Int
        var lambda: Double
        var rSquared: Double
        var multiplier: Double
        var olsRSquared: Double
        var testDescription: String { "\(judge) \(dimension)" }
    }

    struct File: Decodable {
        var synthetic: [Synthetic]
        var hanna: [HANNA]
    }

    static let file: File = {
        let url = SharedData.projectURL("Tests/StatisticsTests/Resources/label-multiplier-fixtures.json")
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read the label multiplier fixtures at \(url.path): \(error)")
        }
    }()

    /// A simple numeric CSV of `notebooks-data` (no quoted fields) as id → column → value; blank cells left out.
    static func read(_ path: String) throws -> [(id: String, values: [String: Double])] {
        let text = try String(contentsOf: SharedData.projectURL(path), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = lines[0]
        return lines.dropFirst().map { cells in
            var values: [String: Double] = [:]
            for (name, cell) in zip(header, cells) { if let v = Double(cell) { values[name] = v } }
            return (cells[0], values)
        }
    }
}

@Suite("The label multiplier: calibrated R² against numpy and statsmodels, edge cases, the paired bootstrap")
struct LabelMultiplierReferenceTests {
    @Test(
        "random sets, some with an unlabelled pool: λ, R² and 1/(1 − R²) equal numpy's to 1e-10, R² never above statsmodels' OLS R²",
        arguments: LabelMultiplierFixtures.file.synthetic)
    func synthetic(_ c: LabelMultiplierFixtures.Synthetic) throws {
        let m = LabelMultiplier(pairs: Array(zip(c.expert, c.judge)).map { ($0, $1) }, judgeUnlabelled: c.judgeUnlabelled, resamples: 0)
        #expect((m.calibratedRSquared.value ?? .nan) <= c.olsRSquared + 1e-12)
        #expect(abs((m.lambda ?? .nan) - c.lambda) < 1e-10)
        #expect(abs((m.calibratedRSquared.value ?? .nan) - c.rSquared) < 1e-10)
        #expect(abs((m.multiplier.value ?? .nan) - c.multiplier) < 1e-9 * c.multiplier)
        #expect(m.multiplier.interval == nil, "no resamples, no interval")
    }

    @Test(
        "HANNA's five judges against the crowd means, each criterion (every row labelled): R² equal numpy's and statsmodels' OLS R² to 1e-10",
        arguments: LabelMultiplierFixtures.file.hanna)
    func hanna(_ c: LabelMultiplierFixtures.HANNA) throws {
        let labels = Dictionary(
            uniqueKeysWithValues: try LabelMultiplierFixtures.read("notebooks-data/hanna.labels.csv").map { ($0.id, $0.values) })
        let scores = try LabelMultiplierFixtures.read("notebooks-data/hanna-judges/\(c.judge).p1.csv")
        let pairs = scores.compactMap { row -> (expert: Double, judge: Double)? in
            guard let x = row.values[c.dimension], (1...5).contains(x), let y = labels[row.id]?[c.dimension] else { return nil }
            return (y, x)
        }
        #expect(pairs.count == c.n)
        let m = LabelMultiplier(pairs: pairs, resamples: 0)
        #expect(abs((m.lambda ?? .nan) - c.lambda) < 1e-10)
        #expect(abs((m.calibratedRSquared.value ?? .nan) - c.rSquared) < 1e-10)
        #expect(abs((m.calibratedRSquared.value ?? .nan) - c.olsRSquared) < 1e-10, "no pool, slope in [0, 1]: least squares")
        #expect(abs((m.multiplier.value ?? .nan) - c.multiplier) < 1e-9)
    }

    @Test("the paired bootstrap: seeded, reproducible, around the estimate; BCa on request")
    func bootstrap() throws {
        let c = try #require(LabelMultiplierFixtures.file.synthetic.first { $0.name == "random-12" })
        let pairs = Array(zip(c.expert, c.judge)).map { ($0, $1) }
        let a = LabelMultiplier(pairs: pairs, resamples: 500, seed: 7)
        let b = LabelMultiplier(pairs: pairs, resamples: 500, seed: 7)
        let other = LabelMultiplier(pairs: pairs, resamples: 500, seed: 8)
        let ci = try #require(a.multiplier.interval)
        let value = try #require(a.multiplier.value)
        #expect(a == b)
        #expect(other.multiplier.interval != ci, "another seed, other resamples")
        #expect(ci.method == .percentileBootstrap && ci.lower < value && value < ci.upper)
        #expect(ci.lower >= 1, "a multiplier is never below 1: λ = 0 is always open to the calibration")
        let bca = LabelMultiplier(pairs: pairs, resamples: 500, seed: 7, bca: true)
        #expect(bca.multiplier.interval?.method == .bcaBootstrap)
        #expect(abs((a.predictedWidthRatio ?? .nan) - (1 - c.rSquared).squareRoot()) < 1e-12)
    }

    @Test("edge cases: too few rows, experts without variation, an exact judge, a constant judge")
    func edges() {
        let levels: [Double] = (0..<20).map { Double($0 % 5) }
        let nine = LabelMultiplier(pairs: levels.prefix(9).map { (expert: $0, judge: $0) })
        #expect(nine.multiplier.undefinedReason?.code == "too-few" && nine.calibratedRSquared.value == nil)
        let flat = LabelMultiplier(pairs: levels.map { (expert: 3, judge: $0) })
        #expect(flat.multiplier.undefinedReason?.code == "no-variation" && flat.lambda == nil)
        let doubled: [(expert: Double, judge: Double)] = levels.map { (expert: $0, judge: 2 * $0 + 1) }
        let exact = LabelMultiplier(pairs: doubled, resamples: 100)
        #expect(abs((exact.calibratedRSquared.value ?? 0) - 1) < 1e-12 && exact.lambda == 0.5)
        #expect(exact.multiplier.value == nil && exact.multiplier.undefinedReason?.code == "unbounded")
        let constant = LabelMultiplier(pairs: levels.map { (expert: $0, judge: 3) }, resamples: 100)
        #expect(constant.lambda == 0 && constant.calibratedRSquared.value == 0 && constant.multiplier.value == 1)
        #expect(constant.multiplier.interval == nil && constant.multiplier.intervalUndefinedReason?.code == "collapsed-interval")
    }
}
