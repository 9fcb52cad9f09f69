import Calibration
import CalibrationData
import CalibrationReports
import DataFormats
import Foundation
import JudgeProbes
import Judging
import LanguageModels

/// The battery through the real HTTP client against `planted_judge_server.py`, a loopback server
/// whose judge carries a planted bias for the `length-pad` probe and run-to-run noise: a smoke
/// run showing that the placebo sees the noise, the planted probe is called biased, and the others
/// are not (docs/PROBES.md).
enum ServerSmoke {
    /// The report's text for a battery of `length-pad`, `injection` and `authority` on `rows`
    /// generated book-tag rows.
    static func run(rows: Int, seed: UInt64) async throws -> String {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", here.appendingPathComponent("planted_judge_server.py").path, "--seed", String(seed)]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw SimulationError("the planted judge server printed no port") }
            first += chunk
        }
        guard let port = Int(String(decoding: first, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw SimulationError("the planted judge server printed no port")
        }
        let model = try OpenAICompatibleModel(
            configuration: .init(baseURL: "http://127.0.0.1:\(port)/v1", model: "planted-judge", structuredOutput: .promptOnly))
        let rubric = try Rubric.load(from: here.appendingPathComponent("../../rubrics/book-tags.md").standardized)
        let made = (0..<rows).map { i in
            FrozenRow(
                id: "row-\(i)",
                input: .object(["title": .string("Book \(i)"), "author": .string("A"), "review": .string("Review \(i).")]),
                response: .object(["tags": .array((0...(i % 4)).map { .string("topic-\(i)-\($0)") })]))
        }
        let run = try FrozenRun(info: RunInfo(name: "planted-smoke"), rows: made)
        let battery = try ProbeBattery(named: ["length-pad", "injection", "authority"], rubric: rubric, field: "response.tags")
        let started = Date()
        let report = try await battery.run(run: run, rubric: rubric, model: model, concurrency: 1)
        return report.renderText() + "\n\(model.statistics.httpRequests) requests in "
            + String(format: "%.1f s", Date().timeIntervalSince(started))
    }
}
