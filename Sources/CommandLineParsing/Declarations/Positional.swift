/// A positional argument, such as the `FILE` of `judgecal agreement FILE`.
///
/// Positionals are filled in declaration order. Only the last may be
/// repeating, and no required positional may follow an optional one.
public struct Positional: Sendable, Hashable {
    /// The name used in usage text.
    public var name: String
    /// One sentence saying what the argument is.
    public var help: String
    /// Whether it may be left out.
    public var isOptional: Bool
    /// Whether it takes every remaining positional value.
    public var isRepeating: Bool

    /// Declares a positional argument; a tool declares it through a
    /// ``PositionalKey``, which reads its value back.
    init(_ name: String, help: String, optional: Bool = false, repeating: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isRepeating = repeating
    }

    /// The argument as shown in usage text: `<file>`, `[<file>]`, `<file> …`.
    public var synopsis: String {
        let base = "<\(name)>" + (isRepeating ? " …" : "")
        return isOptional ? "[\(base)]" : base
    }
}
