public import CalibrationData
public import DataFormats
public import Foundation
public import Judging
public import LanguageModels

extension JudgeSession {
    /// What one pass of the batch route did: the requests written, or the results read back and
    /// the judgments they give, with every problem named (``BatchProblem``).
    public struct BatchRound: Sendable {
        /// The requests file written or the results file read.
        public var file: String
        /// Whether the pass wrote requests (rather than reading results).
        public var wroteRequests: Bool
        /// How the judge's requests were answered.
        public var counts: BatchRouteModel.Counts
        /// Request lines written (writing requests), otherwise 0.
        public var linesWritten: Int
        /// Lines the results file holds (reading results), otherwise 0.
        public var linesRead: Int
        /// The results file's malformed, duplicated and error lines, its foreign `custom_id`s, and
        /// the requests it does not answer, in that order; empty when writing requests.
        public var problems: [BatchProblem]
        /// The judgments the pass gives: rows whose requests wait for the engine fail with
        /// ``Judging/JudgeFailure/batchPendingCode``.
        public var judgments: JudgmentSet

        /// Rows still waiting for a batch answer.
        public var rowsWaiting: Int { judgments.judgments.count { $0.failure?.code == JudgeFailure.batchPendingCode } }

        /// How many problems of `kind` there are.
        public func count(_ kind: BatchProblem.Kind) -> Int { problems.count { $0.kind == kind } }

        /// The summary for people: a line of counts, then one line per problem.
        public var text: [String] {
            let rows = judgments.judgments.count
            let head: String
            if wroteRequests {
                head =
                    "wrote \(linesWritten) batch requests to \(file) for \(rowsWaiting) of \(rows) rows "
                    + "(\(counts.cached) requests answered from the cache)"
            } else {
                let tally = BatchProblem.Kind.allCases.map { "\(count($0)) \($0.rawValue)" }.joined(separator: ", ")
                head =
                    "read \(linesRead) lines of \(file): \(counts.fromBatch) replies stored in the cache, "
                    + "\(counts.cached) requests already cached; \(tally); \(rowsWaiting) of \(rows) rows still wait for an answer"
                    + " (\(counts.followUps) follow-up requests after replies that could not be used, for the next round)"
            }
            return [head] + problems.map(\.description)
        }

        /// The summary as JSON: the file, the counts, and every problem with its location.
        public var json: JSONValue {
            let problemList: [JSONValue] = problems.map { p in
                var member: [String: JSONValue] = [
                    "kind": .string(p.kind.rawValue), "file": .string(p.location.file), "message": .string(p.location.message),
                ]
                if let id = p.customID { member["custom_id"] = .string(id) }
                if let line = p.location.line { member["line"] = .number(Double(line)) }
                if let column = p.location.column { member["column"] = .string(column) }
                return .object(member)
            }
            var counted: [String: JSONValue] = [
                "file": .string(file), "rows": .number(Double(judgments.judgments.count)),
                "rowsWaiting": .number(Double(rowsWaiting)), "requests": .number(Double(counts.asked)),
                "cached": .number(Double(counts.cached)), "stored": .number(Double(counts.fromBatch)),
                "followUps": .number(Double(counts.followUps)),
                "linesWritten": .number(Double(linesWritten)), "linesRead": .number(Double(linesRead)),
                "problems": .array(problemList),
            ]
            for kind in BatchProblem.Kind.allCases { counted[kind.rawValue] = .number(Double(count(kind))) }
            return .object(counted)
        }
    }

    /// Writes every request the judge would send for `run` and `rubric` that the cache cannot
    /// answer to the OpenAI batch input file at `path` (``OpenAIBatch/inputLine(for:configuration:)``),
    /// in the order of the rows; nothing is sent.
    ///
    /// Follow-up requests (a reply that did not parse is asked again with the conversation so
    /// far) exist only once the reply before them is cached, so a later round writes them. With
    /// `pairwise`, the requests of both orders of each row (``JudgeRun/judgePairwise(run:rubric:model:options:concurrency:progress:)``).
    ///
    /// - Throws: ``OutputError`` when the file cannot be written; a rubric template error.
    public func writeBatchRequests(run: some RunRows, rubric: Rubric, to path: String, pairwise: Bool = false) async throws
        -> BatchRound
    {
        try StagedOutputs.check(path, role: "batch requests file")
        let route = BatchRouteModel(configuration: client.configuration, cache: cache)
        let judgments = try await batchPass(run: run, rubric: rubric, route: route, pairwise: pairwise)
        var data = Data()
        for pending in route.pending {
            data.append(try OpenAIBatch.inputLine(for: pending.request, configuration: client.configuration))
            data.append(UInt8(ascii: "\n"))
        }
        try StagedOutputs.writeAllOrNone([(data, path, "batch requests file")])
        return BatchRound(
            file: path, wroteRequests: true, counts: route.counts, linesWritten: route.pending.count, linesRead: 0, problems: [],
            judgments: judgments)
    }

    /// Reads the OpenAI batch output file at `url`, stores each reply in the response cache under
    /// its request, and judges `run` with `rubric` from the cache (pairwise, with `pairwise`); nothing is sent.
    ///
    /// - Throws: ``InputError`` when the file cannot be read; a rubric template error.
    public func readBatchResults(run: some RunRows, rubric: Rubric, from url: URL, pairwise: Bool = false) async throws
        -> BatchRound
    {
        let results = try OpenAIBatchResults(contentsOf: url)
        let route = BatchRouteModel(configuration: client.configuration, cache: cache, results: results)
        let judgments = try await batchPass(run: run, rubric: rubric, route: route, pairwise: pairwise)
        let foreign = results.customIDs.subtracting(route.askedIDs).sorted().map { id in
            BatchProblem(
                kind: .foreign, customID: id,
                location: InputError(
                    file: results.file, line: results.line(of: id), column: "custom_id",
                    message: "custom_id \(id) is not a request of \(run.info.name) with \(rubric.name) on \(client.configuration.model)"))
        }
        let missing = route.pending.filter { results.line(of: $0.id) == nil && !$0.isFollowUp }.map { pending in
            BatchProblem(
                kind: .missing, customID: pending.id,
                location: InputError(file: results.file, message: "no line answers custom_id \(pending.id), a request of this run"))
        }
        return BatchRound(
            file: results.file, wroteRequests: false, counts: route.counts, linesWritten: 0, linesRead: results.lineCount,
            problems: results.problems + foreign + missing, judgments: judgments)
    }

    /// One pass of the judge over `run` through `route`, a row at a time, so requests keep row order.
    private func batchPass(run: some RunRows, rubric: Rubric, route: BatchRouteModel, pairwise: Bool) async throws -> JudgmentSet {
        if pairwise { return try await JudgeRun.judgePairwise(run: run, rubric: rubric, model: route, options: options, concurrency: 1) }
        return try await JudgeRun.judge(run: run, rubric: rubric, model: route, options: options, concurrency: 1)
    }
}
