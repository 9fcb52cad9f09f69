/// Which intraclass correlation: McGraw and Wong's (1996) model, type and unit.
///
/// Names across the literature and libraries (point estimates agree to 1e-10;
/// see the reference README, point 8):
///
/// | this form | McGraw–Wong | Shrout–Fleiss | pingouin | R psych | R irr |
/// |---|---|---|---|---|---|
/// | `.oneWay(.single)` | ICC(1) | ICC(1,1) | ICC1 | ICC1 | `oneway`, `single` |
/// | `.twoWay(.agreement, .single)` | ICC(A,1) | ICC(2,1) | ICC2 | ICC2 | `twoway`, `agreement`, `single` |
/// | `.twoWay(.consistency, .single)` | ICC(C,1) | ICC(3,1) | ICC3 | ICC3 | `twoway`, `consistency`, `single` |
/// | `.oneWay(.average)` | ICC(k) | ICC(1,k) | ICC1k | ICC1k | `oneway`, `average` |
/// | `.twoWay(.agreement, .average)` | ICC(A,k) | ICC(2,k) | ICC2k | ICC2k | `twoway`, `agreement`, `average` |
/// | `.twoWay(.consistency, .average)` | ICC(C,k) | ICC(3,k) | ICC3k | ICC3k | `twoway`, `consistency`, `average` |
///
/// A one-way model cannot separate raters from error, so it has no
/// consistency form (irr accepts `type` for `oneway` and ignores it); there is
/// no way to build one here. Whether the raters are a random sample (two-way
/// random) or the only raters of interest (two-way mixed) changes the
/// interpretation, not the arithmetic. For a judge scored against an expert the
/// usual choice is `.twoWay(.agreement, .single)`: a judge that is always one
/// point high has consistency 1 but agreement below 1.
public struct ICCForm: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The ANOVA model.
    public enum Model: String, Sendable, Hashable, Codable {
        /// Each item rated by its own set of raters; rater effects fold into error.
        case oneWay
        /// Every item rated by the same raters; rater effects are estimated.
        case twoWay
    }

    /// Whether systematic differences between raters count as disagreement.
    public enum Definition: String, Sendable, Hashable, Codable {
        /// Absolute agreement: a constant offset between raters lowers the ICC.
        case agreement
        /// Consistency: a constant offset is ignored.
        case consistency
    }

    /// Whether the ICC describes one rater's scores or the mean of the k raters.
    public enum Unit: String, Sendable, Hashable, Codable {
        /// The reliability of a single rater's score.
        case single
        /// The reliability of the mean of the k raters' scores.
        case average
    }

    /// The ANOVA model.
    public let model: Model
    /// Agreement or consistency (always agreement for the one-way model).
    public let definition: Definition
    /// Single rater or average of raters.
    public let unit: Unit

    private init(model: Model, definition: Definition, unit: Unit) {
        self.model = model
        self.definition = definition
        self.unit = unit
    }

    /// The one-way random-effects ICC (McGraw–Wong ICC(1) or ICC(k)).
    public static func oneWay(_ unit: Unit) -> ICCForm {
        ICCForm(model: .oneWay, definition: .agreement, unit: unit)
    }

    /// A two-way ICC (McGraw–Wong ICC(A,·) or ICC(C,·)).
    public static func twoWay(_ definition: Definition, _ unit: Unit) -> ICCForm {
        ICCForm(model: .twoWay, definition: definition, unit: unit)
    }

    /// The McGraw–Wong name: ICC(1), ICC(k), ICC(A,1), ICC(A,k), ICC(C,1), ICC(C,k).
    public var description: String { "ICC(\(shortName))" }

    /// The Shrout–Fleiss (1979) name: ICC(1,1), ICC(2,1), ICC(3,1), ICC(1,k), ICC(2,k), ICC(3,k).
    public var shroutFleissName: String {
        let shroutFleissCase = model == .oneWay ? 1 : (definition == .agreement ? 2 : 3)
        return "ICC(\(shroutFleissCase),\(unit == .single ? "1" : "k"))"
    }
}
