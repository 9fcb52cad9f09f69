public import DataFormats

/// A number read from each row of a run beside the judge's score, for a map that uses more than the score
/// (the covariates of CJE's two-stage calibrator, Landesberg 2025), named as a calibration records it:
///
/// - `response-length`: the length of the row's response in characters — Unicode scalars, as Python's
///   `len` counts them — of the text when the response is a string, else of its compact JSON (keys
///   sorted). Raw, not its logarithm: CJE's users pass length raw, and a spline over the range of the
///   lengths bends where it must. (CJE's own `response_length` counts words; a count of words, or the
///   logarithm of a length, can be put in the row's metadata and named as below.)
/// - `metadata.KEY`: the row's `metadata` field KEY, which must be a number.
///
/// A row without the value is an error naming the row and the covariate: never 0 in its place.
public enum RowCovariate: Sendable, Hashable, CustomStringConvertible {
    case responseLength
    case metadata(String)

    /// The prefix of a metadata field's name.
    static let metadataPrefix = "metadata."

    /// The covariate named `name`.
    ///
    /// - Throws: ``RowCovariateError/unknown(_:)`` for any other name.
    public init(name: String) throws(RowCovariateError) {
        if name == "response-length" {
            self = .responseLength
        } else if name.hasPrefix(Self.metadataPrefix), name.count > Self.metadataPrefix.count {
            self = .metadata(String(name.dropFirst(Self.metadataPrefix.count)))
        } else {
            throw .unknown(name)
        }
    }

    /// The name, as ``init(name:)`` reads it.
    public var description: String {
        switch self {
        case .responseLength: "response-length"
        case .metadata(let key): Self.metadataPrefix + key
        }
    }

    /// The covariate's value on `row`.
    ///
    /// - Throws: ``RowCovariateError/missing(row:covariate:)`` when the metadata has no such field, and
    ///   ``RowCovariateError/notNumber(row:covariate:value:)`` when it is not a finite number.
    public func value(of row: FrozenRow) throws(RowCovariateError) -> Double {
        switch self {
        case .responseLength:
            let text = if case .string(let s) = row.response { s } else { row.response.compactJSON }
            return Double(text.unicodeScalars.count)
        case .metadata(let key):
            guard let value = row.metadata[key] else { throw .missing(row: row.id, covariate: description) }
            guard case .number(let number) = value, number.isFinite else {
                throw .notNumber(row: row.id, covariate: description, value: value.compactJSON)
            }
            return number
        }
    }
}

/// A covariate that cannot be named or read.
public enum RowCovariateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A name that is neither `response-length` nor `metadata.KEY`.
    case unknown(String)
    /// A row without the metadata field.
    case missing(row: String, covariate: String)
    /// A row whose field is not a finite number.
    case notNumber(row: String, covariate: String, value: String)

    public var description: String {
        switch self {
        case .unknown(let name): "\(name) is not a covariate: name response-length or a numeric metadata field as metadata.KEY"
        case .missing(let row, let covariate):
            "row \(row) has no \(covariate), a covariate of the map: every row a map is fitted on or read through needs it"
        case .notNumber(let row, let covariate, let value): "row \(row)'s \(covariate) is \(value), not a number; a covariate is a number"
        }
    }
}

extension RowCovariateError: KindedError {
    /// A name is a usage error; a row without the value, malformed input.
    public var kind: ErrorKind {
        if case .unknown = self { .usage } else { .malformedInput }
    }
}
