import Foundation
import StatisticsCore
import Testing

@Suite("Interval methods: each is written as the words reports have always carried, and read back to itself")
struct IntervalMethodWordsTests {
    static let methods: [(ConfidenceInterval.Method, String)] = [
        (.standardError(.normal), "normal"), (.standardError(.studentT), "studentT"), (.fisherZ, "fisher-z"),
        (.mcGrawWongF, "mcgraw-wong-f"), (.wilson, "wilson"), (.pairedT, "paired-t"),
        (.percentileBootstrap, "percentile-bootstrap"), (.bcaBootstrap, "bca-bootstrap"), (.delta, "delta"),
        (.betaPosterior, "beta-posterior"), (.byJudgeLevel, "by-judge-level"), (.dirichletPosterior, "dirichlet-posterior"),
        (.bonferroni(looks: 12), "bonferroni over 12 looks"),
        (.repeatedConfidence, "repeated (Lan–DeMets Pocock-type spending, SE at the threshold)"),
        (.jackknifeT(degreesOfFreedom: 36), "jackknife-t (SE by leaving out each paired row, t with 36 df)"),
        (.welchSatterthwaite(degreesOfFreedom: 4.37), "welch-satterthwaite-t (4.37 df)"),
        (.welchSatterthwaite(degreesOfFreedom: 1203.05), "welch-satterthwaite-t (1203.05 df)"),
        (
            .describedBootstrap(scheme: "multinomial-table", resamples: 2000, seed: 7, undefinedResamples: 3, bca: false),
            "percentile-bootstrap (multinomial-table, B = 2000, seed 7, 3 undefined resamples excluded)"
        ),
        (
            .describedBootstrap(scheme: "items", resamples: 500, seed: 0, undefinedResamples: 0, bca: true),
            "bca-bootstrap (items, B = 500, seed 0, 0 undefined resamples excluded)"
        ),
        (.horvitzThompsonLinearised(.normal), "horvitz-thompson-linearised (normal)"),
        (.horvitzThompsonLinearised(.studentT), "horvitz-thompson-linearised (t)"),
        (
            .horvitzThompsonBootstrap(resamples: 200, seed: 0),
            "horvitz-thompson-bootstrap (rows with replacement, B = 200, seed 0)"
        ),
    ]

    @Test("Every method's words, and back")
    func roundTrip() throws {
        for (method, words) in Self.methods {
            #expect(method.rawValue == words)
            #expect("\(method)" == words)
            #expect(ConfidenceInterval.Method(rawValue: words) == method)
            let interval = ConfidenceInterval(lower: 0.1, upper: 0.2, level: 0.95, method: method)
            let json = try JSONEncoder().encode(interval)
            #expect(String(decoding: json, as: UTF8.self).contains("\"method\":\"\(words.replacingOccurrences(of: "/", with: "\\/"))\""))
            #expect(try JSONDecoder().decode(ConfidenceInterval.self, from: json) == interval)
        }
    }

    @Test("Words no method writes are kept as written, including near misses of a method's phrase")
    func recorded() {
        for words in ["t", "percentile", "bonferroni over many looks", "percentile-bootstrap (items, B = x, seed 1, 0 undefined resamples excluded)", ""] {
            #expect(ConfidenceInterval.Method(rawValue: words) == .recorded(words))
            #expect(ConfidenceInterval.Method(rawValue: words).rawValue == words)
        }
    }

    @Test("A scheme with a comma survives the round trip")
    func schemeWithComma() {
        let method = ConfidenceInterval.Method.describedBootstrap(
            scheme: "items, grouped", resamples: 10, seed: 1, undefinedResamples: 0, bca: true)
        #expect(ConfidenceInterval.Method(rawValue: method.rawValue) == method)
    }

    @Test("The value ± c·SE interval: the t quantile needs two observations, and the request's quantile is t only for t")
    func standardErrorInterval() throws {
        #expect(ConfidenceInterval(around: 0.5, standardError: 0.1, quantile: .studentT, n: 1, level: 0.95, range: 0...1) == nil)
        let normal = try #require(
            ConfidenceInterval(around: 0.5, standardError: 0.1, quantile: .normal, n: 1, level: 0.95, range: 0...1))
        #expect(abs(normal.upper - (0.5 + 0.1 * NormalDistribution.twoSidedCritical(level: 0.95))) < 1e-15)
        #expect(normal.method == .standardError(.normal))
        #expect(IntervalMethod.allCases.filter { $0.quantile == .studentT } == [.t])
    }
}
