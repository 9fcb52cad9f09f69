import Foundation
import Testing
import _TestSupport

/// One statistic vocabulary (issue #34): `align`, `certify`, `compare` and `plan` take the agreement
/// catalogue's names as `agreement` does, and still read the former compact names with a note.
@Suite("The catalogue's statistic names across align, compare, plan and certify; the former names with a note")
struct StatisticVocabularyCommandTests {
    static let scores = "notebooks-data/hanna-judges/Mistral-7B.p1.csv"
    static let labels = "notebooks-data/hanna.labels.csv"
    static let align = [
        "align", "--judge-scores", scores, "--labels", labels, "--means", "--categories", "1,2,3,4,5", "--json", "--no-history",
        "--resamples", "0",
    ]

    @Test(
        "align: each catalogue spelling prints the JSON its former name prints, and only the former name prints a note",
        arguments: [
            (["--statistic", "cohen-kappa", "--weights", "quadratic"], "quadratic-kappa"),
            (["--statistic", "cohen-kappa", "--weights", "linear"], "linear-kappa"),
            (["--statistic", "cohen-kappa"], "kappa"),
            (["--statistic", "krippendorff-alpha", "--metric", "ordinal"], "alpha-ordinal"),
            (["--statistic", "gwet-ac2", "--weights", "quadratic"], "ac2"),
            (["--statistic", "kendall-b"], "kendall"),
        ])
    func alignSpellings(new: [String], former: String) throws {
        let newer = try JudgeCalProcess.run(Self.align + new)
        let older = try JudgeCalProcess.run(Self.align + ["--statistic", former])
        #expect(newer.status == older.status, "\(newer.error)")
        #expect(newer.output == older.output)
        #expect(newer.output.contains(#""statistic" : "\#(former)""#))
        #expect(!newer.error.contains("is now written"), "\(newer.error)")
        #expect(older.error.contains("--statistic \(former) is now written --statistic \(new.dropFirst().joined(separator: " "))"), "\(older.error)")
    }

    @Test("align: no --statistic is quadratic kappa; --weights alone picks the kappa's weights")
    func alignDefaults() throws {
        let quadratic = try JudgeCalProcess.run(Self.align)
        let named = try JudgeCalProcess.run(Self.align + ["--statistic", "cohen-kappa", "--weights", "quadratic"])
        #expect(quadratic.output == named.output)
        let linear = try JudgeCalProcess.run(Self.align + ["--weights", "linear"])
        #expect(linear.output.contains(#""statistic" : "linear-kappa""#), "\(linear.error)")
    }

    @Test("align and certify refuse a statistic no verdict is decided on, naming those it is; a former name with --weights")
    func refusals() throws {
        let unweighted = try JudgeCalProcess.run(Self.align + ["--statistic", "gwet-ac2"])
        #expect(unweighted.status == 64)
        #expect(unweighted.error.contains("no verdict is decided on --statistic gwet-ac2; choose one of cohen-kappa --weights quadratic"))
        #expect(unweighted.error.contains("krippendorff-alpha --metric ordinal, gwet-ac2 --weights quadratic, spearman, kendall-b, pearson"))
        let fleiss = try JudgeCalProcess.run(Self.align + ["--statistic", "fleiss-kappa"])
        #expect(fleiss.status == 64 && fleiss.error.contains("no verdict is decided on --statistic fleiss-kappa"), "\(fleiss.error)")
        let mixed = try JudgeCalProcess.run(Self.align + ["--statistic", "kappa", "--weights", "linear"])
        #expect(mixed.status == 64 && mixed.error.contains("not with the former --statistic kappa"), "\(mixed.error)")
        let certify = try JudgeCalProcess.run([
            "certify", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--labels",
            "calibration/book-tags.labels.csv", "--statistic", "krippendorff-alpha", "--no-history",
        ])
        #expect(certify.status == 64 && certify.error.contains("no verdict is decided on --statistic krippendorff-alpha;"), "\(certify.error)")
        let help = try JudgeCalProcess.run(["certify", "--help"])
        #expect(help.output.contains("--metric <metric>") && help.output.contains("--weights <scheme>"))
    }

    @Test("compare: the catalogue spelling gives the former name's JSON, the former name a note")
    func compare() throws {
        let rows = [("book-001", 2, 4), ("book-003", 3, 3), ("book-005", 4, 4), ("book-006", 4, 4), ("book-007", 1, 2)]
        let control = try IterationCommandTests.judgments("control.judgments.jsonl", model: "big", rows)
        let experimental = try IterationCommandTests.judgments("experimental.judgments.jsonl", model: "small", rows.map { ($0.0, $0.2, $0.1) })
        let common = [
            "compare", IterationCommandTests.run, "--control", IterationCommandTests.rubric, "--labels", IterationCommandTests.labels,
            "--control-judgments", control, "--experimental-judgments", experimental, "--resamples", "0", "--json",
        ]
        let newer = try JudgeCalProcess.run(common + ["--statistic", "cohen-kappa", "--weights", "linear"])
        let older = try JudgeCalProcess.run(common + ["--statistic", "linear-kappa"])
        #expect(newer.status == 0 && newer.output == older.output, "\(newer.error)")
        #expect(older.error.contains("--statistic linear-kappa is now written --statistic cohen-kappa --weights linear"))
    }

    @Test("plan: the kappas by the catalogue's name; anything else refused naming the kappas; no --metric")
    func plan() throws {
        let common = ["plan", "--rubric", "rubrics/book-tags.md", "--replications", "200", "--json", "--ci", "analytic"]
        let newer = try JudgeCalProcess.run(common + ["--statistic", "cohen-kappa", "--weights", "linear"])
        let older = try JudgeCalProcess.run(common + ["--statistic", "linear-kappa"])
        #expect(newer.status == 0 && newer.output == older.output, "\(newer.error)")
        #expect(older.error.contains("--statistic linear-kappa is now written --statistic cohen-kappa --weights linear"))
        let spearman = try JudgeCalProcess.run(common + ["--statistic", "spearman"])
        #expect(spearman.status == 64)
        #expect(
            spearman.error.contains(
                "choose one of cohen-kappa --weights quadratic, cohen-kappa --weights linear, cohen-kappa"), "\(spearman.error)")
        let metric = try JudgeCalProcess.run(common + ["--metric", "ordinal"])
        #expect(metric.status == 64, "\(metric.error)")
    }

    @Test("agreement: --metric is Krippendorff's metric; the former --level gives the same figures with a note")
    func agreementMetric() throws {
        let common = [
            "agreement", "notebooks-data/newsroom-ratings.csv", "--raters", "relevance_1,relevance_2,relevance_3", "-s",
            "krippendorff-alpha", "--json",
        ]
        let newer = try JudgeCalProcess.run(common + ["--metric", "interval"])
        let older = try JudgeCalProcess.run(common + ["--level", "interval"])
        #expect(newer.status == 0 && newer.output == older.output, "\(newer.error)")
        #expect(newer.output.contains(#""interval""#), "\(newer.output)")
        #expect(newer.error.isEmpty, "\(newer.error)")
        #expect(older.error.contains("--level interval is now written --metric interval"), "\(older.error)")
        let both = try JudgeCalProcess.run(common + ["--metric", "interval", "--level", "ordinal"])
        #expect(both.status == 64)
    }
}
