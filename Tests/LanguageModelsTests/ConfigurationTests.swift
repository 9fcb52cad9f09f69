import DataFormats
import Foundation
import Testing

@testable import LanguageModels

@Suite("Model configuration")
struct ConfigurationTests {
    typealias Configuration = OpenAICompatibleModel.Configuration

    @Test("Defaults point at the local judge")
    func defaults() throws {
        let configuration = try Configuration.resolved(environment: [:])
        #expect(configuration.baseURL == "http://127.0.0.1:8080/v1")
        #expect(configuration.model == "SmolLM2-135M-Instruct")
        #expect(configuration.apiKeyVariable == nil)
    }

    @Test("Flags beat the environment, which beats the configuration file")
    func precedence() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-config-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"baseURL": "http://file:1/v1", "model": "from-file", "apiKeyVariable": "FILE_KEY", "maxConcurrentRequests": 9}"#.utf8)
            .write(to: file)
        let configuration = try Configuration.resolved(
            overrides: .init(model: "from-flag"),
            environment: ["JUDGECAL_BASE_URL": "http://env:2/v1", "JUDGECAL_MODEL": "from-env"], file: file)
        #expect(configuration.model == "from-flag")
        #expect(configuration.baseURL == "http://env:2/v1")
        #expect(configuration.apiKeyVariable == "FILE_KEY")
        #expect(configuration.maxConcurrentRequests == 9)
    }

    @Test("A configuration file that is not JSON: an input error naming the file, line and column")
    func badFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("judgecal-config-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("baseURL = nope".utf8).write(to: file)
        let error = try #require(throws: InputError.self) { try Configuration.resolved(environment: [:], file: file) }
        #expect(error.file == InputFile.displayName(file))
        #expect(error.line == 1)
        #expect(error.column == "1")
    }

    @Test("An API key variable that is not set: an error naming the variable")
    func missingKey() throws {
        let error = try #require(throws: LanguageModelError.self) {
            try OpenAICompatibleModel(configuration: .init(apiKeyVariable: "JUDGECAL_TEST_NO_SUCH_KEY"), environment: [:])
        }
        #expect(error.code == .configuration)
        #expect(error.message.contains("JUDGECAL_TEST_NO_SUCH_KEY"))
    }

    @Test("A base URL that is not http(s) is refused")
    func badBaseURL() throws {
        #expect(throws: LanguageModelError.self) {
            try OpenAICompatibleModel(configuration: .init(baseURL: "127.0.0.1:8080/v1"), environment: [:])
        }
    }
}
