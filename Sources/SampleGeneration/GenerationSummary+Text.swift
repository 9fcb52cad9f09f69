extension GenerationSummary {
    /// One line: accepted against wanted, what was set aside, requests against the cap, and why it stopped.
    ///
    /// For example `27 of 27 wanted (target 40 with 13 seeds); set aside 3 rejected, 1 duplicate,
    /// 0 unreadable; 9 of 21 requests; stopped: reached the target`.
    public func renderLine() -> String {
        let stop: String =
            switch stopReason {
            case .running: "still running"
            case .seedsMeetTarget: "the seeds alone reach the target (it counts them); nothing asked"
            case .reachedTarget: "reached the target"
            case .requestCapReached: "request cap reached before the target"
            }
        var line = "\(accepted) of \(wanted) wanted (target \(targetCount) with \(seedCount) seeds); "
        line += "set aside \(rejected) rejected, \(duplicates) duplicate, \(unreadable) unreadable; "
        line += "\(requests) of \(requestCap) requests"
        if surplus > 0 { line += "; \(surplus) beyond the target not kept" }
        return line + "; stopped: \(stop)"
    }
}
