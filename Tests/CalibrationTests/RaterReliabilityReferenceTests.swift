import Calibration
import CalibrationData
import Foundation
import StatisticsCore
import Testing
import _TestSupport

/// Krippendorff's alpha over every rater, and without each, against PyPI `krippendorff` 0.9.0 on HANNA's six
/// criteria (three raters, 1056 stories), Newsroom's four (three raters, 420 summaries) and three seeded random
/// sets with missing labels, read from rater-alpha-fixtures.json (benchmarks/python/rater_alpha_fixtures.py).
@Suite("Krippendorff's alpha over raters against krippendorff")
struct RaterReliabilityReferenceTests {
    struct Case: NamedReferenceCase, CustomTestStringConvertible {
        var name = ""
        var scale: [Double]
        var metric: String
        /// Raters × rows, `nil` where a rater did not label a row.
        var ratings: [[Double?]]
        var alpha: Double
        var without: [Double]
        var testDescription: String { name }

        private enum CodingKeys: String, CodingKey { case scale, metric, ratings, alpha, without }
    }

    static let cases: [Case] = ReferenceFixture.cases("Tests/CalibrationTests/Resources/rater-alpha/rater-alpha-fixtures.json")

    @Test("the fixture holds HANNA's six criteria, Newsroom's four and three random sets, one of them nominal")
    func sets() {
        #expect(Self.cases.count { $0.name.hasPrefix("hanna-") } == 6)
        #expect(Self.cases.count { $0.name.hasPrefix("newsroom-") } == 4)
        #expect(Self.cases.count { $0.name.hasPrefix("random-") } == 3)
        #expect(Self.cases.count { $0.metric == "nominal" } == 1)
        #expect(Self.cases.contains { $0.ratings.contains { $0.contains(nil) } }, "missing labels are exercised")
    }

    @Test("α over every rater and without each equals krippendorff's within 1e-9", arguments: cases)
    func matches(_ reference: Case) throws {
        let scale = CategoryScale(values: reference.scale)
        let reliability = try RaterReliability(raters: Self.raters(reference), labels: Self.labels(reference), scale: scale)
        #expect(reliability.metric == reference.metric)
        #expect(reliability.withoutRater.map(\.rater) == Self.raters(reference))
        let paired = reference.ratings[0].indices.count { u in reference.ratings.count { $0[u] != nil } >= 2 }
        #expect(reliability.alpha.n == paired, "n counts the rows with two labels or more")
        var largest = abs(try #require(reliability.alpha.value) - reference.alpha)
        for (ours, theirs) in zip(reliability.withoutRater, reference.without) {
            largest = max(largest, abs(try #require(ours.alpha.value) - theirs))
        }
        #expect(largest < 1e-9, "largest difference \(largest)")
    }

    @Test("The alignment report carries the same figures, on the random sets with missing labels")
    func throughTheReport() throws {
        for reference in Self.cases where reference.name.hasPrefix("random-") {
            let scale = CategoryScale(values: reference.scale)
            let ids = reference.ratings[0].indices.map { "u\($0)" }
            let labels = Self.labels(reference).flatMap { rater, rows in
                rows.map { ExpertLabel(rowID: $0.key, rater: rater, value: $0.value) }
            }.sorted { ($0.rater, $0.rowID) < ($1.rater, $1.rowID) }
            // The judge gives each row its first label: any judge will do, alpha is the raters' alone.
            let judge = ids.indices.map { u in (ids[u], JudgeScore(reference.ratings.lazy.compactMap { $0[u] }.first ?? 0)) }
            let dimension = AlignmentInput.Dimension(
                name: "q", scale: scale, judge: JudgeScores(scores: Dictionary(uniqueKeysWithValues: judge)), expertLabels: labels)
            let report = try AlignmentReport(AlignmentInput(runRowIDs: ids, dimensions: [dimension]), options: AlignmentSettings(resamples: 0))
            let reliability = try #require(report.dimensions.first?.raterReliability)
            #expect(reliability.raters == Self.raters(reference))
            #expect(abs(try #require(reliability.alpha.value) - reference.alpha) < 1e-9, "\(reference.name)")
            for (ours, theirs) in zip(reliability.withoutRater, reference.without) {
                #expect(abs(try #require(ours.alpha.value) - theirs) < 1e-9, "\(reference.name) without \(ours.rater)")
            }
        }
    }

    static func raters(_ reference: Case) -> [String] { reference.ratings.indices.map { "rater\($0 + 1)" } }

    /// Each rater's labels by row id ("u0", "u1", …).
    static func labels(_ reference: Case) -> [String: [String: Double]] {
        var byRater: [String: [String: Double]] = [:]
        for (r, column) in reference.ratings.enumerated() {
            for (u, value) in column.enumerated() {
                if let value { byRater["rater\(r + 1)", default: [:]]["u\(u)"] = value }
            }
        }
        return byRater
    }
}
