/// The names by which the catalogue's parameters are chosen (on the command
/// line and in the agreement report's JSON): one table per parameter, read
/// both ways.
private func value<T>(named name: String, in table: [(String, T)]) -> T? {
    table.first { $0.0 == name }?.1
}

private func name<T: Equatable>(of value: T, in table: [(String, T)]) -> String? {
    table.first { $0.1 == value }?.0
}

extension AgreementWeights {
    private static let schemes: [(String, AgreementWeights)] = [("none", .unweighted), ("linear", .linear), ("quadratic", .quadratic)]

    /// The weight schemes a request can name: `none`, `linear`, `quadratic`.
    public static var schemeNames: [String] { schemes.map(\.0) }

    /// The scheme called `name` (one of ``schemeNames``).
    public init?(schemeName: String) {
        guard let weights = value(named: schemeName, in: Self.schemes) else { return nil }
        self = weights
    }

    /// The scheme's name, `nil` for custom weights.
    public var schemeName: String? { name(of: self, in: Self.schemes) }
}

extension KrippendorffAlpha.Metric {
    private static let metrics: [(String, KrippendorffAlpha.Metric)] = [
        ("nominal", .nominal), ("ordinal", .ordinal), ("interval", .interval), ("ratio", .ratio),
    ]

    /// The metrics a request can name, Stevens' levels of measurement: `nominal`, `ordinal`, `interval`, `ratio`.
    public static var metricNames: [String] { metrics.map(\.0) }

    /// The metric called `name` (one of ``metricNames``).
    public init?(metricName: String) {
        guard let metric = value(named: metricName, in: Self.metrics) else { return nil }
        self = metric
    }

    /// The metric's name, `nil` for weights-derived differences.
    public var metricName: String? { name(of: self, in: Self.metrics) }
}

extension ICCForm {
    /// Every form, in the order their names are listed: ICC(1), ICC(k), ICC(A,1), ICC(C,1), ICC(A,k), ICC(C,k).
    public static let all: [ICCForm] = [
        .oneWay(.single), .oneWay(.average), .twoWay(.agreement, .single), .twoWay(.consistency, .single),
        .twoWay(.agreement, .average), .twoWay(.consistency, .average),
    ]

    /// McGraw and Wong's (1996) short names a request can use: `1`, `k`, `A,1`, `C,1`, `A,k`, `C,k`.
    public static var shortNames: [String] { all.map(\.shortName) }

    /// The form called `name` (one of ``shortNames``).
    public init?(shortName: String) {
        guard let form = Self.all.first(where: { $0.shortName == shortName }) else { return nil }
        self = form
    }

    /// The short name: `A,1` for ICC(A,1); a one-way form is `1` or `k`
    /// whatever its definition.
    public var shortName: String {
        let u = unit == .single ? "1" : "k"
        switch (model, definition) {
        case (.oneWay, _): return u
        case (.twoWay, .agreement): return "A,\(u)"
        case (.twoWay, .consistency): return "C,\(u)"
        }
    }
}
