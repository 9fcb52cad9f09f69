import DataFormats
import Foundation

extension OpenAICompatibleModel {
    /// What replaces the API key wherever a server echoes it.
    static let redactionMark = "[API key removed]"

    /// `text` with every endpoint's API key cut out.
    func redacted(_ text: String) -> String {
        apiKeys.reduce(text) { $0.replacingOccurrences(of: $1, with: Self.redactionMark) }
    }

    /// `reply` with every endpoint's API key cut out of its body and every header value.
    ///
    /// Some proxies echo the request's `Authorization` header in their replies, in an error or even
    /// in a completion's text; the reply is redacted as it arrives, before anything decodes, caches,
    /// records or prints it. The key is also looked for as JSON writes it with `/` escaped (`\/`), and
    /// in the body's decoded strings (``redactedDecoded(_:)``).
    func redacted(_ reply: HTTPReply) -> HTTPReply {
        guard !apiKeys.isEmpty else { return reply }
        var reply = reply
        let mark = Array(Self.redactionMark.utf8)
        var body = reply.body
        for form in Set(apiKeys + apiKeys.map { $0.replacingOccurrences(of: "/", with: "\\/") }) {
            body = body.replacingAll(Array(form.utf8), with: mark)
        }
        reply.body = redactedDecoded(body)
        reply.headers = reply.headers.mapValues(redacted)
        return reply
    }

    /// A JSON body whose strings, once decoded, still hold a key: JSON may escape any character
    /// (`+` as `\u002B`, or every one as `\uXXXX`), which no byte pattern catches, so the decoded
    /// strings are searched too and, when one holds a key, the body is written again with it cut out.
    /// A body that is not JSON, or holds no key, is returned as it came.
    ///
    /// Only a body that holds a `\u` escape is decoded (a key holding `"` or `\` aside, which JSON
    /// escapes without one): without one, the byte pass above has seen every key as written, and
    /// every reply need not be parsed twice.
    private func redactedDecoded(_ body: [UInt8]) -> [UInt8] {
        let unicodeEscape: [UInt8] = [0x5C, 0x75]  // \u
        guard apiKeys.contains(where: { $0.contains("\"") || $0.contains("\\") })
            || body.indices.dropLast().contains(where: { body[$0] == unicodeEscape[0] && body[$0 + 1] == unicodeEscape[1] })
        else { return body }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) else { return body }
        func clean(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let text): .string(redacted(text))
            case .array(let items): .array(items.map(clean))
            case .object(let fields): .object(Dictionary(fields.map { (redacted($0.key), clean($0.value)) }, uniquingKeysWith: { first, _ in first }))
            case .null, .bool, .number: value
            }
        }
        let cleaned = clean(value)
        guard cleaned != value, let data = try? JSONEncoder().encode(cleaned) else { return body }
        return Array(data)
    }
}

extension Array where Element == UInt8 {
    /// The bytes with every occurrence of `pattern` (not empty) replaced by `replacement`.
    fileprivate func replacingAll(_ pattern: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        guard !pattern.isEmpty, count >= pattern.count else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(count)
        var i = 0
        while i < count {
            if self[i] == pattern[0], i + pattern.count <= count, self[i..<(i + pattern.count)].elementsEqual(pattern) {
                result += replacement
                i += pattern.count
            } else {
                result.append(self[i])
                i += 1
            }
        }
        return result
    }
}
