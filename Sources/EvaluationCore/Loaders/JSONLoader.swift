public import DataFormats
public import Foundation

/// Samples from a JSON file: either one JSON array of samples or JSON Lines,
/// one sample per line.
///
/// A row that does not decode stops the load with an ``InputError`` naming the
/// file, the line where the row starts and the field at fault. With
/// ``MalformedRowPolicy/skip`` the row is left out instead and listed in the
/// run's error summary — never dropped without a trace.
public struct JSONLoader<Sample: Decodable & Sendable>: Loader {
    /// The file.
    public var url: URL
    /// What to do with a row that does not decode.
    public var malformedRows: MalformedRowPolicy

    /// A loader for the file at `url`.
    public init(url: URL, malformedRows: MalformedRowPolicy = .fail) {
        self.url = url
        self.malformedRows = malformedRows
    }

    public func load() async throws -> LoadedSamples<Sample> {
        let name = InputFile.displayName(url)
        let data = try InputFile.read(url)
        let records = try JSONRecords.split(data, file: name)
        let decoder = JSONDecoder()
        var samples: [Sample] = []
        var skipped: [SkippedRow] = []
        samples.reserveCapacity(records.count)
        for record in records {
            do {
                samples.append(try decoder.decode(Sample.self, from: record.data))
            } catch let error as DecodingError {
                let problem = InputError(file: name, line: record.line, message: error.readableDescription)
                guard malformedRows == .skip else { throw problem }
                skipped.append(SkippedRow(problem))
            }
        }
        return LoadedSamples(samples: samples, skipped: skipped)
    }
}
