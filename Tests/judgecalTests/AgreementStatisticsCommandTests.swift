import DataFormats
import EvaluationCore
import Foundation
import Testing
import _TestSupport

private let newsroom = "notebooks-data/newsroom-ratings.csv"
private let informativeness = "informativeness_1,informativeness_2,informativeness_3"

/// The first result of `judgecal … --json`.
private func firstResult(_ arguments: [String]) throws -> JSONValue? {
    let r = try JudgeCalProcess.run(arguments + ["--json"])
    #expect(r.status == 0, "\(r.error)")
    return try JSONDecoder().decode(JSONValue.self, from: Data(r.output.utf8))["results"]?.array?.first
}

/// Writes a reference case's k×k table as a `--table` CSV, categories 1…k.
private func tableFile(_ reference: ReferenceCase) throws -> String {
    let rows = reference.data["table"]?.array?.map { $0.array?.compactMap(\.double).map { String(Int($0)) } ?? [] } ?? []
    let header = "," + (1...rows.count).map(String.init).joined(separator: ",")
    let body = rows.enumerated().map { "\($0.offset + 1)," + $0.element.joined(separator: ",") }
    return try JudgeCalProcess.file("\(reference.id).csv", ([header] + body).joined(separator: "\n") + "\n")
}

private func reference(_ id: String) throws -> ReferenceCase {
    try #require(ReferenceVectors.all.first { $0.id == id }, "no reference case \(id)")
}

@Suite("judgecal agreement: every statistic against published values")
struct AgreementStatisticsCommandTests {
    @Test("Cohen's kappa on Artstein & Poesio (2008) table 1 through --table: 0.348")
    func kappaTable() throws {
        let ref = try reference("cohen_kappa_artstein_poesio_2008_table1")
        let result = try firstResult(["agreement", try tableFile(ref), "--table", "-s", "cohen-kappa"])
        let value = try #require(result?["value"]?.double)
        #expect(abs(value - (ref.expected.double ?? .nan)) <= ref.tolerance)
        #expect(result?["n"] == .number(100))
        #expect(result?["se"]?.double != nil, "the analytic SE is reported even without --ci")
        #expect(result?["ci"] == .null)
    }

    @Test("--ci t on the SAS table: irrCAC's t(n−1) interval (0.194207, 0.774119); --ci analytic: SAS's normal upper 0.7547")
    func kappaIntervals() throws {
        let ref = try reference("cohen_kappa_sas_table10_ci95_t_dist")
        let path = try tableFile(ref)
        let t = try firstResult(["agreement", path, "--table", "-s", "cohen-kappa", "--ci", "t"])
        let expected = ref.expected.array?.compactMap(\.double) ?? []
        #expect(abs((t?["ci"]?["lower"]?.double ?? .nan) - expected[0]) < 1e-6)
        #expect(abs((t?["ci"]?["upper"]?.double ?? .nan) - expected[1]) < 1e-6)
        let normal = try firstResult(["agreement", path, "--table", "-s", "cohen-kappa", "--ci", "analytic"])
        #expect(abs((normal?["ci"]?["upper"]?.double ?? .nan) - 0.7547) < 5e-5)
        #expect(abs((normal?["se"]?.double ?? .nan) - 0.1380) < 5e-5)
    }

    @Test("--ci bootstrap through the table: SE near numpy's 0.143 (±0.008), and the same seed gives the same output")
    func bootstrap() throws {
        let ref = try reference("bootstrap_se_kappa_sas_table10")
        let path = try tableFile(ref)
        let arguments = ["agreement", path, "--table", "-s", "cohen-kappa", "--ci", "bootstrap", "--resamples", "4000", "--seed", "11"]
        let first = try JudgeCalProcess.run(arguments + ["--json"])
        let again = try JudgeCalProcess.run(arguments + ["--json"])
        #expect(first.output == again.output)
        let result = try firstResult(arguments)
        #expect(abs((result?["se"]?.double ?? .nan) - (ref.expected.double ?? .nan)) <= ref.tolerance)
        #expect(result?["ci"]?["method"] == .string("percentile-bootstrap"))
        let other = try JudgeCalProcess.run([
            "agreement", path, "--table", "-s", "cohen-kappa", "--ci", "bootstrap", "--seed", "12", "--json",
        ])
        #expect(other.output != first.output)
    }

    @Test("resamples where kappa is undefined are counted: nine 0s and one 1 leave out the 1 in 0.9¹⁰ ≈ 35% of draws")
    func undefinedResamples() throws {
        let path = try JudgeCalProcess.file("rare.csv", ",0,1\n0,9,0\n1,0,1\n")
        let result = try firstResult(["agreement", path, "--table", "-s", "cohen-kappa", "--ci", "bootstrap", "--seed", "2"])
        let undefined = try #require(result?["undefined-resamples"]?.double)
        #expect(abs(undefined - 2000 * pow(0.9, 10)) < 100, "binomial sd ≈ 21 around 697")
        #expect(result?["value"]?.double == 1)
    }

    @Test("alpha's bootstrap through the table (with --categories) and through the items (without) estimate the same SE")
    func bootstrapPaths() throws {
        let base = [
            "agreement", newsroom, "-r", "informativeness_1,informativeness_2", "-s", "krippendorff-alpha", "--level", "ordinal", "--ci",
            "bootstrap", "--seed", "1",
        ]
        let table = try firstResult(base + ["-c", "1,2,3,4,5"])
        let items = try firstResult(base)
        #expect(table?["value"] == items?["value"], "declaring unused categories does not change alpha")
        let a = try #require(table?["se"]?.double)
        let b = try #require(items?["se"]?.double)
        #expect(a != b, "different draws")
        #expect(abs(a - b) < 0.004, "\(a) vs \(b): two estimates of one SE, each with Monte Carlo error about 0.0007")
    }

    @Test("Newsroom informativeness, three annotators: ordinal alpha 0.2849 (JUDGE-BENCH's published figure)")
    func newsroomAlpha() throws {
        let result = try firstResult(["agreement", newsroom, "-r", informativeness, "-s", "krippendorff-alpha", "--level", "ordinal"])
        #expect(abs((result?["value"]?.double ?? .nan) - 0.2849) < 5e-5)
        #expect(result?["n"] == .number(1260), "n counts pairable values: 420 items × 3")
    }

    @Test("undefined kappa: value null with its reason in JSON, and a note in the table")
    func undefinedKappa() throws {
        let path = try JudgeCalProcess.file("one.csv", ",1,2\n1,7,0\n2,0,0\n")
        let result = try firstResult(["agreement", path, "--table", "-s", "cohen-kappa", "--ci", "analytic"])
        #expect(result?["value"] == .null)
        #expect(result?["se"] == .null)
        #expect(result?["ci"] == .null)
        #expect(result?["n"] == .number(7))
        #expect(result?["undefined"]?["code"] == .string("no-variation"))
        let text = try JudgeCalProcess.run(["agreement", path, "--table", "-s", "cohen-kappa"])
        #expect(text.output.contains("chance agreement p_e = 1"))
    }

    @Test(
        "weighted kappa and AC2 on the two-rater path agree with the library's multi-rater statistics ordering: quadratic > linear > none")
    func weights() throws {
        let pair = "informativeness_1,informativeness_2"
        let values = try ["none", "linear", "quadratic"].map { w in
            try firstResult(["agreement", newsroom, "-r", pair, "-s", "cohen-kappa", "-c", "1,2,3,4,5", "--weights", w])?["value"]?.double
                ?? .nan
        }
        #expect(values[0] < values[1] && values[1] < values[2], "\(values)")
    }

    @Test("multi-rater statistics on Newsroom are defined, in range, and ICC forms differ: C,k ≥ A,1")
    func multiRater() throws {
        for statistic in ["fleiss-kappa", "gwet-ac1", "randolph-kappa"] {
            let result = try firstResult(["agreement", newsroom, "-r", informativeness, "-s", statistic, "-c", "1,2,3,4,5"])
            let value = try #require(result?["value"]?.double, "\(statistic)")
            #expect(value > -1 && value < 1)
            #expect(result?["n"] == .number(420))
        }
        let single = try firstResult(["agreement", newsroom, "-r", informativeness, "-s", "icc", "--ci", "analytic"])
        let average = try firstResult(["agreement", newsroom, "-r", informativeness, "-s", "icc", "--icc-form", "C,k"])
        let a1 = try #require(single?["value"]?.double)
        #expect(try #require(average?["value"]?.double) > a1)
        #expect((single?["ci"]?["lower"]?.double ?? .nan) < a1)
    }

    @Test("percent: exact per pair, within ±1 is higher; over three raters the pairwise row averages the pairs, all-agree is below each")
    func percent() throws {
        let exact = try JudgeCalProcess.run(["agreement", newsroom, "-r", informativeness, "-s", "percent", "-c", "1,2,3,4,5", "--json"])
        let results = try JSONDecoder().decode(JSONValue.self, from: Data(exact.output.utf8))["results"]?.array ?? []
        #expect(results.count == 5)
        let pairs = results.prefix(3).compactMap { $0["value"]?.double }
        let pairwise = try #require(results[3]["value"]?.double)
        #expect(abs(pairwise - pairs.reduce(0, +) / 3) < 1e-12, "with complete data the pairwise definition is the mean over pairs")
        #expect(results[4]["measure"] == .string("all raters agree"))
        let allAgree = try #require(results[4]["value"]?.double)
        #expect(pairs.allSatisfy { allAgree <= $0 }, "every item where all three agree is one where each pair agrees")
        let within = try firstResult([
            "agreement", newsroom, "-r", "informativeness_1,informativeness_2", "-s", "percent", "-c", "1,2,3,4,5", "--tolerance", "1",
        ])
        #expect(within?["measure"] == .string("within ±1"))
        #expect((within?["value"]?.double ?? 0) > pairs[0])
    }

    @Test("correlations per group and their mean over the groups where defined (a constant group is skipped)")
    func groupedCorrelation() throws {
        let path = try JudgeCalProcess.file("g.csv", "id,a,b,g\n1,1,2,x\n2,2,3,x\n3,3,3,x\n4,1,1,y\n5,2,1,y\n6,3,3,y\n7,1,1,z\n8,1,1,z\n")
        let r = try JudgeCalProcess.run(["agreement", path, "-r", "a,b", "-s", "spearman", "-g", "g", "--json"])
        let results = try JSONDecoder().decode(JSONValue.self, from: Data(r.output.utf8))["results"]?.array ?? []
        #expect(results.count == 4)
        #expect(results[2]["value"] == .null)
        let mean = results[3]
        #expect(mean["group"] == .string("(mean over groups)"))
        #expect(mean["n"] == .number(2))
        let perGroup = results.prefix(2).compactMap { $0["value"]?.double }
        #expect(abs((mean["value"]?.double ?? .nan) - perGroup.reduce(0, +) / 2) < 1e-12)
    }
}
