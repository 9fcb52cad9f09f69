import DataFormats
import LanguageModels

/// `judgecal`'s words for the model client: the advice its errors end with, naming the flags and
/// `--model-config` keys that change each setting, and the configuration file's keys in the help.
enum ModelMessages {
    /// The note that fewer requests than the rows judged at once can be in flight.
    static func cappedConcurrency(rows: Int, inFlight: Int, endpoints: Int, asked: Bool) -> String {
        let across = endpoints > 1 ? " across \(endpoints) endpoints" : ""
        return "\(rows) rows at once\(asked ? " (--concurrency)" : ""), at most \(inFlight) requests in flight\(across) "
            + "(maxConcurrentRequests in --model-config): raise maxConcurrentRequests to send more"
    }

    /// How a `judgecal` user changes the client's settings (``OpenAICompatibleModel/Configuration/Advice``),
    /// given to every configuration the options describe (``JudgeModelOptions/judge(_:)``).
    static let advice = OpenAICompatibleModel.Configuration.Advice(
        changing: [
            .baseURL: "pass --base-url",
            .connectTimeout: "raise connectTimeout in --model-config (or pass --connect-timeout)",
            .firstByteTimeout: "raise firstByteTimeout in --model-config (or pass --first-byte-timeout)",
            .requestTimeout: "raise requestTimeout in --model-config (or pass --request-timeout)",
            .maxReplyBytes: "raise maxReplyBytes in --model-config",
        ],
        overridesOrigin: "given with --base-url",
        pendingBatch: "write it with --batch-requests and give the engine's output to --batch-results")

    /// The keys of a configuration file (``OpenAICompatibleModel/Configuration/Overrides/fileKeys``) with
    /// their defaults and meaning, for `judge --help`; the flags and `JUDGECAL_*` variables that win over
    /// them are named as `judgecal` spells them.
    static var fileKeysHelp: String {
        let defaults = OpenAICompatibleModel.Configuration()
        return """
            --model-config is a JSON object with any of these keys and no other (flags, then JUDGECAL_BASE_URL, \
            JUDGECAL_MODEL and JUDGECAL_API_KEY_VARIABLE, win over it): baseURL (string, default \
            \(defaults.baseURL)); model (string, default \(defaults.model)); apiKeyVariable (the name of the \
            environment variable holding the key, default none); connectTimeout (seconds, default \
            \(defaults.connectTimeout.plainText)); firstByteTimeout (seconds from a request to its reply's \
            first byte, default \(defaults.firstByteTimeout.plainText): a one-at-a-time server such as the local \
            judge queues requests, and that wait counts); requestTimeout (seconds for a whole exchange, default \
            \(defaults.requestTimeout.plainText)); maxConcurrentRequests (requests in flight at once to the \
            server, default \(defaults.maxConcurrentRequests)); maxReplyBytes (the longest reply body read, default \
            \(defaults.maxReplyBytes) bytes; a longer reply fails its row); structuredOutput (openAI, llamaCpp, promptOnly \
            or detect, default \(defaults.structuredOutput.rawValue)); endpoints (several servers of the model, each \
            {baseURL, maxConcurrentRequests, weight, apiKeyVariable}; also repeated --base-url); endpointBackoff (seconds \
            a failing endpoint is left out, default \(defaults.endpointBackoff.plainText)). Failed requests (429, 5xx, timeouts, \
            dropped connections) are tried \(defaults.retry.maxAttempts) times with backoff.
            """
    }
}
