extension OpenAICompatibleModel.Configuration {
    /// A setting of the client that the advice at the end of its errors may point at.
    public enum Setting: String, Sendable, Hashable, CaseIterable {
        /// ``OpenAICompatibleModel/Configuration/baseURL``: where the server is.
        case baseURL
        /// ``OpenAICompatibleModel/Configuration/connectTimeout``.
        case connectTimeout
        /// ``OpenAICompatibleModel/Configuration/firstByteTimeout``.
        case firstByteTimeout
        /// ``OpenAICompatibleModel/Configuration/requestTimeout``.
        case requestTimeout
        /// ``OpenAICompatibleModel/Configuration/maxReplyBytes``.
        case maxReplyBytes
    }

    /// How the tool that configured the client tells its user to change a setting, for the advice
    /// its errors end with (nothing answers at the address, a timeout, a reply too long, a request
    /// held for a batch).
    ///
    /// The client decides which setting would help: a first byte that never came is
    /// ``Setting/firstByteTimeout``. How a user changes it is the tool's to say: `judgecal` names its
    /// configuration file's key and its timeout option. What the tool
    /// leaves unsaid keeps the client's own words, which name the configuration's properties
    /// (``ownWords(changing:)``: `raise firstByteTimeout`).
    public struct Advice: Sendable, Hashable {
        /// Per setting, the words that tell the user how to change it: a phrase that starts with its
        /// verb (`raise requestTimeout`, in the tool's terms).
        public var changing: [Setting: String]
        /// Where the base URL came from when the caller's overrides set it (``Source/overrides``), in
        /// words (the tool names its option); `nil` for the client's own, `from the caller's overrides`.
        public var overridesOrigin: String?
        /// What to do about a request the batch route holds for the next batch input file
        /// (``BatchRouteModel``), after why it was held: how the tool writes that file and reads the
        /// engine's output; `nil` for the client's own words.
        public var pendingBatch: String?

        /// Advice in the tool's words; what is left out keeps the client's.
        public init(changing: [Setting: String] = [:], overridesOrigin: String? = nil, pendingBatch: String? = nil) {
            self.changing = changing
            self.overridesOrigin = overridesOrigin
            self.pendingBatch = pendingBatch
        }

        /// The words that tell the user how to change `setting`: the tool's, else ``ownWords(changing:)``.
        public func change(_ setting: Setting) -> String { changing[setting] ?? Self.ownWords(changing: setting) }

        /// The client's own words for changing `setting`, naming the configuration's property.
        public static func ownWords(changing setting: Setting) -> String {
            switch setting {
            case .baseURL: "set baseURL"
            case .connectTimeout, .firstByteTimeout, .requestTimeout, .maxReplyBytes: "raise \(setting.rawValue)"
            }
        }

        /// ``overridesOrigin``, else the client's own words.
        var overridesOriginWords: String { overridesOrigin ?? "from the caller's overrides" }

        /// ``pendingBatch``, else the client's own words.
        var pendingBatchWords: String {
            pendingBatch ?? "write it to a batch input file, and give the batch engine's output file to answer it"
        }
    }
}
