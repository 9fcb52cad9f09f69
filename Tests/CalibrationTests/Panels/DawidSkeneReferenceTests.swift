import AgreementCoefficients
import DataFormats
import Foundation
import StatisticsCore
import Testing
import _TestSupport

/// Dawid–Skene against crowd-kit's `DawidSkene` (1.4.2, its defaults) on three multi-rater sets: HANNA's
/// three crowd raters, Newsroom's three raters and a seeded random set with missing ratings and an
/// unused category, read from dawid-skene-fixtures.json (benchmarks/python/dawid_skene_fixtures.py).
@Suite("Dawid–Skene against crowd-kit")
struct DawidSkeneReferenceTests {
    struct Case: NamedReferenceCase, CustomTestStringConvertible {
        var name = ""
        var scale: [Double]
        var ratings: [[Double?]]
        var observedCategories: [Double]
        var posteriors: [[Double]?]
        var priors: [Double]
        /// Per rater: the category given (as text) → the probabilities over the observed categories.
        var errors: [[String: [Double]]]
        var iterations: Int
        var testDescription: String { name }

        private enum CodingKeys: String, CodingKey {
            case scale, ratings, observedCategories, posteriors, priors, errors, iterations
        }
    }

    static let cases: [Case] = ReferenceFixture.cases("Tests/CalibrationTests/Resources/dawid-skene/dawid-skene-fixtures.json")

    @Test("the fixture holds the three sets")
    func threeSets() {
        #expect(Self.cases.map(\.name) == ["hanna-coherence", "newsroom-coherence", "random-missing"])
    }

    @Test("posteriors, confusion matrices, priors and iterations equal crowd-kit's within 1e-6", arguments: cases)
    func matchesCrowdKit(_ reference: Case) throws {
        let scale = CategoryScale(values: reference.scale)
        let model = try DawidSkene(scale: scale, ratings: reference.ratings)
        let observed = reference.observedCategories.compactMap { scale.index(of: $0) }
        #expect(observed.count == reference.observedCategories.count)
        #expect(model.observedCategories == observed.sorted(), "crowd-kit lists the labels in order of first appearance")
        #expect(model.iterations == reference.iterations)
        var largest = 0.0
        func compare(_ ours: Double, _ theirs: Double) { largest = max(largest, abs(ours - theirs)) }
        for (mine, theirs) in zip(model.posteriors, reference.posteriors) {
            let mine = try #require(mine), theirs = try #require(theirs)
            for (i, c) in observed.enumerated() { compare(mine[c], theirs[i]) }
            #expect(mine.indices.filter { !observed.contains($0) }.allSatisfy { mine[$0] == 0 })
        }
        for (i, c) in observed.enumerated() { compare(model.priors[c], reference.priors[i]) }
        for (w, matrix) in reference.errors.enumerated() {
            for (given, row) in matrix {
                let k = try #require(Double(given).flatMap { scale.index(of: $0) })
                for (i, c) in observed.enumerated() { compare(model.errors[w][k][c], row[i]) }
            }
            let unused = scale.values.indices.filter { k in !matrix.keys.contains(scale.values[k].plainText) }
            #expect(unused.allSatisfy { model.errors[w][$0].allSatisfy { $0 == 0 } })
        }
        #expect(largest < 1e-6, "largest difference \(largest)")
    }
}

@Suite("Dawid–Skene on small cases")
struct DawidSkeneTests {
    @Test("unanimous raters: the posterior is sure of their category, and the matrices are the identity")
    func unanimous() throws {
        let ratings: [[Double?]] = [[1, 2, 2, 1], [1, 2, 2, 1], [1, 2, 2, 1]]
        let model = try DawidSkene(scale: CategoryScale(1...3), ratings: ratings)
        #expect(model.observedCategories == [0, 1])
        #expect((0..<4).map(model.mostProbableCategory) == [1, 2, 2, 1])
        #expect(abs((model.posteriors[0]?[0] ?? 0) - 1) < 1e-9)
        #expect(model.posteriors.allSatisfy { $0?[2] == 0 })
        #expect(abs(model.errors[0][0][0] - 1) < 1e-9 && model.errors[0][1][0] < 1e-9)
        #expect(abs(model.priors[0] - 0.5) < 1e-9 && model.priors[2] == 0)
        #expect(model.converged)
    }

    @Test("a reliable rater outweighs two who contradict each other")
    func reliableRaterWins() throws {
        // Rater 1 gives the truth; raters 2 and 3 each give the other category half the time.
        let truth: [Double] = [1, 1, 1, 1, 2, 2, 2, 2, 1, 2, 1, 2]
        let noisy: [Double] = [1, 2, 1, 2, 2, 1, 2, 1, 2, 1, 1, 2]
        let model = try DawidSkene(scale: CategoryScale(1...2), ratings: [truth, noisy, noisy.map { 3 - $0 }])
        #expect(truth.indices.map(model.mostProbableCategory) == truth)
    }

    @Test("missing ratings: an item nobody rated has no posterior, one rater's item follows that rater")
    func missing() throws {
        let ratings: [[Double?]] = [[1, 2, nil, 2], [1, 2, nil, nil]]
        let model = try DawidSkene(scale: CategoryScale(1...2), ratings: ratings)
        #expect(model.posteriors[2] == nil)
        #expect(model.mostProbableCategory(item: 2) == nil)
        #expect(model.mostProbableCategory(item: 3) == 2)
        #expect(abs(model.priors.reduce(0, +) - 1) < 1e-12)
    }

    @Test("a tie between categories has no most probable category")
    func tie() throws {
        let model = try DawidSkene(scale: CategoryScale(1...2), ratings: [[1, 2], [2, 1]])
        #expect(model.mostProbableCategory(item: 0) == nil)
    }

    @Test("a rating off the scale is an error naming its item and rater")
    func offScale() {
        #expect(throws: RatingError.self) { try DawidSkene(scale: CategoryScale(1...3), ratings: [[1, 2], [1, 7]]) }
        do {
            _ = try DawidSkene(scale: CategoryScale(1...3), ratings: [[1, 2], [1, 7]])
        } catch {
            #expect(error.message == "rating 7 of rater 2 at position 2 is not on the scale 1, 2, 3")
        }
    }
}
