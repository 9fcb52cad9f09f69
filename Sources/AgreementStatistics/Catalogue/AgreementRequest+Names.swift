/// The names by which the catalogue's parameters are chosen (on the command
/// line and in the agreement report's JSON), one table per parameter.
extension AgreementWeights {
    /// The weight schemes a request can name: `none`, `linear`, `quadratic`.
    public static let schemeNames = ["none", "linear", "quadratic"]

    /// The scheme called `name` (one of ``schemeNames``).
    public init?(schemeName name: String) {
        switch name {
        case "none": self = .unweighted
        case "linear": self = .linear
        case "quadratic": self = .quadratic
        default: return nil
        }
    }

    /// The scheme's name, `nil` for custom weights.
    public var schemeName: String? {
        switch self {
        case .unweighted: "none"
        case .linear: "linear"
        case .quadratic: "quadratic"
        case .custom: nil
        }
    }
}

extension KrippendorffAlpha.Metric {
    /// Stevens' levels of measurement a request can name: `nominal`, `ordinal`, `interval`, `ratio`.
    public static let levelNames = ["nominal", "ordinal", "interval", "ratio"]

    /// The level called `name` (one of ``levelNames``).
    public init?(levelName name: String) {
        switch name {
        case "nominal": self = .nominal
        case "ordinal": self = .ordinal
        case "interval": self = .interval
        case "ratio": self = .ratio
        default: return nil
        }
    }

    /// The level's name, `nil` for weights-derived differences.
    public var levelName: String? {
        switch self {
        case .nominal: "nominal"
        case .ordinal: "ordinal"
        case .interval: "interval"
        case .ratio: "ratio"
        case .weighted: nil
        }
    }
}

extension ICCForm {
    /// McGraw and Wong's (1996) short names a request can use: `1`, `k`, `A,1`, `C,1`, `A,k`, `C,k`.
    public static let shortNames = ["1", "k", "A,1", "C,1", "A,k", "C,k"]

    /// The form called `name` (one of ``shortNames``).
    public init?(shortName name: String) {
        switch name {
        case "1": self = .oneWay(.single)
        case "k": self = .oneWay(.average)
        case "A,1": self = .twoWay(.agreement, .single)
        case "C,1": self = .twoWay(.consistency, .single)
        case "A,k": self = .twoWay(.agreement, .average)
        case "C,k": self = .twoWay(.consistency, .average)
        default: return nil
        }
    }

    /// The short name: `A,1` for ICC(A,1).
    public var shortName: String {
        let u = unit == .single ? "1" : "k"
        switch (model, definition) {
        case (.oneWay, _): return u
        case (.twoWay, .agreement): return "A,\(u)"
        case (.twoWay, .consistency): return "C,\(u)"
        }
    }
}
