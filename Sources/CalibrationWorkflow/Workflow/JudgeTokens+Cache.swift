public import Calibration
public import CalibrationData
public import Foundation
import Judging
public import LanguageModels

extension JudgeTokens {
    /// The tokens of a judgments file's rows, from the exchanges of the response cache it was judged through.
    ///
    /// A row's calls are the stored exchanges whose first attempt's messages hash to the row's
    /// ``Judging/Judgment/promptHash`` (``Judging/Judgment/promptHash(of:)``): the request's messages as
    /// sent, or with the trailing (assistant, user) turns of retries taken off, since a retry continues
    /// the conversation with the bad reply and a correction; every sampled reply is its own exchange.
    /// Only exchanges of the row's model count: the key's configured name or the reply's server-given
    /// name equal to the judgment's `model`. A row is counted when it has an exchange and the server
    /// reported the usage of every one; the means are over the counted rows, and ``unknownReason``
    /// says how many rows were not counted and why.
    public init(judgments: JudgmentSet, exchanges: [ResponseCache.StoredExchange]) {
        var calls: [String: [ResponseCache.StoredExchange]] = [:]
        for exchange in exchanges {
            var messages = exchange.request.messages
            while true {
                calls[Judgment.promptHash(of: messages), default: []].append(exchange)
                let n = messages.count
                guard n >= 4, messages[n - 2].role == .assistant, messages[n - 1].role == .user else { break }
                messages.removeLast(2)
            }
        }
        var (prompt, completion, counted, withoutCall, withoutUsage) = (0, 0, 0, 0, 0)
        for judgment in judgments.judgments {
            let own = (calls[judgment.promptHash] ?? []).filter { $0.model == judgment.model || $0.response.model == judgment.model }
            guard !own.isEmpty else {
                withoutCall += 1
                continue
            }
            let usage = own.compactMap(\.response.usage)
            guard usage.count == own.count else {
                withoutUsage += 1
                continue
            }
            prompt += usage.reduce(0) { $0 + $1.promptTokens }
            completion += usage.reduce(0) { $0 + $1.completionTokens }
            counted += 1
        }
        var reasons: [String] = []
        if withoutCall > 0 { reasons.append("\(withoutCall) row(s) have no reply in the response cache") }
        if withoutUsage > 0 { reasons.append("the server reported no token usage for \(withoutUsage) row(s)") }
        let rows = judgments.judgments.count
        self.init(
            rows: rows, rowsCounted: counted,
            promptTokensPerRow: counted > 0 ? Double(prompt) / Double(counted) : nil,
            completionTokensPerRow: counted > 0 ? Double(completion) / Double(counted) : nil,
            unknownReason: reasons.isEmpty ? nil : reasons.joined(separator: "; ") + " (of \(rows))")
    }

    /// The tokens of each judge file's rows: from the response cache at `cache` for a judgments file of
    /// `judgecal judge`, unknown with the reason for a scores file made elsewhere or without the cache.
    ///
    /// The cache is opened only when a judgments file is among `files` and the cache file exists (it is
    /// never created here).
    ///
    /// - Throws: ``LanguageModelError`` for a cache that cannot be read; as ``JudgmentSet/load(from:)``.
    static func of(_ files: [(url: URL, scores: ExternalJudgeScores)], cache: URL?) throws -> [JudgeTokens] {
        let judgments = try files.map { file in file.scores.model == nil ? nil : try JudgmentSet.load(from: file.url) }
        var exchanges: [ResponseCache.StoredExchange]?
        if judgments.contains(where: { $0 != nil }), let cache, FileManager.default.fileExists(atPath: cache.path) {
            exchanges = try ResponseCache(url: cache).storedExchanges()
        }
        return zip(files, judgments).map { file, judgments in
            guard let judgments else {
                return .unknown(
                    "a scores file made elsewhere records no token counts; only a judgments file of judgecal judge does",
                    rows: file.scores.ids.count)
            }
            guard let exchanges else {
                return .unknown(
                    cache.map { "no response cache at \($0.path) to read the rows' token counts from" }
                        ?? "no response cache was given to read the rows' token counts from",
                    rows: judgments.judgments.count)
            }
            return JudgeTokens(judgments: judgments, exchanges: exchanges)
        }
    }
}
