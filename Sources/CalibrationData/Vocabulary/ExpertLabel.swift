/// One expert's label of one row on one dimension.
public struct ExpertLabel: Sendable, Hashable, Codable {
    /// The row the label belongs to.
    public var rowID: String
    /// Who labelled it; the order in which raters first appear in a label list
    /// is their order (the human ceiling compares the first two).
    public var rater: String
    /// The label; may be fractional (SummEval and Topical-Chat publish means of
    /// three experts, multiples of 1/3).
    public var value: Double
    /// The expert's note, shown beside the row when it is among the worst disagreements.
    public var note: String?
    /// The row's probability of being in the label set; when the labels carry
    /// it, the kappa figures weigh the row by 1/π (Horvitz–Thompson). Every
    /// label of a row gives the same.
    public var inclusionProbability: Double?

    /// Creates a label.
    public init(rowID: String, rater: String = "expert", value: Double, note: String? = nil, inclusionProbability: Double? = nil) {
        self.rowID = rowID
        self.rater = rater
        self.value = value
        self.note = note
        self.inclusionProbability = inclusionProbability
    }
}
