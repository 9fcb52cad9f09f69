import DataFormats
import Foundation
import Judging

extension ExpertLabels {
    /// The keys of a task's `data` that the Label Studio tasks `extract` writes carry besides what the
    /// expert reads: the run row's id, then the five sampling cells, named and written as the CSV
    /// sheet's columns (``LabelSheetColumns/sampling``), so that its check still holds.
    package static let labelStudioRowIDKey = "row_id"

    /// The sentence a report shows for `count` skipped or cancelled Label Studio annotations
    /// (``cancelledAnnotations``): `2 Label Studio annotations were skipped or cancelled and left out.`;
    /// `nil` for none, or when no export was read.
    public static func cancelledSentence(_ count: Int?) -> String? {
        guard let count, count > 0 else { return nil }
        return "\(count) Label Studio \(count == 1 ? "annotation was" : "annotations were") skipped or cancelled and left out."
    }

    /// ``cancelledSentence(_:)`` of these labels' ``cancelledAnnotations``.
    public var cancelledSentence: String? { Self.cancelledSentence(cancelledAnnotations) }

    /// Whether a label file is a Label Studio JSON export rather than a CSV sheet: its name ends in
    /// `.json`, or its first character that is not white space (after a byte-order mark) is `[`,
    /// which no sheet's header starts with.
    static func isLabelStudioExport(_ data: Data, file: String) -> Bool {
        if file.lowercased().hasSuffix(".json") { return true }
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let start = data.starts(with: bom) ? data.index(data.startIndex, offsetBy: 3) : data.startIndex
        let first = data[start...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "[")
    }

    /// Reads a Label Studio JSON export (the project's export in the `JSON` format: an array of
    /// tasks, each with its `data` and its `annotations`), one label per (task, annotator).
    ///
    /// **Rows.** A task's row is `data.row_id`, as the tasks `extract` writes for Label Studio carry
    /// it; a task without one (another project's export) is refused with its task id. With
    /// `data.inclusion_probability` and the other sampling keys the task's sampling is read as a
    /// sheet's sampling columns are, with the same check.
    ///
    /// **Raters.** Each annotator is a rater: `completed_by.email` when the export has it (Label
    /// Studio exports the user as an object), else the user's id (`completed_by` as a number, or
    /// `completed_by.id`).
    ///
    /// **Which annotations.** An annotation with `was_cancelled: true` (the annotator skipped or
    /// cancelled the task) is left out and counted in ``cancelledAnnotations``. When one annotator has
    /// several annotations on a task, the one updated last is kept (`updated_at`, else `created_at`;
    /// Label Studio writes both as UTC ISO 8601 text in one format, so their text orders them; a tie
    /// keeps the later in the file). `predictions` and `drafts` are not labels and are not read.
    ///
    /// **Results.** A result of type `choices` whose `from_name` is a dimension (without regard to
    /// case) gives that dimension's score: its one choice must be a level's label of the dimension's
    /// scale (on a dimension without a declared scale, a number). A `textarea` result named `note`
    /// is the expert's note. `ground_truth` and `lead_time` (seconds) are kept on the label.
    ///
    /// - Throws: ``InputError`` naming the file, the line and the task (and annotation) for JSON that
    ///   does not parse, a document that is not an array of tasks, a task without `annotations` or
    ///   without a row id, a row outside `runIDs`, a `choices` result for a dimension the rubric does
    ///   not have, a choice that is not one of the scale's levels, and an (id, rater) pair given by
    ///   two tasks.
    static func readLabelStudio(
        _ data: Data, file: String, columns: [Column], runIDs: Set<String>?
    ) throws(InputError) -> ExpertLabels {
        let document: JSONValue
        let lines: JSONLines
        do {
            (document, lines) = try JSONValue.parseLocated(data, file: file)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: file, message: "does not read as JSON: \(error)")
        }
        guard let tasks = document.array else {
            throw InputError(
                file: file, line: lines.line(of: ""),
                message: "is not a Label Studio export; expected a JSON array of tasks, each with its data and annotations")
        }
        var reader = LabelStudioReader(file: file, lines: lines, columns: columns, runIDs: runIDs)
        for (index, task) in tasks.enumerated() { try reader.read(task, at: "[\(index)]") }
        guard !reader.labels.isEmpty || reader.cancelled > 0 else {
            throw InputError(file: file, message: "has no annotations; export the project after its tasks are labelled")
        }
        var labels = ExpertLabels(labels: reader.labels, dimensions: columns.map(\.name))
        labels.cancelledAnnotations = reader.cancelled
        return labels
    }
}

/// Reads the tasks of one Label Studio export into labels (``ExpertLabels/readLabelStudio(_:file:columns:runIDs:)``).
private struct LabelStudioReader {
    let file: String
    let lines: JSONLines
    let columns: [ExpertLabels.Column]
    let runIDs: Set<String>?
    var labels: [ExpertLabels.Label] = []
    var cancelled = 0
    /// The task that gave each (id, rater) pair.
    var seen: [String: String] = [:]

    init(file: String, lines: JSONLines, columns: [ExpertLabels.Column], runIDs: Set<String>?) {
        self.file = file
        self.lines = lines
        self.columns = columns
        self.runIDs = runIDs
    }

    func fail(_ path: String, column: String? = nil, _ message: String) -> InputError {
        var probe = path
        while lines.line(of: probe) == nil, let cut = probe.lastIndex(where: { $0 == "." || $0 == "[" }) {
            probe = String(probe[..<cut])
        }
        return InputError(file: file, line: lines.line(of: probe), column: column, message: message)
    }

    /// A string or a number as text (ids are numbers in Label Studio, strings in a run).
    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let s): s
        case .number(let n): n.plainText
        default: nil
        }
    }

    mutating func read(_ task: JSONValue, at path: String) throws(InputError) {
        let taskName = Self.text(task["id"]).map { "task \($0)" } ?? "task \(path)"
        guard let annotations = task["annotations"]?.array else {
            throw fail(
                path,
                "\(taskName) has no annotations list; export the project as Label Studio's JSON (not JSON-MIN or CSV), an array of tasks with their annotations"
            )
        }
        guard let id = Self.text(task["data"]?[ExpertLabels.labelStudioRowIDKey]).map(LabelSheetColumns.id), !id.isEmpty else {
            throw fail(
                path + ".data",
                "\(taskName) has no data.\(ExpertLabels.labelStudioRowIDKey), the run row it shows; import the tasks extract wrote for Label Studio (this export may be another project's)"
            )
        }
        if let runIDs, !runIDs.contains(id) {
            throw fail(path + ".data." + ExpertLabels.labelStudioRowIDKey, "\(taskName): \(id) is not a row of the run")
        }
        // The latest annotation of each annotator, by the order of its timestamp.
        var latest: [String: (stamp: String, label: ExpertLabels.Label)] = [:]
        var order: [String] = []
        for (a, annotation) in annotations.enumerated() {
            let at = path + ".annotations[\(a)]"
            if annotation["was_cancelled"] == .bool(true) {
                cancelled += 1
                continue
            }
            let name = "\(taskName), annotation \(Self.text(annotation["id"]) ?? String(a + 1))"
            guard let rater = Self.rater(annotation["completed_by"]) else {
                throw fail(at, "\(name) has no completed_by; the export should name each annotation's annotator")
            }
            var label = ExpertLabels.Label(
                id: id, rater: rater, scores: [:], file: file, line: lines.line(of: at) ?? lines.line(of: path) ?? 1)
            try readResults(annotation["result"], at: at + ".result", name: name, into: &label)
            if case .bool(let truth) = annotation["ground_truth"] { label.groundTruth = truth }
            label.leadTime = annotation["lead_time"]?.double
            try readSampling(task["data"], at: path + ".data", into: &label)
            let stamp = Self.text(annotation["updated_at"]) ?? Self.text(annotation["created_at"]) ?? ""
            if let earlier = latest[rater] {
                if stamp >= earlier.stamp { latest[rater] = (stamp, label) }
            } else {
                latest[rater] = (stamp, label)
                order.append(rater)
            }
        }
        for rater in order {
            guard let label = latest[rater]?.label else { continue }
            if let first = seen.updateValue(taskName, forKey: id + "\u{0}" + rater) {
                throw InputError(
                    file: file, line: label.line,
                    message: "\(taskName): \(id) was already labelled by \(rater) in \(first); each (id, rater) pair is labelled once")
            }
            labels.append(label)
        }
    }

    /// The annotator's name: `completed_by.email`, else the user's id.
    static func rater(_ user: JSONValue?) -> String? {
        if let email = user?["email"]?.string, !email.isEmpty { return email }
        return text(user?["id"]) ?? text(user)
    }

    /// The scores (and note) of one annotation's results.
    func readResults(_ results: JSONValue?, at path: String, name: String, into label: inout ExpertLabels.Label) throws(InputError) {
        for (r, result) in (results?.array ?? []).enumerated() {
            let at = path + "[\(r)]"
            let from = result["from_name"]?.string ?? ""
            let type = result["type"]?.string?.lowercased()
            if type == "textarea", from == "note" {
                let text = (result["value"]?["text"]?.array ?? []).compactMap(\.string).joined(separator: "\n")
                label.note = text.isEmpty ? nil : text
                continue
            }
            guard type == "choices" else { continue }
            guard let column = columns.first(where: { LabelSheetColumns.columnKey($0.name) == LabelSheetColumns.columnKey(from) }) else {
                throw fail(
                    at + ".from_name", column: from,
                    "\(name) chooses for \(from), which is not a dimension of the rubric (\(columns.map(\.name).joined(separator: ", "))); label with the configuration extract wrote for this rubric"
                )
            }
            let choices = result["value"]?["choices"]?.array?.compactMap(\.string) ?? []
            guard choices.count == 1 else {
                throw fail(
                    at + ".value.choices", column: column.name,
                    "\(name) gives \(choices.count) choices for \(column.name); expected one level of its scale")
            }
            label.scores[column.name] = try score(choices[0], column: column, at: at + ".value.choices", name: name)
        }
    }

    /// A choice's value on the dimension's scale: one of its levels' labels (on a dimension without a scale, a number).
    func score(_ choice: String, column: ExpertLabels.Column, at path: String, name: String) throws(InputError) -> Double {
        guard let scale = column.scale else {
            guard let number = Double(choice), number.isFinite else {
                throw fail(
                    path, column: column.name,
                    "\(name): '\(choice)' is not a number; dimension \(column.name) has no declared scale, so its labels must be numbers")
            }
            return number
        }
        guard let level = scale.level(labelled: choice) else {
            throw fail(
                path, column: column.name,
                "\(name) chooses '\(choice)' for \(column.name), which is not a level of its scale \(scale.summary); label with the configuration extract wrote for this rubric"
            )
        }
        return level.value
    }

    /// The task's sampling keys into `label`, read as a sheet's sampling columns are; none, or all five.
    func readSampling(_ data: JSONValue?, at path: String, into label: inout ExpertLabels.Label) throws(InputError) {
        let names = LabelSheetColumns.sampling
        let cells = names.map { Self.text(data?[$0]).map(LabelSheetColumns.read) }
        guard cells.contains(where: { $0 != nil }) else { return }
        let missing = names.indices.filter { cells[$0] == nil }.map { names[$0] }
        guard missing.isEmpty else {
            throw fail(
                path,
                "task data has some sampling keys but not \(missing.joined(separator: ", ")); import the tasks extract wrote, which have all of them"
            )
        }
        try ExpertLabels.readSampling(into: &label, cells: cells.map { $0 ?? "" }, names: names.map { "data." + $0 })
    }
}
