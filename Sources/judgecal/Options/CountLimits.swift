/// The largest value of each count option, stated in its help and refused above it (exit 64), so
/// that no count can run a command until it is killed (issue #29): each is far beyond what a run,
/// a plan or a server needs, and far below what would exhaust memory or time.
enum CountLimits {
    /// Rows drawn, planned, overlapped, judged or generated: ten million, beyond the largest runs the
    /// readers are measured on (docs/FORMATS.md).
    static let rows = 10_000_000
    /// Looks in a sequential plan: 100 (the studies plan 40; each look's critical value integrates
    /// every earlier one).
    static let looks = 100
    /// Disagreements listed: 10,000, each with its rationales and texts.
    static let listed = 10_000
    /// Requests in flight at once: 1,024, beyond any server's batch.
    static let concurrency = 1_024
    /// Replies per row, or rows per generation request: 100.
    static let perRequest = 100
    /// Generation requests: one million.
    static let requests = 1_000_000
}
