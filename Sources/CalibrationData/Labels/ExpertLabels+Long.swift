import DataFormats

extension ExpertLabels {
    /// Labels from long ratings (``LongRatings``: `item,rater,score[,dimension]`),
    /// which a sheet is read as when its header has those columns and lacks a
    /// column for some dimension: one label per (item, rater), its scores
    /// gathered from their lines. The `dimension` cell names a dimension
    /// without regard to case; with one dimension the column may be left out.
    ///
    /// - Throws: ``InputError`` naming the line and column: as ``LongRatings/init(_:)``,
    ///   a `dimension` column missing with several dimensions, an unknown dimension,
    ///   an item that is not a row of the run, a score that does not read.
    static func readLong(
        _ long: LongRatings, columns: [Column], runIDs: Set<String>?, values: ValueMode
    ) throws(InputError) -> ExpertLabels {
        guard long.hasDimension || columns.count == 1 else {
            throw InputError(
                file: long.file, line: 1,
                message:
                    "holds long ratings without a dimension column, but the rubric has \(columns.count) dimensions (\(columns.map(\.name).joined(separator: ", "))); add a dimension column"
            )
        }
        let byName = Dictionary(columns.map { ($0.name.lowercased(), $0) }) { first, _ in first }
        var labels: [ExpertLabels.Label] = []
        var position: [String: Int] = [:]
        for entry in long.entries {
            if let runIDs, !runIDs.contains(entry.item) {
                throw InputError(file: long.file, line: entry.line, column: long.itemColumn, message: "\(entry.item) is not a row of the run")
            }
            let named = entry.dimension.map { byName[$0.lowercased()] } ?? columns.first
            guard let dimension = named else {
                throw InputError(
                    file: long.file, line: entry.line, column: "dimension",
                    message: "\(entry.dimension ?? "") is not a dimension; expected one of \(columns.map(\.name).joined(separator: ", "))")
            }
            let key = entry.item + "\u{0}" + entry.rater
            let index =
                position[key]
                ?? {
                    labels.append(Label(id: entry.item, rater: entry.rater, scores: [:], file: long.file, line: entry.line))
                    position[key] = labels.count - 1
                    return labels.count - 1
                }()
            guard !entry.score.isEmpty else { continue }
            if labels[index].scores[dimension.name] != nil {
                throw InputError(
                    file: long.file, line: entry.line, column: "dimension",
                    message: "\(entry.item) was already rated by \(entry.rater) on \(dimension.name); each rating is given once")
            }
            labels[index].scores[dimension.name] = try score(
                entry.score, dimension: dimension, values: values, file: long.file, line: entry.line, column: long.scoreColumn)
        }
        return ExpertLabels(labels: labels, dimensions: columns.map(\.name))
    }
}
