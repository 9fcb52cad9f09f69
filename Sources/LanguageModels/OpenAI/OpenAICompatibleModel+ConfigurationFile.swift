import DataFormats
public import Foundation

extension OpenAICompatibleModel.Configuration.Overrides {
    /// The keys a configuration file may hold: the names of these overrides'
    /// settings (`baseURL`, `model`, …), in declaration order.
    ///
    /// Read from the type itself, so a setting added to ``Overrides`` is a key
    /// of the file without a second list to keep in step.
    public static var fileKeys: [String] { Mirror(reflecting: Self()).children.compactMap(\.label) }

    /// The overrides a JSON configuration file sets, such as
    /// `{"baseURL": "http://127.0.0.1:8080/v1", "firstByteTimeout": 1200}`.
    ///
    /// Every key must be one of ``fileKeys``: a misspelt key is an error, not a
    /// setting silently left at its default.
    ///
    /// - Throws: ``InputError`` naming the file (as ``InputFile/displayName(_:)``
    ///   gives it): JSON that does not parse (its line and column), a document
    ///   that is not an object, a key that is not a setting (its line and
    ///   column, and the nearest key when one is close), or a value of the wrong
    ///   kind (its line).
    public init(contentsOf url: URL) throws {
        let file = InputFile.displayName(url)
        let data = try InputFile.read(url)
        let (document, lines) = try JSONValue.parseLocated(data, file: file)
        guard case .object(let members) = document else {
            throw InputError(
                file: file, line: lines.line(of: ""),
                message: "expected a JSON object of model settings, such as "
                    + #"{"baseURL": "http://127.0.0.1:8080/v1", "model": "SmolLM2-135M-Instruct"}"#)
        }
        let known = Self.fileKeys
        let text = String(decoding: data, as: UTF8.self)
        let unknown = members.keys.filter { !known.contains($0) }.map { key in
            (key: key, position: Self.position(ofKey: key, valueLine: lines.line(of: key) ?? 1, in: text))
        }
        // The first unknown key as the file is read.
        if let (key, position) = unknown.min(by: {
            ($0.position.line, $0.position.column ?? .max, $0.key) < ($1.position.line, $1.position.column ?? .max, $1.key)
        }) {
            throw InputError(
                file: file, line: position.line, column: position.column.map(String.init),
                message: "\(key) is not a model setting" + Suggestion.phrase(for: key, among: known)
                    + "; the settings are \(known.joined(separator: ", "))")
        }
        try Self.checkEndpointKeys(members["endpoints"], file: file, lines: lines, text: text)
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch let error as DecodingError {
            throw Self.located(error, file: file, lines: lines)
        }
    }

    /// Refuses a key of an `endpoints` entry that is not an endpoint setting
    /// (``OpenAICompatibleModel/Configuration/Endpoint/fileKeys``), on the line of its value.
    private static func checkEndpointKeys(_ endpoints: JSONValue?, file: String, lines: JSONLines, text: String) throws {
        guard case .array(let entries)? = endpoints else { return }
        let known = OpenAICompatibleModel.Configuration.Endpoint.fileKeys
        for (index, entry) in entries.enumerated() {
            guard case .object(let members) = entry, let key = members.keys.sorted().first(where: { !known.contains($0) })
            else { continue }
            let line = lines.line(of: "endpoints[\(index)].\(key)") ?? lines.line(of: "endpoints[\(index)]") ?? 1
            let position = Self.position(ofKey: key, valueLine: line, in: text)
            throw InputError(
                file: file, line: position.line, column: position.column.map(String.init),
                message: "endpoints[\(index)]: \(key) is not an endpoint setting" + Suggestion.phrase(for: key, among: known)
                    + "; the settings are \(known.joined(separator: ", "))")
        }
    }

    /// Where the member `key` of the top-level object is written: the line its
    /// value starts on or the nearest line above holding `"key"` before a
    /// colon, and the 1-based column of its opening quote (`nil` when the key
    /// is written with escapes, so that its text differs from its value).
    static func position(ofKey key: String, valueLine: Int, in text: String) -> (line: Int, column: Int?) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let quoted = "\"\(key)\""
        for number in stride(from: min(valueLine, lines.count), through: 1, by: -1) {
            let line = lines[number - 1]
            var searchFrom = line.startIndex
            while let found = line[searchFrom...].range(of: quoted) {
                if line[found.upperBound...].drop(while: { $0 == " " || $0 == "\t" }).first == ":" {
                    return (number, line.unicodeScalars.distance(from: line.startIndex, to: found.lowerBound) + 1)
                }
                searchFrom = found.upperBound
            }
        }
        return (valueLine, nil)
    }

    /// A decoding error as an ``InputError`` on the line of the value it concerns.
    private static func located(_ error: DecodingError, file: String, lines: JSONLines) -> InputError {
        func kind(_ type: Any.Type) -> String {
            switch type {
            case is Double.Type: "a number"
            case is Int.Type: "a whole number"
            case is String.Type: "a string"
            default: "\(type)"
            }
        }
        let path: [any CodingKey]
        let message: String
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            path = context.codingPath
            message = "\(JSONLines.path(path)) must be \(kind(type))"
        case .dataCorrupted(let context) where JSONLines.path(context.codingPath) == "structuredOutput":
            path = context.codingPath
            message =
                "structuredOutput must be one of "
                + OpenAICompatibleModel.StructuredOutputSupport.allCases.map(\.rawValue).joined(separator: ", ")
        case .keyNotFound(let key, let context):
            path = context.codingPath
            message = "\(JSONLines.path(path)) needs \(key.stringValue), such as {\"baseURL\": \"http://127.0.0.1:8000/v1\"}"
        case .dataCorrupted(let context):
            path = context.codingPath
            message = context.debugDescription
        @unknown default:
            path = []
            message = "\(error)"
        }
        return InputError(file: file, line: lines.line(nearest: path), message: message)
    }
}

extension OpenAICompatibleModel.Configuration {
    /// Where a configuration's ``baseURL`` (or ``maxConcurrentRequests``) was set, so that advice
    /// about reaching the server names the setting to change.
    public enum Source: Sendable, Hashable, Codable {
        /// Nothing set it: the local judge's address.
        case defaults
        /// The configuration file at this path.
        case file(String)
        /// The `JUDGECAL_BASE_URL` environment variable.
        case environment
        /// The caller's overrides (for a command-line tool, its flags; the tool names them in
        /// ``Advice/overridesOrigin``).
        case overrides
    }

    /// Where ``baseURL`` was set, in words (`from JUDGECAL_BASE_URL`; for the caller's overrides,
    /// ``Advice/overridesOrigin``), or `nil` when it is the default or the configuration was built directly.
    var baseURLOrigin: String? {
        switch baseURLSource {
        case nil, .defaults?: nil
        case .file(let path)?: "from baseURL in \(path)"
        case .environment?: "from JUDGECAL_BASE_URL"
        case .overrides?: advice.overridesOriginWords
        }
    }

    /// The error's message when nothing answers at ``baseURL``: how to start the
    /// local judge or change the address (``Advice/change(_:)`` of ``Setting/baseURL``) for the
    /// default address, otherwise which setting named the address (advice to change it is no help
    /// when the user just did).
    var unreachableMessage: String {
        guard let origin = baseURLOrigin else {
            return "no judge server answers at \(baseURL) — start one with `scripts/local-judge start`, or \(advice.change(.baseURL))"
        }
        return "no judge server answers at \(baseURL) (\(origin)) — start the server there, or correct the address"
    }

    /// The error's message when ``baseURL`` is not an http(s) address, naming
    /// the setting it came from.
    var notHTTPMessage: String {
        guard let origin = baseURLOrigin else {
            return "base URL \(baseURL) is not an http:// or https:// address; \(advice.change(.baseURL)) such as \(Self.defaultBaseURL)"
        }
        return "base URL \(baseURL) (\(origin)) is not an http:// or https:// address; correct it, such as \(Self.defaultBaseURL)"
    }
}
