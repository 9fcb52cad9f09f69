public import StatisticsCore

/// How often a change moved a row's score, against how often the unchanged input judged again
/// (the placebo) moved it, on the same rows: McNemar's test on the paired indicators.
///
/// For each row scored three times — unchanged, changed and unchanged again — the change moved it
/// when the changed score differs from the first unchanged one, and the placebo moved it when the
/// second unchanged score does. Of the rows where exactly one of the two moved, b moved under the
/// change only and c under the placebo only; with no difference between the two, b ~ Binomial(b + c,
/// ½) (``McNemarTest``, exact below 25 discordant rows). A judge with no run-to-run noise has a
/// placebo share of 0, and then every row the change moved counts against it.
public struct ChangedShare: Sendable, Hashable, Codable {
    /// Rows scored all three times.
    public var rows: Int
    /// Of those, the rows whose score the change moved.
    public var changed: Int
    /// Of those, the rows whose score the placebo moved.
    public var placeboChanged: Int
    /// The paired test of the two shares.
    public var test: McNemarTest

    /// The shares from the three scores of each row; rows with a `nil` anywhere are left out.
    ///
    /// - Precondition: the three have the same length.
    public init(unchanged: [Double?], changed: [Double?], placebo: [Double?]) {
        precondition(unchanged.count == changed.count && changed.count == placebo.count, "three scores per row")
        var rows = 0, moved = 0, placeboMoved = 0, changeOnly = 0, placeboOnly = 0
        for i in unchanged.indices {
            guard let u = unchanged[i], let c = changed[i], let p = placebo[i] else { continue }
            rows += 1
            let a = c != u, b = p != u
            if a { moved += 1 }
            if b { placeboMoved += 1 }
            if a && !b { changeOnly += 1 }
            if b && !a { placeboOnly += 1 }
        }
        self.rows = rows
        self.changed = moved
        self.placeboChanged = placeboMoved
        self.test = McNemarTest(firstOnly: changeOnly, secondOnly: placeboOnly)
    }

    /// The share of rows the change moved, `nil` over no rows.
    public var share: Double? { rows == 0 ? nil : Double(changed) / Double(rows) }
    /// The share of rows the placebo moved, `nil` over no rows.
    public var placeboShare: Double? { rows == 0 ? nil : Double(placeboChanged) / Double(rows) }
}
