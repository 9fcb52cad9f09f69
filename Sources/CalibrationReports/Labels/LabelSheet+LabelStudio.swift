public import CalibrationData
public import DataFormats
public import Foundation
public import Judging

/// A Label Studio project for a label sheet's rows: its labelling configuration, its tasks and its
/// instructions, the files `extract` writes into a folder for Label Studio
/// (``LabelSheet/labelStudioProject(run:rubric:)``).
///
/// - ``configuration`` (`label-config.xml`): Label Studio's XML labelling configuration. The row is
///   shown as the rubric's templates show it to the judge: each reference under its label, then the
///   target (``Judging/Rubric/content(for:)``); then, per dimension, a header with its name and
///   description and one `<Choices>` group named after the dimension, one `<Choice>` per level of its
///   scale (the level's label as the value, its description as the hint); then a `note` text area.
///   No choice is required: a dimension left unchosen is a missing score, as a blank cell is.
/// - ``tasks`` (`tasks.json`): a JSON array with one task per row of the sheet, in its order, each
///   `{"data": {…}}` holding `row_id` (the run row's id), `target`, `reference_1`, … (the rendered
///   text) and the sheet's five sampling cells under their column names (`inclusion_probability`,
///   `sampling_strategy`, `sampling_batch`, `sampling_stratum`, `sampling_check`) as text, exactly
///   as the CSV sheet writes them, so that their check holds when the export is read back.
/// - ``instructions`` (`instructions.html`): the rubric's instructions as HTML paragraphs, for the
///   project's instructions to annotators (`expert_instruction` in Label Studio's API).
///
/// Blinded as the sheet is: the tasks carry what the rubric's templates render from the row and
/// the row's sampling, never a judge's score.
public struct LabelStudioProject: Sendable, Hashable {
    /// The labelling configuration's file name in the folder.
    public static let configurationFile = "label-config.xml"
    /// The tasks' file name in the folder.
    public static let tasksFile = "tasks.json"
    /// The instructions' file name in the folder.
    public static let instructionsFile = "instructions.html"
    /// The three files' names, in the order ``files(in:)`` gives them.
    public static let fileNames = [configurationFile, tasksFile, instructionsFile]

    /// The labelling configuration (XML).
    public let configuration: String
    /// The tasks to import (a JSON array).
    public let tasks: Data
    /// The rubric's instructions to the annotators (HTML).
    public let instructions: String
    /// How many tasks there are: the sheet's distinct rows.
    public let taskCount: Int

    /// The three files' paths in `folder`, in the order of ``fileNames``.
    public static func paths(in folder: String) -> [String] {
        fileNames.map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
    }

    /// The three files in `folder`, each with its role, for ``DataFormats/StagedOutputs``.
    public func files(in folder: String) -> [(data: Data, path: String, role: String)] {
        zip([Data(configuration.utf8), tasks, Data(instructions.utf8)], Self.paths(in: folder)).map { data, path in
            (data, path, "Label Studio file")
        }
    }

    /// The data keys of the text the annotator reads: `target`, and `reference_1`, … in the rubric's order.
    static func referenceKey(_ k: Int) -> String { "reference_\(k + 1)" }
    static let targetKey = "target"
}

extension LabelSheet {
    /// This sheet's rows as a Label Studio project (``LabelStudioProject``): one task per distinct row
    /// id, in the sheet's order.
    ///
    /// - Parameters:
    ///   - run: the run the sheet was drawn from, whose rows the rubric's templates render.
    ///   - rubric: the rubric: its dimensions (the sheet's, in order), templates and instructions.
    /// - Throws: ``DataFormats/InputError`` naming the rubric when a dimension is named like one of the
    ///   configuration's own elements (`target`, `reference_1`, …, `note`), which Label Studio would
    ///   refuse as a second element of one name; naming the run when a sheet's row is not one of its
    ///   rows; as ``Judging/Rubric/content(for:)`` throws when a template reads a field a row lacks.
    public func labelStudioProject(run: FrozenRun, rubric: Rubric) throws -> LabelStudioProject {
        let own = [LabelStudioProject.targetKey, "note"] + rubric.reference.indices.map(LabelStudioProject.referenceKey)
        if let clash = rubric.dimensions.first(where: { own.contains($0.name.lowercased()) }) {
            throw InputError(
                file: rubric.file,
                message:
                    "the dimension \(clash.name) would share its name with an element of the Label Studio configuration (\(own.joined(separator: ", "))); rename the dimension"
            )
        }
        let positions = Dictionary(run.rows.enumerated().map { ($1.id, $0) }) { first, _ in first }
        let sampling = (columns.count - LabelSheetColumns.sampling.count)..<columns.count
        var seen: Set<String> = []
        var tasks: [JSONValue] = []
        for row in rows where seen.insert(row[0]).inserted {
            guard let position = positions[row[0]] else {
                throw InputError(
                    file: run.info.name, message: "has no row \(row[0]), which the label sheet holds; give the run it was drawn from")
            }
            let content = try rubric.content(for: run.rows[position].json)
            var data: [String: JSONValue] = [
                ExpertLabels.labelStudioRowIDKey: .string(row[0]), LabelStudioProject.targetKey: .string(content.target),
            ]
            for (k, reference) in content.reference.enumerated() {
                data[LabelStudioProject.referenceKey(k)] = .string(reference.text)
            }
            for c in sampling { data[columns[c]] = .string(row[c]) }
            tasks.append(.object(["data": .object(data)]))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return LabelStudioProject(
            configuration: Self.labelStudioConfiguration(rubric),
            tasks: try encoder.encode(JSONValue.array(tasks)) + Data("\n".utf8),
            instructions: Self.paragraphs(rubric.instructions).joined(separator: "\n") + "\n",
            taskCount: tasks.count)
    }

    /// The labelling configuration for `rubric` (``LabelStudioProject/configuration``).
    static func labelStudioConfiguration(_ rubric: Rubric) -> String {
        func a(_ text: String) -> String { "\"" + HTMLEscaping.attribute(text) + "\"" }
        var lines = ["<View>"]
        for (k, reference) in rubric.reference.enumerated() {
            lines.append("  <Header value=\(a(reference.label)) size=\"5\"/>")
            let key = LabelStudioProject.referenceKey(k)
            lines.append("  <Text name=\(a(key)) value=\(a("$" + key))/>")
        }
        lines.append("  <Header value=\"Target\" size=\"4\"/>")
        lines.append("  <Text name=\(a(LabelStudioProject.targetKey)) value=\(a("$" + LabelStudioProject.targetKey))/>")
        for dimension in rubric.dimensions {
            lines.append("  <Header value=\(a(dimension.name)) size=\"4\"/>")
            if !dimension.description.isEmpty { lines.append("  <Header value=\(a(dimension.description)) size=\"6\"/>") }
            lines.append(
                "  <Choices name=\(a(dimension.name)) toName=\(a(LabelStudioProject.targetKey)) choice=\"single-radio\" showInline=\"false\">"
            )
            for level in dimension.scale.levels {
                lines.append("    <Choice value=\(a(level.label)) hint=\(a(level.description))/>")
            }
            lines.append("  </Choices>")
        }
        lines.append("  <Header value=\"Note\" size=\"5\"/>")
        lines.append(
            "  <TextArea name=\"note\" toName=\(a(LabelStudioProject.targetKey)) rows=\"2\" maxSubmissions=\"1\" editable=\"true\"/>")
        lines.append("</View>")
        return lines.joined(separator: "\n") + "\n"
    }
}
