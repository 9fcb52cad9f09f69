import Calibration
import CalibrationData
import DataFormats
import Foundation
import JudgeProbes
import RunInference
import StatisticsCore
import Testing
import _TestSupport

/// A JUnit file read by `benchmarks/python/junit_counts.py`: junitparser's reading of each suite's counts and each case's
/// result, in the environment `scripts/python-reference` makes (the tests that call this need it, and make it first).
private func junitparser(_ file: String) throws -> JSONValue {
    let python = SharedData.projectURL(".python-reference/bin/python")
    try #require(
        FileManager.default.isExecutableFile(atPath: python.path),
        "no Python reference environment: the test needs .needs(.pythonReference), which runs scripts/python-reference")
    let outcome = try ChildProcess(
        executable: python, arguments: [SharedData.projectURL("benchmarks/python/junit_counts.py").path, file]
    ).run()
    try #require(outcome.status == 0, "\(outcome.error)")
    return try JSONDecoder().decode(JSONValue.self, from: Data(outcome.output.utf8))
}

/// The one suite junitparser read, its counts checked against the results of its cases: a reporter trusts the counts.
private func onlySuite(_ file: String) throws -> (counts: [String: Int], cases: [(name: String, result: String, message: String)]) {
    let read = try junitparser(file)
    let suites = try #require(read["suites"]?.array)
    try #require(suites.count == 1, "one <testsuite> per command run")
    let suite = suites[0]
    let cases = (suite["cases"]?.array ?? []).map {
        ($0["name"]?.string ?? "", $0["result"]?.string ?? "", $0["message"]?.string ?? "")
    }
    var counts: [String: Int] = [:]
    for key in ["tests", "failures", "errors", "skipped"] { counts[key] = suite[key]?.double.map { Int($0) } }
    #expect(counts["tests"] == cases.count)
    #expect(counts["failures"] == cases.count { $0.1 == "failure" } && counts["errors"] == cases.count { $0.1 == "error" })
    #expect(counts["skipped"] == cases.count { $0.1 == "skipped" })
    #expect((suite["time"]?.double ?? -1) >= 0, "the suite's time is written")
    return (counts, cases)
}

/// The result a reporter should show for `gate`.
private func result(_ gate: VerdictGate) -> String {
    switch gate {
    case .passes: "passed"
    case .fails: "failure"
    case .undefined: "error"
    case .inconclusive: "skipped"
    }
}

@Suite("Verdicts for CI reporters: --junit read by junitparser, GITHUB_STEP_SUMMARY appended, refusals")
struct VerdictReporterCommandTests {
    static let hanna = [
        "align", "--judge-scores", "notebooks-data/hanna-judges/Mistral-7B.p1.csv", "--labels", "notebooks-data/hanna.labels.csv",
        "--means", "--resamples", "0", "--json",
    ]

    /// `align` on HANNA with `extra`: its report and what junitparser read of its JUnit file, each case matching
    /// the report's dimension and verdict in order.
    func alignHANNA(_ extra: [String], status: Int32) throws -> (report: AlignmentReport, counts: [String: Int], messages: [String]) {
        let junit = try SharedData.temporaryFolder("junit-align").appendingPathComponent("align.xml").path
        let r = try JudgeCalProcess.run(Self.hanna + extra + ["--junit", junit])
        #expect(r.status == status, "\(r.error)")
        let report = try JSONDecoder().decode(AlignmentReport.self, from: Data(r.output.utf8))
        let (counts, cases) = try onlySuite(junit)
        #expect(cases.map(\.name) == report.dimensions.map(\.name))
        #expect(cases.map(\.result) == report.dimensions.map { result($0.verdict.outcome.gate) })
        #expect(zip(cases, report.dimensions).allSatisfy { $0.message.hasPrefix("\($1.verdict.outcome.rawValue): \($1.verdict.reason)") })
        return (report, counts, cases.map(\.message))
    }

    @Test(
        "align on HANNA: every dimension undefined without a scale is an error (exit 4); with one, passes, a failure and skips (exit 2)",
        .needs(.pythonReference))
    func alignOutcomes() throws {
        let undefined = try alignHANNA(["--no-history"], status: 4)
        #expect(undefined.counts == ["tests": 6, "failures": 0, "errors": 6, "skipped": 0])
        #expect(undefined.messages.allSatisfy { $0.contains("has no declared scale") })

        let mixed = try alignHANNA(["--no-history", "--categories", "1,2,3,4,5", "--threshold", "0.17"], status: 2)
        #expect(mixed.counts == ["tests": 6, "failures": 1, "errors": 0, "skipped": 3])
        // A skip says how many more labelled rows would decide it, and every message quotes the interval.
        let skips = zip(mixed.report.dimensions, mixed.messages).filter { $0.0.verdict.outcome == .inconclusive }.map(\.1)
        #expect(skips.count == 3 && skips.allSatisfy { $0.contains("more labelled rows would decide it") }, "\(skips)")
        #expect(mixed.messages.allSatisfy { $0.contains("95% interval [") })
    }

    @Test("A sequential look's cases quote which look it is and its repeated interval", .needs(.pythonReference))
    func sequentialLook() throws {
        let history = try SharedData.temporaryFolder("junit-look").appendingPathComponent("history.jsonl").path
        let look = try alignHANNA(["--categories", "1,2,3,4,5", "--sequential", "3", "--history", history], status: 2)
        #expect(look.report.dimensions.allSatisfy { $0.sequentialLook?.look == 1 })
        #expect(look.messages.allSatisfy { $0.contains("look 1 of at most 3") }, "\(look.messages)")
    }

    @Test(
        "compare: control better is a failure per dimension, the exit code still 0; the other way round, passes",
        .needs(.pythonReference))
    func compare() throws {
        let good = try FrozenJudgeCommandTests.folder("junit-compare").scores
        let worse = try FrozenJudgeCommandTests.folder("junit-compare-worse", shift: 2).scores
        let folder = try SharedData.temporaryFolder("junit-compare-out")
        for (control, experimental, failures) in [(good, worse, 2), (worse, good, 0)] {
            let junit = folder.appendingPathComponent("compare-\(failures).xml").path
            let r = try JudgeCalProcess.run([
                "compare", FrozenJudgeCommandTests.run, "--control", FrozenJudgeCommandTests.rubric, "--control-judgments", control,
                "--experimental-judgments", experimental, "--labels", "calibration/book-tags.labels.csv", "--resamples", "200",
                "--junit", junit, "--json",
            ])
            #expect(r.status == 0, "compare's exit code is not its verdict: \(r.error)")
            let comparison = try JSONDecoder().decode(RubricComparison.self, from: Data(r.output.utf8))
            let (counts, cases) = try onlySuite(junit)
            #expect(counts["tests"] == 2 && counts["failures"] == failures && counts["errors"] == 0, "\(cases)")
            #expect(cases.map(\.result) == comparison.dimensions.map { result($0.verdict.outcome.gate) })
            #expect(cases.allSatisfy { $0.message.contains("experimental − control") && $0.message.contains(" [") })
        }
    }

    @Test(
        "audit: a judge two levels lower fails each dimension, and without a margin is skipped as not graded; eight fresh rows are skipped with the labels they need",
        .needs(.pythonReference))
    func audit() throws {
        let calibration = try AuditCommandTests.calibration()
        let folder = try SharedData.temporaryFolder("junit-audit")
        let failing = folder.appendingPathComponent("fail.xml").path, short = folder.appendingPathComponent("short.xml").path
        let lower = try AuditCommandTests.scores(shift: -2)
        let failed = try AuditCommandTests.audit(
            calibration, labels: try AuditCommandTests.sheet(21...42), scores: lower,
            extra: ["--no-history", "--margin", "0.5", "--junit", failing])
        #expect(failed.status == 2, "\(failed.error)")
        let fail = try onlySuite(failing)
        #expect(fail.counts == ["tests": 2, "failures": 2, "errors": 0, "skipped": 0], "\(fail.cases)")
        #expect(fail.cases.allSatisfy { $0.message.hasPrefix("FAIL; ") && $0.message.contains("mean residual") }, "\(fail.cases)")

        let ungraded = try AuditCommandTests.audit(
            calibration, labels: try AuditCommandTests.sheet(21...42), scores: lower, extra: ["--no-history", "--junit", failing])
        #expect(ungraded.status == 0, "\(ungraded.error)")
        let notGraded = try onlySuite(failing)
        #expect(notGraded.counts == ["tests": 2, "failures": 0, "errors": 0, "skipped": 2], "\(notGraded.cases)")
        #expect(notGraded.cases.allSatisfy { $0.message.hasPrefix("not graded; ") }, "\(notGraded.cases)")

        let few = try AuditCommandTests.audit(
            calibration, labels: try AuditCommandTests.sheet(21...28), scores: try AuditCommandTests.scores(),
            extra: ["--no-history", "--margin", "1", "--junit", short])
        #expect(few.status == 3, "\(few.error)")
        let notEnough = try onlySuite(short)
        #expect(notEnough.counts == ["tests": 2, "failures": 0, "errors": 0, "skipped": 2], "\(notEnough.cases)")
        #expect(notEnough.cases.allSatisfy { $0.message.contains("NOT ENOUGH") && $0.message.contains("more") }, "\(notEnough.cases)")
    }

    @Test(
        "probe against a planted-bias judge: a case per probe and dimension, the biased ones failures (exit 2)",
        .needs(.pythonReference))
    func probe() throws {
        let folder = try SharedData.temporaryFolder("junit-probe")
        let junit = folder.appendingPathComponent("probe.xml").path
        let r = try ProbeServerCommandTests.plantedProbe(in: folder, ["--junit", junit])
        #expect(r.status == 2, "\(r.error)")
        let report = try JSONDecoder().decode(ProbeReport.self, from: Data(r.output.utf8))
        let verdicts = report.probes.flatMap { p in p.dimensions.map { ("\(p.name) / \($0.dimension)", $0.verdict.outcome) } }
        let (counts, cases) = try onlySuite(junit)
        #expect(cases.map(\.name) == verdicts.map(\.0))
        #expect(cases.map(\.result) == verdicts.map { result($0.1.gate) })
        #expect((counts["failures"] ?? 0) >= 1 && cases.contains { $0.name == "length-pad / Relevance" && $0.result == "failure" })
        #expect(cases.allSatisfy { $0.message.contains("shift ") && $0.message.contains("adjusted p") }, "\(cases)")
    }

    @Test("GITHUB_STEP_SUMMARY: the Markdown report is appended, after what the file held, on every run, whatever the verdict")
    func jobSummary() throws {
        let folder = try SharedData.temporaryFolder("job-summary")
        let summary = folder.appendingPathComponent("step-summary.md"), report = folder.appendingPathComponent("report.md")
        try Data("## an earlier step\n".utf8).write(to: summary)
        let arguments = Self.hanna.filter { $0 != "--json" } + ["--no-history", "--categories", "1,2,3,4,5", "--report", report.path]
        let environment = ["NO_COLOR": "1", "GITHUB_STEP_SUMMARY": summary.path]
        let first = try JudgeCalProcess.run(arguments, environment: environment)
        #expect(first.status == 2, "a failing verdict still writes the summary: \(first.error)")
        let markdown = try String(contentsOf: report, encoding: .utf8)
        #expect(markdown.contains("| dimension"), "the report is the Markdown one")
        #expect(try String(contentsOf: summary, encoding: .utf8) == "## an earlier step\n" + markdown + "\n")
        _ = try JudgeCalProcess.run(arguments, environment: environment)
        #expect(try String(contentsOf: summary, encoding: .utf8) == "## an earlier step\n" + markdown + "\n" + markdown + "\n")

        // Without the variable nothing is written there; with it empty, neither.
        try Data().write(to: summary)
        _ = try JudgeCalProcess.run(arguments, environment: ["NO_COLOR": "1", "GITHUB_STEP_SUMMARY": ""])
        #expect(try Data(contentsOf: summary).isEmpty)
    }

    @Test("A job summary or JUnit file that cannot be written is exit 73 before any work, and nothing else is written")
    func unwritable() throws {
        let folder = try SharedData.temporaryFolder("junit-unwritable")
        let junit = folder.appendingPathComponent("align.xml").path
        let unwritable = try SharedData.unwritableFolder() + "/summary.md"
        let r = try JudgeCalProcess.run(
            Self.hanna + ["--no-history", "--junit", junit], environment: ["NO_COLOR": "1", "GITHUB_STEP_SUMMARY": unwritable])
        #expect(r.status == 73, "\(r.error)")
        #expect(r.error.contains("cannot append to the job summary") && r.error.contains(unwritable), "\(r.error)")
        #expect(r.output.isEmpty && !FileManager.default.fileExists(atPath: junit))

        let report = folder.appendingPathComponent("report.md").path
        let missing = try JudgeCalProcess.run(Self.hanna + ["--no-history", "--report", report, "--junit", "/no/such/folder/align.xml"])
        #expect(missing.status == 73 && missing.error.contains("cannot write the JUnit file"), "\(missing.error)")
        #expect(!FileManager.default.fileExists(atPath: report), "all or none")
    }

    @Test(
        "estimate --gate on HANNA's first 100 stories: met, missed, inconclusive and undefined gates, each a JUnit case",
        .needs(.pythonReference))
    func estimateGates() throws {
        let folder = try SharedData.temporaryFolder("junit-estimate")
        let lines = try String(contentsOf: SharedData.projectURL("notebooks-data/hanna.labels.csv"), encoding: .utf8)
            .split(separator: "\n").prefix(101)
        let labels = folder.appendingPathComponent("hanna-100.labels.csv")
        try (lines.joined(separator: "\n") + "\n").write(to: labels, atomically: true, encoding: .utf8)
        let estimate = [
            "estimate", "--judge-scores", "notebooks-data/hanna-judges/ChatGPT.p1.csv", "--labels", labels.path, "--means",
            "--random-sample", "--pass-at", "3", "--json",
        ]
        // Relevance's corrected mean is 2.48 [2.33, 2.62], Coherence's 3.14 [3.04, 3.24], Empathy's 2.30 [2.18, 2.42];
        // without a scale there is no pass rate.
        let gates = "Relevance>=2,Coherence>=4.5,Empathy>=2.2,Surprise:pass-rate>=0.5"
        let junit = folder.appendingPathComponent("estimate.xml").path
        let r = try JudgeCalProcess.run(estimate + ["--gate", gates, "--junit", junit])
        #expect(r.status == 2, "\(r.error)")
        let report = try JSONDecoder().decode(EstimationReport.self, from: Data(r.output.utf8))
        let read = try #require(report.gates)
        #expect(read.map(\.verdict.outcome) == [.met, .missed, .inconclusive, .undefined])
        for (gate, d) in zip(read.prefix(3), ["Relevance", "Coherence", "Empathy"]) {
            let corrected = try #require(report.dimensions.first { $0.name.lowercased() == d.lowercased() }?.mean.corrected.interval)
            #expect(gate.verdict.reason.contains("[\(ReportNumber.number(corrected.lower)), \(ReportNumber.number(corrected.upper))]"))
        }
        let (counts, cases) = try onlySuite(junit)
        #expect(counts == ["tests": 4, "failures": 1, "errors": 1, "skipped": 1])
        #expect(cases.map(\.name) == ["Relevance mean ≥ 2", "Coherence mean ≥ 4.5", "Empathy mean ≥ 2.2", "Surprise pass rate ≥ 0.5"])
        #expect(cases.map(\.result) == read.map { result($0.verdict.outcome.gate) })

        // The worst gate decides the exit code; the figures are those of an estimate without gates.
        let plain = try JudgeCalProcess.run(estimate)
        #expect(plain.status == 0)
        let ungated = try JSONDecoder().decode(EstimationReport.self, from: Data(plain.output.utf8))
        #expect(ungated.gates == nil && ungated.dimensions == report.dimensions)
        #expect(try JudgeCalProcess.run(estimate + ["--gate", "Relevance>=2,Empathy>=2.2"]).status == 3)
        #expect(try JudgeCalProcess.run(estimate + ["--gate", "Relevance<=3"]).status == 0)
        let text = try JudgeCalProcess.run(Array(estimate.dropLast()) + ["--gate", "Coherence>=4.5"])
        #expect(text.output.contains("gate Coherence mean ≥ 4.5: missed, corrected mean 3.14"), "\(text.output)")

        for (gate, message) in [
            ("Relevance>3", "--gate takes dimension>=value"), ("Relevance:median>=3", "--gate takes dimension>=value"),
            ("Relevance>=x", "--gate takes dimension>=value"), ("Relevanse>=3", "a gate names the dimension 'Relevanse'"),
        ] {
            let refused = try JudgeCalProcess.run(estimate + ["--gate", gate])
            #expect(refused.status == 64 && refused.error.contains(message), "\(gate): \(refused.error)")
        }
        let noPassLevel = try JudgeCalProcess.run(estimate.filter { $0 != "--pass-at" && $0 != "3" } + ["--gate", "Relevance:pass-rate>=0.5"])
        #expect(noPassLevel.status == 64 && noPassLevel.error.contains("needs a pass level"), "\(noPassLevel.error)")
    }

    @Test(
        "--junit where it does not apply is a usage error (64), not ignored",
        arguments: [
            (
                [
                    "probe", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--show", "book-001", "--junit",
                    "x.xml",
                ],
                "--junit does not apply with --show"
            ),
            (["estimate", "--judge-scores", "s.csv", "--labels", "l.csv", "--junit", "x.xml"], "--junit applies to estimate only with --gate"),
            (
                hanna + ["--no-history", "--junit", "notebooks-data/hanna.labels.csv"],
                "the JUnit file 'notebooks-data/hanna.labels.csv' is one of this command's inputs"
            ),
            (hanna + ["--no-history", "--junit", "same.xml", "--report", "same.xml"], "is also the report"),
        ])
    func refused(arguments: [String], message: String) throws {
        let r = try JudgeCalProcess.run(arguments)
        #expect(r.status == 64, "\(r.error)")
        #expect(r.error.contains(message), "\(r.error)")
    }
}
