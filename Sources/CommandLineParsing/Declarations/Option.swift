/// A named option that takes a value: `--colour red`, `--colour=red`,
/// `-w linear`.
///
/// An option is given at most once unless its ``Arity`` says otherwise; a
/// comma-separated option (`--fruits a,b,c`) splits each value it is given on
/// commas, so `--fruits a,b --fruits c` and `--fruits a,b,c` read the same.
///
/// An integer option may declare its valid range (`range: 0...`): the parser
/// then refuses a value that is not an integer in it as a usage error naming
/// the range, before the command runs, and the help shows it.
///
/// A tool declares an option with an ``OptionKey``, which holds the option and
/// reads its value back typed; this is the declaration the parser and the help read.
public struct Option: Sendable, Hashable {
    /// How many times an option may be given, and how its values are taken.
    ///
    /// A comma-separated option accumulates whatever its arity.
    public enum Arity: Sendable, Hashable {
        /// Given at most once; giving it twice is a usage error.
        case single
        /// Given any number of times, one value each: `--inputs A --inputs B`.
        case repeating
        /// Given any number of times, each time taking every following value up to
        /// the next option: `--inputs A B --inputs C`. Positional arguments that
        /// follow must be separated by `--`.
        case upToNextOption
    }

    /// The long name, without the dashes (`weights`).
    public var name: String
    /// A one-letter short name (`w` for `-w`), if any.
    public var short: Character?
    /// The placeholder shown in usage text (`name` for `--colour <name>`).
    public var valueName: String
    /// One sentence saying what the option does.
    public var help: String
    /// How often it may be given.
    public var arity: Arity
    /// Whether each value is a comma-separated list.
    public var isCommaSeparated: Bool
    /// The values allowed, if the option is a choice; others are usage errors
    /// with a suggestion.
    public var choices: [String]?
    /// The value used when the option is not given, shown in the help.
    public var defaultValue: String?
    /// Whether the command cannot run without it.
    public var isRequired: Bool
    /// The smallest integer allowed, for an integer option with a declared range.
    public var minimum: Int?
    /// The largest integer allowed, for an integer option with a declared range.
    public var maximum: Int?

    /// Whether each value must be an integer within ``minimum`` and ``maximum``.
    public var isIntegerRange: Bool { minimum != nil || maximum != nil }

    /// Declares an option; a tool declares it through an ``OptionKey``, which
    /// reads its value back.
    ///
    /// - Parameter range: for an integer option, the values allowed: `0...`,
    ///   `1...64`, `...10` or `0..<5`.
    init(
        _ name: String,
        short: Character? = nil,
        valueName: String = "value",
        help: String,
        arity: Arity = .single,
        commaSeparated: Bool = false,
        choices: [String]? = nil,
        defaultValue: String? = nil,
        required: Bool = false,
        range: (any RangeExpression<Int> & Sendable)? = nil
    ) {
        self.name = name
        self.short = short
        self.valueName = valueName
        self.help = help
        self.arity = arity
        self.isCommaSeparated = commaSeparated
        self.choices = choices
        self.defaultValue = defaultValue
        self.isRequired = required
        switch range {
        case let r as ClosedRange<Int>: (minimum, maximum) = (r.lowerBound, r.upperBound)
        case let r as Range<Int>: (minimum, maximum) = (r.lowerBound, r.upperBound - 1)
        case let r as PartialRangeFrom<Int>: (minimum, maximum) = (r.lowerBound, nil)
        case let r as PartialRangeThrough<Int>: (minimum, maximum) = (nil, r.upperBound)
        case let r as PartialRangeUpTo<Int>: (minimum, maximum) = (nil, r.upperBound - 1)
        case nil: (minimum, maximum) = (nil, nil)
        case .some: preconditionFailure("--\(name): an integer range is a..., a...b, a..<b, ...b or ..<b")
        }
    }

    /// The declared range in words: `at least 0`, `at most 10`, `from 1 to 64`;
    /// `nil` without one.
    public var rangeDescription: String? {
        switch (minimum, maximum) {
        case (let lo?, let hi?): "from \(lo) to \(hi)"
        case (let lo?, nil): "at least \(lo)"
        case (nil, let hi?): "at most \(hi)"
        case (nil, nil): nil
        }
    }

    /// Whether `text` is an integer within the declared range (always, without one).
    func admits(_ text: String) -> Bool {
        guard isIntegerRange else { return true }
        guard let n = Int(text) else { return false }
        return n >= (minimum ?? .min) && n <= (maximum ?? .max)
    }

    /// The option as written on a command line with its placeholder: `--colour <name>`.
    public var synopsis: String {
        let placeholder = isCommaSeparated ? "<\(valueName),…>" : "<\(valueName)>"
        let repeats = arity == .single ? "" : " …"
        return "--\(name) \(placeholder)\(repeats)"
    }
}
