import DataFormats
public import Foundation

extension EvaluationResult {
    /// Writes the result as pretty-printed JSON, atomically (a reader never sees half a file).
    public func save(to url: URL) throws {
        try JSONEncoder.forEvaluationResults(pretty: true).encode(self).write(to: url, options: .atomic)
    }

    /// Reads a result written by ``save(to:)``.
    ///
    /// - Throws: ``InputError`` naming the file and the field that failed.
    public static func load(from url: URL) throws -> EvaluationResult {
        let data = try InputFile.read(url)
        do {
            return try JSONDecoder.forEvaluationResults.decode(EvaluationResult.self, from: data)
        } catch let error as DecodingError {
            throw InputError(file: InputFile.displayName(url), message: error.readableDescription)
        }
    }

    /// Appends the result as one line to a JSON Lines history file, creating it if needed.
    public func appendLine(to url: URL) throws {
        var line = try JSONEncoder.forEvaluationResults(pretty: false).encode(self)
        line.append(UInt8(ascii: "\n"))
        if !FileManager.default.fileExists(atPath: url.path) {
            try line.write(to: url)
            return
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: line)
    }

    /// Reads every result of a JSON Lines history file, in order.
    ///
    /// - Throws: ``InputError`` naming the line that failed to decode.
    public static func loadHistory(from url: URL) throws -> [EvaluationResult] {
        let data = try InputFile.read(url)
        return try JSONRecords.split(data, file: InputFile.displayName(url)).map { record in
            do {
                return try JSONDecoder.forEvaluationResults.decode(EvaluationResult.self, from: record.data)
            } catch let error as DecodingError {
                throw InputError(file: InputFile.displayName(url), line: record.line, message: error.readableDescription)
            }
        }
    }
}

/// ISO 8601 with milliseconds, so that a run's duration survives a round trip.
private func resultDateFormatter() -> ISO8601DateFormatter {
    let f = ISO8601DateFormatter()
    f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return f
}

extension JSONEncoder {
    /// The encoder for ``EvaluationResult`` files: sorted keys, dates as ISO 8601 with milliseconds.
    public static func forEvaluationResults(pretty: Bool) -> JSONEncoder {
        let e = JSONEncoder()
        e.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(resultDateFormatter().string(from: date))
        }
        e.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        return e
    }
}

extension JSONDecoder {
    /// The decoder for ``EvaluationResult`` files.
    public static var forEvaluationResults: JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .custom { decoder in
            let c = try decoder.singleValueContainer()
            let text = try c.decode(String.self)
            guard let date = resultDateFormatter().date(from: text) else {
                throw DecodingError.dataCorruptedError(in: c, debugDescription: "\(text) is not an ISO 8601 date with fractional seconds")
            }
            return date
        }
        return d
    }
}
