import CalibrationData
import RunImports
import DataFormats
import Foundation
import Testing
import _TestSupport

/// The real log `inspect eval` wrote (Zstandard .eval), Inspect's own `inspect log dump` of it
/// (the .json form), and the .eval re-packed with deflate and stored members: Tests/Fixtures/inspect/README.md.
private let evalLog = SharedData.projectURL("Tests/Fixtures/inspect/booktags.eval")
private let dumpLog = SharedData.projectURL("Tests/Fixtures/inspect/booktags.dump.json")
private let deflateLog = SharedData.projectURL("Tests/Fixtures/inspect/booktags-deflate.eval")

/// Inspect's dump, read as plain JSON: what the import is checked against.
private func dump() throws -> JSONValue {
    try JSONValue.parse(Data(contentsOf: dumpLog))
}

/// The dump with `change` applied to its samples, written to a temporary file and imported.
private func importChanged(_ change: (inout [JSONValue]) -> Void) throws -> FrozenRun {
    guard case .object(var root) = try dump(), var samples = root["samples"]?.array else {
        throw InputError(file: "dump", message: "no samples")
    }
    change(&samples)
    root["samples"] = .array(samples)
    let folder = try SharedData.temporaryFolder("inspect")
    let url = folder.appendingPathComponent("changed.json")
    try Data(JSONValue.object(root).compactJSON.utf8).write(to: url)
    return try RunImporter.importRun(from: url, format: .inspect)
}

/// `value` with `key` set to `new` (a sample is an object).
private func setting(_ value: JSONValue, _ key: String, _ new: JSONValue) -> JSONValue {
    guard case .object(var o) = value else { return value }
    o[key] = new
    return .object(o)
}

@Suite("import --format inspect: Inspect AI logs (.eval archive and .json) into frozen runs")
struct InspectImportTests {
    @Test("The real .eval log gives a row per sample of Inspect's own dump: id, input, target, completion, metadata, scores")
    func rowsMatchInspectsDump() throws {
        let run = try RunImporter.importRun(from: evalLog, format: .inspect, name: "booktags")
        let samples = try #require(try dump()["samples"]?.array)
        #expect(try dump()["results"]?["total_samples"]?.double == Double(run.rows.count))
        #expect(run.rows.map(\.id) == samples.compactMap { $0["id"]?.string })
        #expect(run.rows.count == 5)
        for (row, sample) in zip(run.rows, samples) {
            #expect(row.input == sample["input"])
            #expect(row.expected == sample["target"])
            #expect(row.response == sample["output"]?["completion"])
            #expect(row.metadata["genre"] == sample["metadata"]?["genre"])
            let recorded = try #require(sample["scores"]?["includes"])
            let kept = try #require(row.metadata["inspect"]?["scores"]?["includes"])
            #expect(kept["value"] == recorded["value"])
            #expect(kept["answer"] == recorded["answer"])
            #expect(kept["explanation"] == recorded["explanation"])
            #expect(row.metadata["inspect"]?["epoch"] == .number(1))
        }
        #expect(run.info.info["Model"] == "openai-api/local/SmolLM2-135M-Instruct")
        #expect(run.info.info["InspectVersion"] == "0.3.285")
        #expect(run.info.info["Task"] == "booktags")
        #expect(run.info.info["Status"] == "success")
    }

    @Test("The .eval archive, its deflate/stored re-packing and Inspect's .json dump import to the same run; auto detects both forms")
    func formsAgree() throws {
        let fromEval = try RunImporter.importRun(from: evalLog, format: .inspect, name: "b")
        #expect(try RunImporter.importRun(from: dumpLog, format: .inspect, name: "b").rows == fromEval.rows)
        #expect(try RunImporter.importRun(from: deflateLog, format: .inspect, name: "b").rows == fromEval.rows)
        #expect(try RunImporter.detectFormat(of: evalLog) == .inspect)
        #expect(try RunImporter.detectFormat(of: dumpLog) == .inspect)
        let renamed = try SharedData.temporaryFolder("inspect").appendingPathComponent("log.json")
        try Data(contentsOf: evalLog).write(to: renamed)
        #expect(try RunImporter.detectFormat(of: renamed) == .inspect, "a .eval archive under another name")
    }

    @Test(
        "The scorer's scores become a judge-scores file whose values are Inspect's own reductions (value_to_float) and whose mean is its accuracy"
    )
    func scoresMatchReductions() throws {
        let log = try InspectLog.load(from: evalLog)
        let data = log.judgeScoresJSONLines()
        let folder = try SharedData.temporaryFolder("inspect")
        let url = folder.appendingPathComponent("booktags.scores.jsonl")
        try data.write(to: url)
        let scores = try ExternalJudgeScores.load(from: url)
        #expect(scores.dimensions == ["includes"])
        #expect(log.scoreDimensions == ["includes"])
        let reduced = try #require(try dump()["reductions"]?.array?.first { $0["scorer"]?.string == "includes" }?["samples"]?.array)
        #expect(reduced.count == 5)
        for sample in reduced {
            let id = try #require(sample["sample_id"]?.string)
            #expect(scores.scores["includes"]?[id]?.value == sample["value"]?.double, "\(id)")
            #expect(scores.scores["includes"]?[id]?.rationale == sample["explanation"]?.string)
        }
        let values = scores.scores["includes"]?.values.map(\.value) ?? []
        let accuracy = try #require(try dump()["results"]?["scores"]?.array?.first?["metrics"]?["accuracy"]?["value"]?.double)
        #expect(values.reduce(0, +) / Double(values.count) == accuracy)
    }

    @Test("Score values read as Inspect's value_to_float reads them; what it would only warn about is no score")
    func valueToFloat() {
        let cases: [(JSONValue, Double?)] = [
            (.string("C"), 1), (.string("I"), 0), (.string("P"), 0.5), (.string("N"), 0), (.string("yes"), 1), (.string("False"), 0),
            (.bool(true), 1), (.number(0.25), 0.25), (.string(" 3.5"), 3.5), (.string("nan"), nil), (.string("maybe"), nil),
            (.array([.number(1)]), nil), (.null, nil),
        ]
        for (value, expected) in cases { #expect(InspectLog.number(value) == expected, "\(value)") }
    }

    @Test("Chat-message inputs keep role and content, attachments are put back, several epochs get _epoch_N ids")
    func chatAttachmentsEpochs() throws {
        let run = try importChanged { samples in
            samples[0] = setting(
                samples[0], "input",
                .array([
                    .object([
                        "id": .string("x"), "role": .string("system"), "content": .string("attachment://abc"), "source": .string("input"),
                    ]),
                    .object(["role": .string("user"), "content": .array([.object(["type": .string("text"), "text": .string("hi")])])]),
                ]))
            samples[0] = setting(samples[0], "attachments", .object(["abc": .string("You tag books.")]))
            samples[1] = setting(samples[1], "epoch", .number(2))
            samples[2] = setting(samples[2], "output", .object(["completion": .string("")]))
        }
        #expect(
            run.rows[0].input
                == .array([
                    .object(["role": .string("system"), "content": .string("You tag books.")]),
                    .object(["role": .string("user"), "content": .array([.object(["type": .string("text"), "text": .string("hi")])])]),
                ]))
        #expect(run.rows.map(\.id) == ["b1_epoch_1", "b2_epoch_2", "b3_epoch_1", "b4_epoch_1", "b5_epoch_1"])
        // An empty completion falls back to the last assistant message.
        let samples = try #require(try dump()["samples"]?.array)
        #expect(run.rows[2].response == samples[2]["messages"]?.array?.last?["content"])
    }

    @Test("A failed sample, a sample without id or output, a metadata field 'inspect', no samples: refused, naming the sample")
    func refusals() throws {
        func refusal(_ change: @escaping (inout [JSONValue]) -> Void) -> String {
            do {
                _ = try importChanged(change)
                return "imported"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            refusal { $0[3] = setting($0[3], "error", .object(["message": .string("RuntimeError: boom")])) }.contains(
                "sample b4 failed in Inspect (RuntimeError: boom)"))
        #expect(refusal { $0[1] = setting($0[1], "id", .null) }.contains("samples[1] column id: the sample has no id"))
        #expect(refusal { $0[1] = setting($0[1], "id", .number(2.5)) }.contains("not a string or a whole number"))
        #expect(
            refusal { $0[0] = setting(setting($0[0], "output", .object([:])), "messages", .array([])) }.contains("sample b1 has no output"))
        #expect(refusal { $0[0] = setting($0[0], "metadata", .object(["inspect": .bool(true)])) }.contains("metadata.inspect"))
        #expect(refusal { $0[4] = setting($0[4], "id", .string("b1")) }.contains("b1"))
        #expect(refusal { $0 = [] }.contains("holds no samples"))
        #expect(refusal { $0[2] = setting($0[2], "epoch", .number(1e300)) }.contains("column epoch: expected the epoch"))
        #expect(refusal { $0[0] = .string("not a sample") }.contains("expected a sample object"))
    }
}
