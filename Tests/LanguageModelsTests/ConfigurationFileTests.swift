import DataFormats
import Foundation
import Testing

@testable import LanguageModels
@testable import judgecal

@Suite("Model configuration files: every key a setting, errors located, advice that fits where the address came from")
struct ConfigurationFileTests {
    typealias Configuration = OpenAICompatibleModel.Configuration

    /// Writes `text` to a temporary JSON file, runs `body` on it, and removes it.
    private func withFile<T>(_ text: String, _ body: (URL) throws -> T) throws -> T {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-config-\(UUID()).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try body(file)
    }

    /// The error reading a configuration file of `text` throws.
    private func error(reading text: String) throws -> InputError {
        try withFile(text) { file in try #require(throws: InputError.self) { try Configuration.Overrides(contentsOf: file) } }
    }

    @Test("The file's keys are exactly the overrides' settings, in declaration order")
    func keys() {
        #expect(
            Configuration.Overrides.fileKeys == [
                "baseURL", "model", "apiKeyVariable", "connectTimeout", "firstByteTimeout", "requestTimeout",
                "maxConcurrentRequests", "maxReplyBytes", "structuredOutput", "endpoints", "endpointBackoff",
            ])
        #expect(Configuration.Endpoint.fileKeys == ["baseURL", "maxConcurrentRequests", "weight", "apiKeyVariable"])
    }

    @Test("Endpoints: a file's list with limits, weights and keys; a flag's one address replaces it, several replace it too")
    func endpoints() throws {
        let text = """
            {"endpointBackoff": 5, "endpoints": [
              {"baseURL": "http://a:1/v1", "maxConcurrentRequests": 16, "weight": 2},
              {"baseURL": "http://b:1/v1", "apiKeyVariable": "B_KEY"}
            ]}
            """
        let fromFile = try withFile(text) { try Configuration.resolved(environment: [:], file: $0) }
        #expect(
            fromFile.endpoints == [
                .init(baseURL: "http://a:1/v1", maxConcurrentRequests: 16, weight: 2),
                .init(baseURL: "http://b:1/v1", apiKeyVariable: "B_KEY"),
            ])
        #expect(fromFile.endpointBackoff == 5)
        #expect(fromFile.baseURL == "http://a:1/v1", "the first endpoint's address is the one messages name")
        var one = Configuration.Overrides()
        one.setBaseURLs(["http://flag:1/v1"])
        let replaced = try withFile(text) { try Configuration.resolved(overrides: one, environment: [:], file: $0) }
        #expect(replaced.endpoints.isEmpty && replaced.servingEndpoints == [.init(baseURL: "http://flag:1/v1")])
        var several = Configuration.Overrides()
        several.setBaseURLs(["http://x:1/v1", "http://y:1/v1"])
        let flags = try Configuration.resolved(overrides: several, environment: ["JUDGECAL_BASE_URL": "http://env:1/v1"])
        #expect(flags.servingEndpoints.map(\.baseURL) == ["http://x:1/v1", "http://y:1/v1"])
        #expect(flags.baseURLSource == .overrides)
    }

    @Test("A misspelt endpoint key: its line and column, the nearest endpoint setting; a missing baseURL is named")
    func endpointErrors() throws {
        let misspelt = try error(
            reading: "{\"endpoints\": [\n  {\"baseURL\": \"http://a:1/v1\"},\n  {\"baseURL\": \"http://b:1/v1\", \"wieght\": 2}\n]}")
        #expect(misspelt.line == 3)
        #expect(misspelt.column == "32")
        #expect(misspelt.message.hasPrefix("endpoints[1]: wieght is not an endpoint setting; did you mean weight?"))
        let missing = try error(reading: "{\"endpoints\": [\n{\"weight\": 2}\n]}")
        #expect(missing.line == 2)
        #expect(missing.message.contains("endpoints[0] needs baseURL"), "\(missing.message)")
    }

    @Test("A model refuses an endpoint with a weight or limit out of range, naming the endpoint")
    func endpointValues() throws {
        let bad = Configuration(endpoints: [.init(baseURL: "http://a:1/v1"), .init(baseURL: "http://b:1/v1", weight: 0)])
        let error = try #require(throws: LanguageModelError.self) { try OpenAICompatibleModel(configuration: bad, environment: [:]) }
        #expect(error.message == "endpoint 2 (http://b:1/v1): weight is 0.0; a weight is a positive number")
        let noKey = Configuration(endpoints: [
            .init(baseURL: "http://a:1/v1", apiKeyVariable: "UNSET_KEY"), .init(baseURL: "http://b:1/v1"),
        ])
        let keyError = try #require(throws: LanguageModelError.self) { try OpenAICompatibleModel(configuration: noKey, environment: [:]) }
        #expect(keyError.message.hasPrefix("endpoint 1 (http://a:1/v1): the API key variable UNSET_KEY"))
    }

    /// Issue #29: a timeout of 1e16 s or more overflowed libcurl's milliseconds and trapped before any request.
    @Test("A timeout above a week, or not a positive number, is a configuration error naming it; a week is accepted")
    func timeoutBounds() throws {
        for (configuration, name) in [
            (Configuration(connectTimeout: 1e16), "connectTimeout"), (Configuration(requestTimeout: 1e300), "requestTimeout"),
            (Configuration(firstByteTimeout: .infinity), "firstByteTimeout"), (Configuration(connectTimeout: -1), "connectTimeout"),
            (Configuration(requestTimeout: .nan), "requestTimeout"),
        ] {
            let error = try #require(throws: LanguageModelError.self) {
                try OpenAICompatibleModel(configuration: configuration, environment: [:])
            }
            #expect(error.message.hasPrefix("\(name) is "), "\(error.message)")
            #expect(error.message.hasSuffix("at most 604800 (a week)"))
        }
        _ = try OpenAICompatibleModel(configuration: Configuration(requestTimeout: Configuration.maximumTimeout), environment: [:])
    }

    @Test("A misspelt key: file, line and column of the key, the nearest setting, and the settings")
    func misspeltKey() throws {
        let misspelt = try error(reading: "{\n  \"model\": \"m\",\n    \"baseUrl\": \"http://x:1/v1\"\n}")
        #expect(misspelt.line == 3)
        #expect(misspelt.column == "5")
        #expect(misspelt.message.hasPrefix("baseUrl is not a model setting; did you mean baseURL?; the settings are baseURL, model,"))
    }

    @Test("Of several unknown keys the first in the file is named; a key far from every setting gets no suggestion")
    func firstUnknownKey() throws {
        let error = try withFile(#"{"model": "m", "zzz": 1, "aaa": 2}"#) { file in
            try #require(throws: InputError.self) { try Configuration.resolved(environment: [:], file: file) }
        }
        #expect(error.line == 1)
        #expect(error.column == "16")
        #expect(error.message.hasPrefix("zzz is not a model setting; the settings are"))
    }

    @Test("A value of the wrong kind names its key and line; an unknown structured-output form lists the forms")
    func wrongKinds() throws {
        let timeout = try error(reading: "{\n\"connectTimeout\": \"ten\"\n}")
        #expect(timeout.line == 2)
        #expect(timeout.message == "connectTimeout must be a number")
        let form = try error(reading: #"{"structuredOutput": "xml"}"#)
        #expect(form.message == "structuredOutput must be one of openAI, llamaCpp, promptOnly, detect")
        let array = try error(reading: "[1]")
        #expect(array.message.hasPrefix("expected a JSON object of model settings"))
    }

    @Test("Every setting a file may hold is read")
    func everySetting() throws {
        let overrides = try withFile(
            #"{"baseURL": "http://f:1/v1", "model": "m", "apiKeyVariable": "K", "connectTimeout": 3, "firstByteTimeout": 4, "requestTimeout": 5, "maxConcurrentRequests": 6, "structuredOutput": "promptOnly"}"#
        ) { try Configuration.Overrides(contentsOf: $0) }
        #expect(
            overrides
                == Configuration.Overrides(
                    baseURL: "http://f:1/v1", model: "m", apiKeyVariable: "K", connectTimeout: 3, firstByteTimeout: 4,
                    requestTimeout: 5, maxConcurrentRequests: 6, structuredOutput: .promptOnly))
    }

    @Test("The base URL's source is the last layer that set it: default, file, environment, flag")
    func sources() throws {
        try withFile(#"{"baseURL": "http://file:1/v1"}"#) { file in
            let name = InputFile.displayName(file)
            #expect(try Configuration.resolved(environment: [:]).baseURLSource == .defaults)
            #expect(try Configuration.resolved(environment: [:], file: file).baseURLSource == .file(name))
            let environment = ["JUDGECAL_BASE_URL": "http://env:2/v1"]
            #expect(try Configuration.resolved(environment: environment, file: file).baseURLSource == .environment)
            let flagged = try Configuration.resolved(
                overrides: .init(baseURL: "http://flag:3/v1"), environment: environment, file: file)
            #expect(flagged.baseURLSource == .overrides)
            #expect(flagged.baseURL == "http://flag:3/v1")
            // A file that sets other keys leaves the address's source alone.
            #expect(try Configuration.resolved(overrides: .init(model: "m"), environment: [:]).baseURLSource == .defaults)
        }
    }

    @Test("The request limit's source: default, then the file or the caller's overrides that set it")
    func concurrencySource() throws {
        #expect(try Configuration.resolved(environment: [:]).maxConcurrentRequestsSource == .defaults)
        let otherKeys = try withFile(#"{"baseURL": "http://file:1/v1"}"#) { try Configuration.resolved(environment: [:], file: $0) }
        #expect(otherKeys.maxConcurrentRequestsSource == .defaults, "a file that sets other keys leaves the limit's source alone")
        try withFile(#"{"maxConcurrentRequests": 8}"#) { file in
            let name = InputFile.displayName(file)
            let fromFile = try Configuration.resolved(environment: [:], file: file)
            #expect(fromFile.maxConcurrentRequestsSource == .file(name) && fromFile.maxConcurrentRequests == 8)
            let flagged = try Configuration.resolved(overrides: .init(maxConcurrentRequests: 3), environment: [:], file: file)
            #expect(flagged.maxConcurrentRequestsSource == .overrides && flagged.maxConcurrentRequests == 3)
        }
        #expect(Configuration().maxConcurrentRequestsSource == nil, "built directly: no source")
    }

    @Test("Nothing answers: 'pass --base-url' only when it was not passed; the setting that named the address otherwise")
    func unreachableAdvice() throws {
        var configuration = Configuration(baseURL: "http://127.0.0.1:9/v1")
        configuration.advice = ModelMessages.advice
        #expect(
            configuration.unreachableMessage
                == "no judge server answers at http://127.0.0.1:9/v1 — start one with `scripts/local-judge start`, or pass --base-url")
        configuration.baseURLSource = .overrides
        #expect(
            configuration.unreachableMessage
                == "no judge server answers at http://127.0.0.1:9/v1 (given with --base-url) — start the server there, or correct the address"
        )
        configuration.baseURLSource = .environment
        #expect(configuration.unreachableMessage.contains("(from JUDGECAL_BASE_URL)"))
        configuration.baseURLSource = .file("model.json")
        #expect(configuration.unreachableMessage.contains("(from baseURL in model.json)"))
        for source in [Configuration.Source.overrides, .environment, .file("model.json")] {
            configuration.baseURLSource = source
            #expect(!configuration.unreachableMessage.contains("pass --base-url"))
        }
    }

    @Test("Without a tool's advice the client names its own settings, and a tool's words replace only what they cover")
    func ownAdvice() throws {
        var configuration = Configuration(baseURL: "http://127.0.0.1:9/v1")
        #expect(
            configuration.unreachableMessage
                == "no judge server answers at http://127.0.0.1:9/v1 — start one with `scripts/local-judge start`, or set baseURL")
        configuration.baseURLSource = .overrides
        #expect(configuration.unreachableMessage.contains("(from the caller's overrides)"))
        configuration.baseURL = "127.0.0.1:9/v1"
        configuration.baseURLSource = nil
        #expect(configuration.notHTTPMessage.hasSuffix("; set baseURL such as http://127.0.0.1:8080/v1"))
        let partial = Configuration.Advice(changing: [.requestTimeout: "add time"])
        #expect(partial.change(.requestTimeout) == "add time")
        #expect(partial.change(.firstByteTimeout) == "raise firstByteTimeout")
        for setting in Configuration.Setting.allCases {
            #expect(!Configuration.Advice().change(setting).contains("--"), "the client names no flag of its own")
        }
    }

    @Test("A client for a flag's address that nothing listens at says so, without advising the flag")
    func unreachableThroughTheClient() async throws {
        var configuration = try Configuration.resolved(
            overrides: .init(baseURL: "http://127.0.0.1:9/v1", connectTimeout: 1), environment: [:])
        configuration.advice = ModelMessages.advice
        let model = try OpenAICompatibleModel(configuration: configuration)
        let error = try await #require(throws: LanguageModelError.self) {
            try await model.respond(to: ChatRequest(messages: [ChatMessage(.user, "anyone?")]))
        }
        #expect(error.code == .serverUnreachable)
        #expect(error.message.contains("(given with --base-url)"))
        #expect(!error.message.contains("pass --base-url"))
    }

    @Test("A base URL that is not http(s), from a flag, names the flag instead of advising it")
    func notHTTP() throws {
        var configuration = try Configuration.resolved(overrides: .init(baseURL: "127.0.0.1:8080/v1"), environment: [:])
        configuration.advice = ModelMessages.advice
        let error = try #require(throws: LanguageModelError.self) { try OpenAICompatibleModel(configuration: configuration) }
        #expect(
            error.message
                == "base URL 127.0.0.1:8080/v1 (given with --base-url) is not an http:// or https:// address; correct it, such as http://127.0.0.1:8080/v1"
        )
    }
}
