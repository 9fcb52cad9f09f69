public import DataFormats
import Foundation

extension SharedData {
    /// A CSV file inside the `shared` folder, read by the toolkit's own ``CSVReader``.
    ///
    /// - Parameter relativePath: The file's path inside `shared`, such as `data/hanna/hanna_metric_scores_llm.csv`.
    /// - Throws: the read error, or ``InputError`` naming the file, line and column of bad CSV.
    public static func csv(_ relativePath: String) throws -> RecordTable {
        try CSVReader().read(Data(contentsOf: url(relativePath)), file: relativePath)
    }

    /// A CSV file inside the package, such as `notebooks-data/hanna.labels.csv`, read by ``CSVReader``.
    ///
    /// - Throws: the read error, or ``InputError`` naming the file, line and column of bad CSV.
    public static func projectCSV(_ relativePath: String) throws -> RecordTable {
        try CSVReader().read(Data(contentsOf: projectURL(relativePath)), file: relativePath)
    }
}
