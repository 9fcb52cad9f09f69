/// A compact binary form of ``ChatResponse`` for the cache's `response`
/// column: decoding it costs a small fraction of decoding JSON, which keeps
/// the cached path above 50,000 calls a second.
///
/// Layout (little-endian): format byte `1`; latency (Float64); model
/// (string); usage flag (UInt8) then prompt and completion tokens (Int64
/// each); choice count (UInt32), then per choice: text (string), finish-reason
/// flag and string, tokens flag, count (UInt32) and per token: text (string),
/// log-probability (Float64), alternative count (UInt32) and per alternative a
/// string and a Float64. A string is a UInt32 byte count and its UTF-8 bytes.
enum ResponseCodec {
    static let format: UInt8 = 1

    /// The response's bytes.
    static func encode(_ response: ChatResponse) -> [UInt8] {
        var writer = Writer()
        writer.bytes.append(format)
        writer.double(response.latency)
        writer.string(response.model)
        if let usage = response.usage {
            writer.bytes.append(1)
            writer.integer(usage.promptTokens)
            writer.integer(usage.completionTokens)
        } else {
            writer.bytes.append(0)
        }
        writer.count(response.choices.count)
        for choice in response.choices {
            writer.string(choice.text)
            writer.optionalString(choice.finishReason)
            if let tokens = choice.tokens {
                writer.bytes.append(1)
                writer.count(tokens.count)
                for token in tokens {
                    writer.string(token.token)
                    writer.double(token.logprob)
                    writer.count(token.top.count)
                    for alternative in token.top {
                        writer.string(alternative.token)
                        writer.double(alternative.logprob)
                    }
                }
            } else {
                writer.bytes.append(0)
            }
        }
        return writer.bytes
    }

    /// The response in `bytes`, or `nil` when they are not a response in this format.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> ChatResponse? {
        var reader = Reader(bytes: bytes)
        guard reader.byte() == format, let latency = reader.double(), let model = reader.string(),
            let usageFlag = reader.byte()
        else { return nil }
        var usage: TokenUsage?
        if usageFlag == 1 {
            guard let prompt = reader.integer(), let completion = reader.integer() else { return nil }
            usage = TokenUsage(promptTokens: prompt, completionTokens: completion)
        }
        guard let choiceCount = reader.count() else { return nil }
        var choices: [ChatResponse.Choice] = []
        choices.reserveCapacity(choiceCount)
        for _ in 0..<choiceCount {
            guard let text = reader.string(), let finishFlag = reader.byte() else { return nil }
            var finishReason: String?
            if finishFlag == 1 {
                guard let reason = reader.string() else { return nil }
                finishReason = reason
            }
            guard let tokensFlag = reader.byte() else { return nil }
            var tokens: [TokenLogprob]?
            if tokensFlag == 1 {
                guard let tokenCount = reader.count() else { return nil }
                var decoded: [TokenLogprob] = []
                decoded.reserveCapacity(tokenCount)
                for _ in 0..<tokenCount {
                    guard let token = reader.string(), let logprob = reader.double(), let topCount = reader.count() else {
                        return nil
                    }
                    var top: [TokenLogprob.Alternative] = []
                    for _ in 0..<topCount {
                        guard let alternative = reader.string(), let value = reader.double() else { return nil }
                        top.append(.init(token: alternative, logprob: value))
                    }
                    decoded.append(TokenLogprob(token: token, logprob: logprob, top: top))
                }
                tokens = decoded
            }
            choices.append(.init(text: text, finishReason: finishReason, tokens: tokens))
        }
        guard reader.atEnd else { return nil }
        return ChatResponse(choices: choices, model: model, usage: usage, latency: latency)
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func double(_ value: Double) { fixed(value.bitPattern) }
        mutating func integer(_ value: Int) { fixed(UInt64(bitPattern: Int64(value))) }
        mutating func count(_ value: Int) { fixed(UInt32(value)) }

        mutating func string(_ value: String) {
            let utf8 = value.utf8
            count(utf8.count)
            bytes += utf8
        }

        mutating func optionalString(_ value: String?) {
            if let value {
                bytes.append(1)
                string(value)
            } else {
                bytes.append(0)
            }
        }

        private mutating func fixed<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var atEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func double() -> Double? { fixed(UInt64.self).map(Double.init(bitPattern:)) }
        mutating func integer() -> Int? { fixed(UInt64.self).map { Int(Int64(bitPattern: $0)) } }
        mutating func count() -> Int? { fixed(UInt32.self).map(Int.init) }

        mutating func string() -> String? {
            guard let length = count(), length <= bytes.count - offset else { return nil }
            defer { offset += length }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        }

        private mutating func fixed<T: FixedWidthInteger>(_ type: T.Type) -> T? {
            let size = MemoryLayout<T>.size
            guard size <= bytes.count - offset else { return nil }
            defer { offset += size }
            return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
        }
    }
}
