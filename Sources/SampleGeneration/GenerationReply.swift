internal import DataFormats
internal import Foundation

/// Reads a generation reply into candidate samples: the `samples` array of a JSON object, a bare
/// JSON array, or one JSON object standing for one sample.
///
/// Text around the JSON (a model's preamble, a code fence) is tolerated: when the whole reply does
/// not parse, the span from its first `{` to its last `}` is tried. Each element is decoded on its
/// own, so one malformed element is one unreadable candidate and the others still count.
enum GenerationReply {
    /// One element of a reply: a sample, or the element's text and why it did not read.
    enum Candidate<Sample: GeneratableSample> {
        case sample(Sample)
        case unreadable(text: String, reason: String)
    }

    /// The reply's candidates; a reply that is not JSON at all is one unreadable candidate.
    static func candidates<Sample: GeneratableSample>(in reply: String, as _: Sample.Type) -> [Candidate<Sample>] {
        guard let value = json(in: reply) else {
            return [.unreadable(text: reply, reason: "the reply is not JSON")]
        }
        let elements: [JSONValue]
        if let list = value["samples"]?.array ?? value.array {
            elements = list
        } else {
            elements = [value]
        }
        if elements.isEmpty { return [.unreadable(text: reply, reason: "the reply holds no samples")] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return elements.map { element in
            let data = (try? encoder.encode(element)) ?? Data()
            let text = String(decoding: data, as: UTF8.self)
            do {
                return .sample(try JSONDecoder().decode(Sample.self, from: data))
            } catch let error as DecodingError {
                return .unreadable(text: text, reason: "not a sample: \(error.readableDescription)")
            } catch {
                return .unreadable(text: text, reason: "not a sample: \(error)")
            }
        }
    }

    /// The reply's JSON: all of it, or the span from the first `{` to the last `}`.
    private static func json(in reply: String) -> JSONValue? {
        if let whole = try? JSONValue.parse(Data(reply.utf8)) { return whole }
        guard let open = reply.firstIndex(of: "{"), let close = reply.lastIndex(of: "}"), open < close else { return nil }
        return try? JSONValue.parse(Data(reply[open...close].utf8))
    }
}
