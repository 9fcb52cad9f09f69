import DataFormats

/// A single status line on standard error that redraws in place
/// (`reading ratings.csv… 40%`), shown only when standard error is a
/// terminal so that logs and pipes never collect it.
public struct ProgressLine: Sendable {
    /// Whether anything is drawn.
    public let isEnabled: Bool
    private let write: @Sendable (String) -> Void

    /// A progress line writing through `write` when enabled.
    public init(isEnabled: Bool, write: @escaping @Sendable (String) -> Void) {
        self.isEnabled = isEnabled
        self.write = write
    }

    /// Replaces the line's text, shown through ``TerminalText/visible(_:)``.
    public func update(_ text: String) {
        guard isEnabled else { return }
        write("\r\u{1B}[2K" + TerminalText.visible(text))
    }

    /// Erases the line, before results or errors are written.
    public func clear() {
        guard isEnabled else { return }
        write("\r\u{1B}[2K")
    }
}
