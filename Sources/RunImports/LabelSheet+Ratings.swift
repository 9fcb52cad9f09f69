public import CalibrationData
extension LabelSheet {
    /// A filled-in sheet of ratings imported with a run (``ImportedRatings``):
    /// `id`, one column per dimension (named as given), `rater`, `note`; one
    /// row per (row id, rater) in the order first rated, a dimension the rater
    /// did not score left blank. ``ExpertLabels`` reads it like any sheet.
    public init(ratings: ImportedRatings) {
        var position: [String: Int] = [:]
        var rows: [[String]] = []
        let dimensionColumn = Dictionary(uniqueKeysWithValues: ratings.dimensions.enumerated().map { ($1, $0 + 1) })
        for rating in ratings.ratings {
            let key = rating.id + "\u{0}" + rating.rater
            let r =
                position[key]
                ?? {
                    rows.append([rating.id] + Array(repeating: "", count: ratings.dimensions.count) + [rating.rater, ""])
                    position[key] = rows.count - 1
                    return rows.count - 1
                }()
            if let c = dimensionColumn[rating.dimension] { rows[r][c] = rating.value }
        }
        self.init(columns: ["id"] + ratings.dimensions + ["rater", "note"], rows: rows, contextPaths: [])
    }
}
