public import DataFormats

/// Provides an evaluation's samples.
public protocol Loader: Sendable {
    /// The sample type.
    associatedtype Sample: Sendable
    /// Reads every sample, in order.
    ///
    /// - Throws: ``InputError`` for a malformed row unless the loader was told
    ///   to skip such rows, in which case they are listed in the result.
    func load() async throws -> LoadedSamples<Sample>
}

/// Samples read by a loader, with any rows it skipped.
public struct LoadedSamples<Sample: Sendable>: Sendable {
    /// The samples, in dataset order.
    public var samples: [Sample]
    /// Rows left out under ``MalformedRowPolicy/skip``.
    public var skipped: [SkippedRow]

    /// Creates a loaded dataset.
    public init(samples: [Sample], skipped: [SkippedRow] = []) {
        self.samples = samples
        self.skipped = skipped
    }
}

/// Samples held in memory.
public struct ArrayLoader<Sample: Sendable>: Loader {
    /// The samples.
    public var samples: [Sample]

    /// A loader over the given samples.
    public init(_ samples: [Sample]) { self.samples = samples }

    /// A loader over the given samples.
    public init(samples: [Sample]) { self.samples = samples }

    public func load() async throws -> LoadedSamples<Sample> { LoadedSamples(samples: samples) }
}

/// Samples from an asynchronous sequence, read to its end when the run starts.
public struct StreamLoader<Sample: Sendable>: Loader {
    private let collect: @Sendable () async throws -> [Sample]

    /// A loader over a sequence made when the run starts.
    public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Sample {
        collect = {
            var out: [Sample] = []
            for try await s in sequence { out.append(s) }
            return out
        }
    }

    public func load() async throws -> LoadedSamples<Sample> {
        LoadedSamples(samples: try await collect())
    }
}
