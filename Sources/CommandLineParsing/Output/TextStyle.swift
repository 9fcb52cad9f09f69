/// Styles text with ANSI escapes, or leaves it plain.
///
/// Styling is on only for a terminal, and never when the `NO_COLOR`
/// environment variable is set to anything non-empty (https://no-color.org)
/// or `TERM` is `dumb`, so that piped and redirected output stays plain.
public struct TextStyle: Sendable, Hashable {
    /// Whether escapes are written.
    public let isEnabled: Bool

    /// A styler for a stream, deciding from whether it is a terminal and the environment.
    public init(isTerminal: Bool, environment: [String: String]) {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        isEnabled = isTerminal && !noColor && environment["TERM"] != "dumb"
    }

    /// Bold text.
    public func bold(_ text: String) -> String { apply("1", text) }
    /// Red text, for errors.
    public func red(_ text: String) -> String { apply("31", text) }
    /// Yellow text, for warnings.
    public func yellow(_ text: String) -> String { apply("33", text) }
    /// Dim text, for notes.
    public func dim(_ text: String) -> String { apply("2", text) }

    private func apply(_ code: String, _ text: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
