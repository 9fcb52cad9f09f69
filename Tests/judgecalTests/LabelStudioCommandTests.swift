import DataFormats
import Foundation
import Testing
import _TestSupport

private let fixtures = "Tests/Fixtures/label-studio"
private let run = "notebooks-data/book-tags.run.jsonl"
private let rubric = "rubrics/book-tags.md"

/// One labelling session in Label Studio on the rows of `tasks.json`, and the CSV sheet of the labels it leaves.
///
/// Three annotators: ada labels every task (the second one marked ground truth), ben every task (the third one
/// edited after it was submitted), cy skips the first task, labels the others, and labels the fourth twice (the
/// later annotation is the one kept). The sheet holds what the export should read as: the edits and the later
/// annotation, without the skip.
private struct LabellingSession {
    struct Action {
        var annotator: Int
        var row: String
        var choices: [String: String] = [:]
        var edit: [String: String]? = nil
        var skip = false
        var groundTruth = false
        var leadTime: Double
        var note: String? = nil
    }

    static let annotators = ["ada@example.com", "ben@example.com", "cy@example.com"]
    static let levels = ["1", "2", "3", "4"]

    let rows: [(id: String, sampling: [String])]
    let actions: [Action]

    /// The session for tasks whose data are `tasks` (as `extract --label-studio` wrote them, in that order).
    init(tasks: [JSONValue]) throws {
        rows = try tasks.map { task in
            let data = try #require(task["data"])
            return (
                try #require(data["row_id"]?.string),
                try ["inclusion_probability", "sampling_strategy", "sampling_batch", "sampling_stratum", "sampling_check"].map {
                    try #require(data[$0]?.string)
                }
            )
        }
        func level(_ k: Int) -> String { Self.levels[(k % 4 + 4) % 4] }
        var actions: [Action] = []
        for (k, row) in rows.enumerated() {
            let ada = ["Relevance": level(k + 3), "Usefulness": level(k * 2 + 1)]
            actions.append(
                Action(annotator: 0, row: row.id, choices: ada, groundTruth: k == 1, leadTime: 10 + Double(k), note: k == 0 ? "first" : nil)
            )
            let ben = ["Relevance": level(k % 3 == 0 ? k + 2 : k + 3), "Usefulness": level(k * 2 + 1)]
            actions.append(
                Action(
                    annotator: 1, row: row.id, choices: k == 2 ? ["Relevance": "1", "Usefulness": "1"] : ben, edit: k == 2 ? ben : nil,
                    leadTime: 20.5))
            if k == 0 {
                actions.append(Action(annotator: 2, row: row.id, skip: true, leadTime: 3))
                continue
            }
            let cy = ["Relevance": level(k + 3), "Usefulness": level(k % 2 == 0 ? k * 2 + 1 : k * 2)]
            if k == 3 { actions.append(Action(annotator: 2, row: row.id, choices: ["Relevance": "4", "Usefulness": "4"], leadTime: 5)) }
            actions.append(Action(annotator: 2, row: row.id, choices: cy, leadTime: 7.25))
        }
        self.actions = actions
    }

    /// The plan `scripts/label-studio-session.py` posts.
    var plan: JSONValue {
        .object([
            "annotators": .array(
                Self.annotators.enumerated().map { k, email in
                    .object([
                        "email": .string(email), "password": .string("judgecal-pass-\(k)"),
                        "token": .string(String(repeating: "\(k + 1)", count: 8) + "judgecal0test0token0000000000"),
                    ])
                }),
            "actions": .array(
                actions.map { a in
                    var o: [String: JSONValue] = [
                        "annotator": .number(Double(a.annotator)), "row_id": .string(a.row),
                        "choices": .object(a.choices.mapValues(JSONValue.string)), "lead_time": .number(a.leadTime),
                    ]
                    if a.skip { o["skip"] = .bool(true) }
                    if a.groundTruth { o["ground_truth"] = .bool(true) }
                    if let edit = a.edit { o["edit"] = .object(edit.mapValues(JSONValue.string)) }
                    if let note = a.note { o["note"] = .string(note) }
                    return .object(o)
                }),
        ])
    }

    /// The labels the session leaves, as a CSV sheet with a rater column and the tasks' sampling cells.
    var sheet: String {
        var kept: [String: Action] = [:]
        var order: [String] = []
        for action in actions where !action.skip {
            let key = action.row + "\u{0}" + Self.annotators[action.annotator]
            if kept.updateValue(action, forKey: key) == nil { order.append(key) }
        }
        let sampling = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.sampling) })
        var lines = [
            "id,relevance,usefulness,rater,note,inclusion_probability,sampling_strategy,sampling_batch,sampling_stratum,sampling_check"
        ]
        for key in order {
            guard let action = kept[key], let cells = sampling[action.row] else { continue }
            let scores = action.edit ?? action.choices
            lines.append(
                ([action.row, scores["Relevance"] ?? "", scores["Usefulness"] ?? "", Self.annotators[action.annotator], action.note ?? ""]
                    + cells).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A judge's scores on the rows, for align.
    var judgeScores: String {
        (["id,Relevance,Usefulness"]
            + rows.enumerated().map { k, row in "\(row.id),\(Self.levels[(k + 2) % 4]),\(Self.levels[(k * 3) % 4])" })
            .joined(separator: "\n") + "\n"
    }
}

/// `align --json` of the judge scores against `labels`: the report.
private func aligned(labels: String, judge: String) throws -> JSONValue {
    let result = try JudgeCalProcess.run([
        "align", run, "--rubric", rubric, "--judge-scores", judge, "--labels", labels, "--json", "--no-history", "--resamples", "0",
    ])
    try #require([0, 2, 3].contains(result.status), "\(result.error)")
    return try JSONValue.parse(Data(result.output.utf8))
}

/// The export's figures against the sheet's: every dimension of align's report equal, the export's cancelled
/// annotation counted, and `export`'s table carrying the lead times and the ground-truth flag.
private func expectSameFigures(export: String, sheet: String, judge: String) throws {
    let fromExport = try aligned(labels: export, judge: judge)
    let fromSheet = try aligned(labels: sheet, judge: judge)
    let dimensions = try #require(fromExport["dimensions"]?.array)
    #expect(dimensions.count == 2)
    #expect(fromExport["dimensions"] == fromSheet["dimensions"])
    #expect(dimensions.first?["counts"]?["paired"]?.double ?? 0 > 3, "the session should pair several rows")
    #expect(fromExport["info"]?["cancelledAnnotations"]?.double == 1)
    #expect(fromSheet["info"]?["cancelledAnnotations"] == nil)

    let table = try SharedData.temporaryFolder("label-studio-export").appendingPathComponent("tidy.csv")
    let exported = try JudgeCalProcess.run(["export", run, "--rubric", rubric, "--labels", export, "-o", table.path])
    try #require(exported.status == 0, "\(exported.error)")
    #expect(exported.output.contains("; 1 Label Studio annotation was skipped or cancelled and left out."), "\(exported.output)")
    let lines = try String(contentsOf: table, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(lines.first?.hasSuffix(",lead_time,ground_truth") == true)
    #expect(lines.contains { $0.contains(",ada@example.com,expert,") && $0.hasSuffix(",11,true") })
    #expect(lines.contains { $0.contains(",cy@example.com,expert,") && $0.hasSuffix(",7.25,false") })
    #expect(!lines.contains { $0.contains(",cy@example.com,expert,") && $0.hasSuffix(",5,false") }, "the earlier of cy's two is not kept")
}

@Suite("Label Studio: extract writes a project, --labels reads its export")
struct LabelStudioCommandTests {
    @Test("extract --label-studio writes the configuration, the tasks and the instructions for the sheet's rows")
    func extractWritesProject() throws {
        let folder = try SharedData.temporaryFolder("label-studio-extract")
        let sheet = folder.appendingPathComponent("book.labels.csv").path
        let result = try JudgeCalProcess.run([
            "extract", run, "--rubric", rubric, "--output", sheet, "--sample", "8", "--seed", "3", "--label-studio", folder.path,
        ])
        try #require(result.status == 0, "\(result.error)")
        let config = try String(contentsOf: folder.appendingPathComponent("label-config.xml"), encoding: .utf8)
        #expect(config.contains(#"<Choices name="Relevance" toName="target""#))
        #expect(config.contains(#"<Choice value="4" hint="Every tag describes the book itself."/>"#))
        #expect(config.components(separatedBy: "<Choice ").count - 1 == 8)
        #expect(config.contains(#"<Text name="reference_2" value="$reference_2"/>"#))
        let tasks = try #require(try JSONValue.parse(Data(contentsOf: folder.appendingPathComponent("tasks.json"))).array)
        let rows = try CSVReader().read(Data(contentsOf: URL(fileURLWithPath: sheet)), file: sheet)
        let id = try rows.requireColumn(named: "id")
        let pi = try rows.requireColumn(named: "inclusion_probability")
        #expect(tasks.count == 8 && rows.rowCount == 8)
        for (k, task) in tasks.enumerated() {
            #expect(task["data"]?["row_id"]?.string == rows[k, id])
            #expect(task["data"]?["inclusion_probability"]?.string == rows[k, pi])
            #expect(task["data"]?["target"]?.string?.hasPrefix("Title: ") == true)
            #expect(task["data"]?["metadata"] == nil && task["data"]?["response"] == nil, "blinded: only the rendered text")
        }
        let instructions = try String(contentsOf: folder.appendingPathComponent("instructions.html"), encoding: .utf8)
        #expect(instructions.hasPrefix("<p class=\"rubric\">You are judging the tags"))
    }

    @Test("extract --label-studio refuses --raters and a folder that does not exist, writing nothing")
    func extractRefusals() throws {
        let folder = try SharedData.temporaryFolder("label-studio-refusals")
        let sheet = folder.appendingPathComponent("book.labels.csv").path
        let raters = try JudgeCalProcess.run([
            "extract", run, "--rubric", rubric, "--output", sheet, "--raters", "a,b", "--overlap", "2", "--label-studio", folder.path,
        ])
        #expect(raters.status == 64)
        #expect(raters.error.contains("Label Studio assigns tasks to annotators itself"))
        let missing = try JudgeCalProcess.run([
            "extract", run, "--rubric", rubric, "--output", sheet, "--label-studio", folder.appendingPathComponent("absent").path,
        ])
        #expect(missing.status == 73, "\(missing.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "all or none: the sheet is not written either")
    }

    @Test("A real Label Studio export read without the server: align's figures equal those of the same labels as a CSV sheet")
    func recordedExport() throws {
        try expectSameFigures(
            export: "\(fixtures)/book-tags.export.json", sheet: "\(fixtures)/book-tags.labels.csv", judge: "\(fixtures)/judge.csv")
    }

    @Test("An annotator named only by id (the plain export endpoint) is that id; a task's annotations of one annotator keep the latest")
    func annotatorByID() throws {
        let export = try JudgeCalProcess.file(
            "ids.export.json",
            #"[{"id": 2, "data": {"row_id": "book-010"}, "annotations": ["#
                + #"{"id": 5, "completed_by": 7, "updated_at": "2026-01-02T10:00:00.500000Z", "result": "#
                + #"[{"from_name": "relevance", "type": "choices", "value": {"choices": ["3"]}}]}, "#
                + #"{"id": 4, "completed_by": 7, "updated_at": "2026-01-02T09:00:00.000000Z", "result": "#
                + #"[{"from_name": "Relevance", "type": "choices", "value": {"choices": ["1"]}}]}]}]"#)
        let table = export + ".csv"
        let result = try JudgeCalProcess.run(["export", run, "--rubric", rubric, "--labels", export, "-o", table])
        try #require(result.status == 0, "\(result.error)")
        let text = try String(contentsOfFile: table, encoding: .utf8)
        #expect(text.contains("book-010,Relevance,7,expert,3,"), "\(text)")
        #expect(!text.contains("book-010,Relevance,7,expert,1,"))
        #expect(text.contains("book-010,Usefulness,7,expert,,,no-score"))
    }

    @Test(
        "Bad exports are refused with the task, annotation and dimension named, never a crash",
        arguments: [
            (
                #"[{"id": 7, "data": {"text": "another project"}, "annotations": [{"id": 1, "completed_by": 1, "result": []}]}]"#,
                "line 1: task 7 has no data.row_id"
            ),
            (
                #"[{"id": 9, "data": {"row_id": "book-010"}, "annotations": [{"id": 31, "completed_by": {"id": 2, "email": "b@x.org"}, "#
                    + #""result": [{"from_name": "Relevance", "type": "choices", "value": {"choices": ["5"]}}]}]}]"#,
                "column Relevance: task 9, annotation 31 chooses '5' for Relevance, which is not a level of its scale"
            ),
            (
                #"[{"id": 9, "data": {"row_id": "book-010"}, "annotations": [{"id": 31, "completed_by": 2, "#
                    + #""result": [{"from_name": "Clarity", "type": "choices", "value": {"choices": ["2"]}}]}]}]"#,
                "task 9, annotation 31 chooses for Clarity, which is not a dimension of the rubric"
            ),
            ("[{\"id\": 3,\n \"annotations\": [}]", "line 2"),
            (#"{"tasks": []}"#, "is not a Label Studio export; expected a JSON array of tasks"),
            (#"[{"id": 4, "data": {"row_id": "book-010"}}]"#, "task 4 has no annotations list"),
            (#"[{"id": 5, "data": {"row_id": "no-such-row"}, "annotations": []}]"#, "task 5: no-such-row is not a row of the run"),
        ])
    func badExports(export: String, expected: String) throws {
        let file = try JudgeCalProcess.file("bad.export.json", export)
        let result = try JudgeCalProcess.run(["export", run, "--rubric", rubric, "--labels", file, "-o", file + ".csv"])
        #expect(result.status == 65, "\(result.error)")
        #expect(result.error.contains("bad.export.json"), "\(result.error)")
        #expect(result.error.contains(expected), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: file + ".csv"))
    }

    @Test(
        "Round trip on a real Label Studio server: extract's project created, three annotators (a skip, an edit, a second annotation), exported, and align's figures equal the CSV sheet's",
        .tags(.labelStudio), .needs(.labelStudio), .timeLimit(.minutes(20))
    )
    func serverRoundTrip() throws {
        let folder = try SharedData.temporaryFolder("label-studio-round-trip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let extracted = try JudgeCalProcess.run([
            "extract", run, "--rubric", rubric, "--output", folder.appendingPathComponent("book.labels.csv").path, "--sample", "8",
            "--seed", "3", "--label-studio", project.path,
        ])
        try #require(extracted.status == 0, "\(extracted.error)")
        let tasks = try #require(try JSONValue.parse(Data(contentsOf: project.appendingPathComponent("tasks.json"))).array)
        let session = try LabellingSession(tasks: tasks)
        let plan = folder.appendingPathComponent("plan.json")
        try Data(session.plan.compactJSON.utf8).write(to: plan)
        let data = folder.appendingPathComponent("label-studio-data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let export = folder.appendingPathComponent("export.json")
        let port = try ChildProcess(
            command: "python3",
            arguments: ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"]
        ).run()
        try #require(port.status == 0, "\(port.error)")
        let driven = try ChildProcess(
            command: "python3",
            arguments: [
                SharedData.projectURL("scripts/label-studio-session.py").path,
                "--label-studio", SharedData.projectURL(".label-studio/bin/label-studio").path, "--data-dir", data.path,
                "--port", port.output.trimmingCharacters(in: .whitespacesAndNewlines), "--project", project.path, "--plan", plan.path,
                "--export", export.path, "--deadline", "900",
            ],
            workingDirectory: folder, timeout: .seconds(1000)
        ).run()
        try #require(driven.status == 0, "the Label Studio session failed:\n\(driven.error.suffix(6000))")
        let sheet = folder.appendingPathComponent("session.labels.csv")
        try Data(session.sheet.utf8).write(to: sheet)
        let judge = folder.appendingPathComponent("judge.csv")
        try Data(session.judgeScores.utf8).write(to: judge)
        try expectSameFigures(export: export.path, sheet: sheet.path, judge: judge.path)
        // JUDGECAL_RECORD_LABEL_STUDIO=DIR keeps the three files, the fixtures of the test without a server.
        if let record = ProcessInfo.processInfo.environment["JUDGECAL_RECORD_LABEL_STUDIO"], !record.isEmpty {
            for (from, name) in [(export, "book-tags.export.json"), (sheet, "book-tags.labels.csv"), (judge, "judge.csv")] {
                let target = URL(fileURLWithPath: record).appendingPathComponent(name)
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: from, to: target)
            }
        }
    }
}
