public import DataFormats
import Foundation

/// HANNA's story ratings (Chhun et al. 2022, 2024): `shared/data/hanna/hanna_metric_scores_llm.csv`,
/// read by the toolkit's ``CSVReader``.
///
/// The file has one row per system (the first column, `Model`; `Human` for the
/// human-written stories) and, in every other column, a JSON list of that
/// system's 96 story values: three crowd ratings per criterion (`Human 1 RE`…),
/// each LLM judge's score per criterion and prompt type (`Beluga-13B RE 1`…) and
/// automatic metrics. 11 systems × 96 stories = 1056 stories.
/// See `shared/data/README.md`.
public struct HANNAScores: Sendable {
    /// The file as read.
    public let table: RecordTable
    /// Column name → the list in each row's cell, one list per system in file order.
    public let lists: [String: [[Double]]]
    /// Column name → every story's value, the rows' lists concatenated in file order.
    public let columns: [String: [Double]]
    /// The system of each story, in the order of ``columns``.
    public let systems: [String]

    /// The six criteria: relevance, coherence, empathy, surprise, engagement, complexity.
    public static let criteria = ["RE", "CH", "EM", "SU", "EG", "CX"]

    /// The file in the shared folder, read once.
    public static let shared: HANNAScores = {
        do {
            return try HANNAScores(table: SharedData.csv("data/hanna/hanna_metric_scores_llm.csv"))
        } catch {
            fatalError("cannot read HANNA: \(error)")
        }
    }()

    /// Reads the lists of `table`, whose first column names the system.
    ///
    /// - Throws: ``InputError`` locating a cell that is not a JSON list of
    ///   numbers, or a row whose lists differ in length.
    public init(table: RecordTable) throws {
        var lists: [String: [[Double]]] = [:]
        var systems: [String] = []
        for row in 0..<table.rowCount {
            var stories: Int?
            for column in 1..<table.columns.count {
                let name = table.columns[column]
                let values: [Double]
                do {
                    values = try JSONDecoder().decode([Double].self, from: Data(table[row, column].utf8))
                } catch {
                    throw InputError(file: table.file, line: table.lines[row], column: name, message: "not a JSON list of numbers")
                }
                if let stories, stories != values.count {
                    throw InputError(
                        file: table.file, line: table.lines[row], column: name,
                        message: "\(values.count) values where the row's other lists have \(stories)")
                }
                stories = values.count
                lists[name, default: []].append(values)
            }
            systems += Array(repeating: table[row, 0], count: stories ?? 0)
        }
        self.table = table
        self.lists = lists
        self.columns = lists.mapValues { $0.flatMap { $0 } }
        self.systems = systems
    }

    /// The mean of the three crowd ratings of `criterion` per story.
    public func humanMean(_ criterion: String) -> [Double] {
        let slots = (1...3).map { columns["Human \($0) \(criterion)"] ?? [] }
        return zip(slots[0], zip(slots[1], slots[2])).map { ($0 + $1.0 + $1.1) / 3 }
    }
}
