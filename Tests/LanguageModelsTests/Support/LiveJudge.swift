import Foundation

@testable import LanguageModels

/// The local judge the test command starts (`scripts/local-judge start`), at
/// `JUDGECAL_BASE_URL` or the default address.
///
/// Live tests do not skip when it is down: their first call fails with the client's
/// message saying how to start it.
enum LiveJudge {
    /// A client for the local judge; `environment` adds variables (such as an API key) to the process's.
    static func model(environment extra: [String: String] = [:], apiKeyVariable: String? = nil) throws
        -> OpenAICompatibleModel
    {
        let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        var configuration = try OpenAICompatibleModel.Configuration.resolved(environment: environment)
        configuration.apiKeyVariable = apiKeyVariable
        configuration.requestTimeout = 300  // the judge may be busy with other clients' long prompts
        return try OpenAICompatibleModel(configuration: configuration, environment: environment)
    }
}
