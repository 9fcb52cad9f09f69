/// What one row cost a judge in tokens, where its files say, and why not where they do not.
///
/// Known only for a judgments file of `judgecal judge` whose rows' replies are still in the response
/// cache with the token usage the server reported: per row, every call made for it (each attempt, each
/// sampled reply) summed, then the mean over the rows found. A scores file made elsewhere records no
/// tokens, so there the figures are `nil` and ``unknownReason`` says so; never 0. No price is
/// configured anywhere in the model configuration, so there is no cost in money.
public struct JudgeTokens: Sendable, Hashable, Codable {
    /// The judge's rows (every row of its judgments file, failures included).
    public var rows: Int
    /// The rows whose every call the cache holds with its token usage: what the means rest on.
    public var rowsCounted: Int
    /// Mean prompt tokens per counted row; `nil` when none is counted.
    public var promptTokensPerRow: Double?
    /// Mean completion tokens per counted row; `nil` when none is counted.
    public var completionTokensPerRow: Double?
    /// Why the tokens are unknown (or known for only some rows); `nil` when every row is counted.
    public var unknownReason: String?

    /// Prompt and completion tokens per counted row; `nil` when unknown.
    public var tokensPerRow: Double? {
        guard let prompt = promptTokensPerRow, let completion = completionTokensPerRow else { return nil }
        return prompt + completion
    }

    /// Creates the figures.
    public init(rows: Int, rowsCounted: Int, promptTokensPerRow: Double?, completionTokensPerRow: Double?, unknownReason: String?) {
        self.rows = rows
        self.rowsCounted = rowsCounted
        self.promptTokensPerRow = promptTokensPerRow
        self.completionTokensPerRow = completionTokensPerRow
        self.unknownReason = unknownReason
    }

    /// Unknown tokens, with why.
    public static func unknown(_ reason: String, rows: Int) -> JudgeTokens {
        JudgeTokens(rows: rows, rowsCounted: 0, promptTokensPerRow: nil, completionTokensPerRow: nil, unknownReason: reason)
    }
}
