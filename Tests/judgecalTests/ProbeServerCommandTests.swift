import Calibration
import CalibrationReports
import Foundation
import JudgeProbes
import Testing
import _TestSupport

@Suite("judgecal probe against a planted-bias loopback judge, and judgecal report on what it saved")
struct ProbeServerCommandTests {
    /// `probe --probe length-pad,authority --json` on the book tags against the planted judge, with `extra`, its cache in `folder`.
    ///
    /// No noise, so the placebo repeats every score; half the padded rows move one level up (seeded, one call at
    /// a time, so the same rows every run).
    static func plantedProbe(in folder: URL, _ extra: [String]) throws -> JudgeCalProcess {
        let server = try LoopbackServer(
            script: "benchmarks/ProbeSimulation/planted_judge_server.py", arguments: ["--noise", "0", "--bias", "0.5", "--seed", "3"])
        defer { server.stop() }
        return try JudgeCalProcess.run([
            "probe", "notebooks-data/book-tags.run.jsonl", "--rubric", "rubrics/book-tags.md", "--probe", "length-pad,authority",
            "--field", "response.tags", "--base-url", "http://127.0.0.1:\(server.port)/v1", "--model", "planted-judge",
            "--cache", folder.appendingPathComponent("cache.sqlite").path, "--concurrency", "1", "--json", "--no-history",
        ] + extra)
    }

    @Test("length-pad is flagged biased higher, authority is not: exit 2; the saved JSON re-renders as text and a page")
    func plantedBias() throws {
        let folder = try SharedData.temporaryFolder("probe-cli")
        let saved = folder.appendingPathComponent("probe.json").path
        let r = try Self.plantedProbe(in: folder, ["--report", saved])
        #expect(r.status == 2, "\(r.error)")
        let report = try JSONDecoder().decode(ProbeReport.self, from: Data(r.output.utf8))
        #expect(report.placebo.isDeterministic)
        let pad = try #require(report.probes.first { $0.name == "length-pad" })
        #expect(pad.verdict.outcome == .biasedHigher, "\(pad.verdict.reason)")
        #expect(pad.dimensions.first { $0.dimension == "Relevance" }?.verdict.outcome == .biasedHigher)
        #expect(report.probes.first { $0.name == "authority" }?.verdict.outcome == .noEffectDetected)

        let page = folder.appendingPathComponent("probe.html").path
        let shown = try JudgeCalProcess.run(["report", saved, "--text", "--html", page])
        #expect(shown.status == 0, "\(shown.error)")
        #expect(shown.output.hasPrefix(report.renderText()))
        #expect(try String(contentsOfFile: page, encoding: .utf8) == report.renderHTML())
    }
}
