public import DataFormats
public import Foundation

/// An OpenAI batch output file read back: for each `custom_id`, the reply (or the error) its
/// first usable line gives, and every line that could not be used, named.
///
/// A line is `{"custom_id": "…", "response": {"status_code": 200, "body": {chat completion}},
/// "error": null}` for a reply, or has an `error` object (`{"code", "message"}`), or a `response`
/// whose `status_code` is not 2xx, for a request the engine could not answer. Nothing is dropped:
///
/// - a line that is not JSON, not an object, or lacks a string `custom_id`, or a `response` with a
///   `body` that is not a chat completion, is ``BatchProblem/Kind/malformed``;
/// - an error line is ``BatchProblem/Kind/error``, and its message becomes its request's failure
///   unless another line for the same id answers it;
/// - every line after the first for a `custom_id` is ``BatchProblem/Kind/duplicate`` (its reply is
///   used only when no earlier line answered the id).
public struct OpenAIBatchResults: Sendable {
    /// What a `custom_id`'s line says.
    enum Answer: Sendable {
        case reply(ChatCompletionReply, line: Int)
        case error(String, line: Int)
    }

    /// The file, as the user named it.
    public let file: String
    /// Lines read (blank lines aside).
    public let lineCount: Int
    /// The lines that could not be used as they are: malformed, duplicated, errors.
    public let problems: [BatchProblem]
    /// The answer for each `custom_id`.
    let answers: [String: Answer]
    /// The first line of each `custom_id`.
    private let firstLines: [String: Int]

    /// Every `custom_id` the file holds, answered or not.
    public var customIDs: Set<String> { Set(answers.keys) }

    /// The first line holding `customID`, or `nil` when none does.
    public func line(of customID: String) -> Int? { firstLines[customID] }

    /// Reads the batch output file at `url`.
    ///
    /// - Throws: ``InputError`` when the file cannot be read (a line that cannot be used is a
    ///   ``BatchProblem``, not an error).
    public init(contentsOf url: URL) throws {
        let file = InputFile.displayName(url)
        let records = try JSONRecords.split(try InputFile.read(url), file: file)
        var answers: [String: Answer] = [:]
        var firstLine: [String: Int] = [:]
        var problems: [BatchProblem] = []
        for record in records {
            let text = String(decoding: record.data, as: UTF8.self)
            func problem(_ kind: BatchProblem.Kind, _ id: String?, key: String?, _ message: String) -> BatchProblem {
                let column = key.flatMap {
                    OpenAICompatibleModel.Configuration.Overrides.position(ofKey: $0, valueLine: 1, in: text).column
                }
                return BatchProblem(
                    kind: kind, customID: id,
                    location: InputError(file: file, line: record.line, column: column.map(String.init) ?? key, message: message))
            }
            let line: JSONValue
            do {
                line = try JSONValue.parse(record.data, file: file, firstLine: record.line)
            } catch let error as InputError {
                problems.append(BatchProblem(kind: .malformed, customID: nil, location: error))
                continue
            }
            guard case .object = line else {
                problems.append(
                    problem(.malformed, nil, key: nil, "expected a batch output object, such as {\"custom_id\": …, \"response\": …}"))
                continue
            }
            guard let id = line["custom_id"]?.string else {
                problems.append(problem(.malformed, nil, key: "custom_id", "expected a string custom_id naming the request"))
                continue
            }
            let answer: Answer
            switch Self.read(line, line: record.line) {
            case .success(let read): answer = read
            case .failure(let bad):
                problems.append(problem(.malformed, id, key: bad.key, bad.message))
                continue
            }
            if case .error(let message, _) = answer {
                let key = line["error"].map { !$0.isNull } == true ? "error" : "status_code"
                problems.append(problem(.error, id, key: key, message))
            }
            if let first = firstLine[id] {
                problems.append(problem(.duplicate, id, key: "custom_id", "custom_id \(id) is also on line \(first)"))
                if case .error? = answers[id], case .reply = answer { answers[id] = answer }
                continue
            }
            firstLine[id] = record.line
            answers[id] = answer
        }
        self.file = file
        lineCount = records.count
        self.problems = problems
        self.answers = answers
        firstLines = firstLine
    }

    /// Why a line's content cannot be used: the key it concerns and what was expected.
    private struct Unusable: Error {
        var key: String
        var message: String
    }

    /// The answer a line gives, or why it gives none.
    private static func read(_ line: JSONValue, line number: Int) -> Result<Answer, Unusable> {
        if let error = line["error"], !error.isNull {
            let message = error["message"]?.string ?? error.compactJSON
            let code = error["code"]?.string.map { " (\($0))" } ?? ""
            return .success(.error("the batch engine answered with an error\(code): \(message)", line: number))
        }
        guard let response = line["response"], !response.isNull else {
            return .failure(Unusable(key: "response", message: "expected a response object or an error object"))
        }
        // An HTTP status is a whole number from 100 to 599; anything else (2e21, 1e300, 200.5) is not one,
        // and converting it to Int would trap.
        guard let code = response["status_code"]?.double, code >= 100, code <= 599, code == code.rounded() else {
            return .failure(Unusable(key: "status_code", message: "expected response.status_code, an HTTP status from 100 to 599"))
        }
        let status = Int(code)
        guard (200...299).contains(status) else {
            let body = response["body"]
            let message = body?["error"]?["message"]?.string ?? body?.compactJSON ?? "no body"
            return .success(.error("the batch engine answered HTTP \(status): \(message)", line: number))
        }
        guard let body = response["body"], let reply = try? ChatCompletionReply(json: body) else {
            return .failure(Unusable(key: "body", message: "expected response.body to be a chat completion with choices"))
        }
        guard !reply.choices.isEmpty else {
            return .failure(Unusable(key: "choices", message: "the chat completion in response.body has no choices"))
        }
        return .success(.reply(reply, line: number))
    }
}

/// A line of a batch output file that could not be used as it is, or a request the file does not
/// answer: counted and named, never dropped.
public struct BatchProblem: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Not JSON, not an object, no `custom_id`, or a reply that is not a chat completion.
        case malformed
        /// A `custom_id` already on an earlier line.
        case duplicate
        /// The engine's error for the request (an `error` object, or a status that is not 2xx).
        case error
        /// A `custom_id` that no request of this run asks for (another run's, rubric's or model's).
        case foreign
        /// A request the judge asks for that the file does not answer.
        case missing
    }

    /// What is wrong.
    public var kind: Kind
    /// The `custom_id` concerned, when there is one.
    public var customID: String?
    /// Where (file, line, column; no line for a missing request) and what.
    public var location: InputError

    /// Creates a problem.
    public init(kind: Kind, customID: String?, location: InputError) {
        self.kind = kind
        self.customID = customID
        self.location = location
    }

    /// `kind: file line N, column C: message`.
    public var description: String { "\(kind.rawValue): \(location)" }
}
