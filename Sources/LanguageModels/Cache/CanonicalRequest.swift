import DataFormats

/// The canonical JSON text of a cache key's content: the key format's
/// version, the model name and the whole request, with object keys sorted and
/// no insignificant whitespace, so that equal requests give equal bytes.
///
/// Written by hand rather than with `JSONEncoder` because it runs once per
/// cached call and the cached path must sustain tens of thousands of calls a
/// second; `ResponseCacheTests` checks that it is valid JSON that decodes to
/// the same request.
struct CanonicalRequest {
    /// The key format; change it when the meaning of a key changes.
    static let version = 1

    private(set) var bytes: [UInt8] = []

    init(model: String, request: ChatRequest) {
        bytes.reserveCapacity(256)
        bytes.append(contentsOf: #"{"model":"#.utf8)
        string(model)
        bytes.append(contentsOf: #","request":{"choices":"#.utf8)
        integer(request.choices)
        bytes.append(contentsOf: #","logprobs":"#.utf8)
        bytes.append(contentsOf: (request.logprobs ? "true" : "false").utf8)
        optional(#","maxTokens":"#, request.maxTokens)
        bytes.append(contentsOf: #","messages":["#.utf8)
        for (index, message) in request.messages.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: #"{"content":"#.utf8)
            string(message.content)
            bytes.append(contentsOf: #","role":"#.utf8)
            string(message.role.rawValue)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: #"],"sampleIndex":"#.utf8)
        integer(request.sampleIndex)
        if let schema = request.schema {
            bytes.append(contentsOf: #","schema":"#.utf8)
            value(schema)
        }
        optional(#","seed":"#, request.seed)
        if let temperature = request.temperature {
            bytes.append(contentsOf: #","temperature":"#.utf8)
            number(temperature)
        }
        optional(#","topLogprobs":"#, request.topLogprobs)
        bytes.append(contentsOf: #"},"version":"#.utf8)
        integer(Self.version)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes `prefix` (`,"name":`) and the value, when there is one.
    private mutating func optional(_ prefix: String, _ value: Int?) {
        guard let value else { return }
        bytes.append(contentsOf: prefix.utf8)
        integer(value)
    }

    private mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    private mutating func number(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            integer(Int(value))
        } else if value.isFinite {
            bytes.append(contentsOf: String(value).utf8)
        } else {
            bytes += Array("null".utf8)  // JSON has no infinities; no request parameter holds one
        }
    }

    private mutating func value(_ value: JSONValue) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                self.value(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                string(member.key)
                bytes.append(UInt8(ascii: ":"))
                self.value(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func string(_ text: String) {
        JSONValue.appendQuoted(text, to: &bytes)
    }
}
