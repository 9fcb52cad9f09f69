/// A sample the generator accepted, with where it came from.
public struct GeneratedSample<Sample: GeneratableSample>: Sendable {
    /// The sample.
    public var sample: Sample
    /// The request (0, 1, 2…) whose reply held it.
    public var request: Int
    /// The seeds that request showed, as indices into the generator's seeds.
    public var seedIndices: [Int]
}

extension GeneratedSample: Codable {}

/// A generated sample, or a reply, the generator did not accept, and why.
public struct InvalidSample<Sample: GeneratableSample>: Sendable {
    /// Why, in one word.
    public var kind: InvalidSampleKind
    /// Why, in a sentence: the validator's reason, the decoding error, or the sample it duplicates.
    public var reason: String
    /// The sample, when the reply held one that read.
    public var sample: Sample?
    /// The reply's text (or the element's JSON) when it did not read as a sample.
    public var text: String?
    /// The request whose reply held it.
    public var request: Int
}

extension InvalidSample: Codable {}

/// Why a generated sample was not accepted.
public enum InvalidSampleKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The reply, or one element of it, did not read as a sample.
    case unreadable
    /// The validator rejected it.
    case rejected
    /// It is a near-duplicate of a seed or of a sample already accepted.
    case duplicate
}

/// What a validator says of one generated sample.
public enum SampleValidation: Sendable, Hashable {
    /// The sample is kept.
    case valid
    /// The sample is set aside with this reason (listed in ``SampleGenerator/invalidSamples``).
    case invalid(String)
}

/// Where a generation stands: requests made, samples accepted and set aside, and why it stopped.
public struct GenerationSummary: Sendable, Hashable, Codable {
    /// Why a generation stopped.
    public enum StopReason: String, Sendable, Hashable, Codable {
        /// Still generating (or not started).
        case running
        /// The seeds alone reach the target count, which counts them: nothing was asked.
        case seedsMeetTarget
        /// Seeds and accepted samples together reached the target count.
        case reachedTarget
        /// The request cap was reached first; fewer samples than the target were made.
        case requestCapReached
    }

    /// The target count, seeds included.
    public var targetCount: Int
    /// The seeds given.
    public var seedCount: Int
    /// Samples the target asks for beyond the seeds: max(0, target − seeds).
    public var wanted: Int
    /// Requests answered so far.
    public var requests: Int
    /// The most requests allowed.
    public var requestCap: Int
    /// Samples accepted.
    public var accepted: Int
    /// Replies, or elements of them, that did not read as samples.
    public var unreadable: Int
    /// Samples the validator rejected.
    public var rejected: Int
    /// Near-duplicates set aside.
    public var duplicates: Int
    /// Valid samples of the last reply beyond the target, not kept (counted so nothing goes unsaid).
    public var surplus: Int
    /// Why it stopped, or ``StopReason/running``.
    public var stopReason: StopReason
}
