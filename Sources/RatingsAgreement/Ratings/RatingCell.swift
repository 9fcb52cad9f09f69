public import StatisticsCore

/// How one cell of a rater column reads as a rating on an optional declared
/// scale; the one home of that rule for every reader of ratings: the counting of
/// pair tables (``RatingTally``) and the values kept per rater (``RatingValues``).
///
/// A blank cell (empty or only spaces and tabs) is a missing rating. Without a
/// scale every other cell must be a finite number. With a scale whose labels
/// are its numbers (`1…4`), the number must be one of its values; with a scale
/// of custom labels (`fail, pass`), the cell must be one of the labels.
public struct RatingCell: Sendable {
    /// Why a cell is not a rating, in words a user can act on.
    public struct Failure: Error, Sendable {
        /// What was found and what was expected.
        public let message: String
    }

    private let scale: CategoryScale?
    private let labelled: Bool
    /// What a cell of one byte reads as, by that byte: its category (0, 1, …), ``blank``, or
    /// ``readAsText`` (an error, whose message the reading of its text gives, or no declared
    /// scale). Filled by that reading itself, so the two cannot disagree; a rating cell is
    /// most often one digit or one letter, and the table answers it without a `String`.
    private var singleByte: [Int]
    private static let blank = -1
    private static let readAsText = -2

    /// The reading of cells on `scale` (or on no scale).
    public init(scale: CategoryScale?) {
        self.scale = scale
        labelled = scale.map { s in !zip(s.labels, s.values).allSatisfy { Double($0.0) == $0.1 } } ?? false
        singleByte = Array(repeating: Self.readAsText, count: 256)
        guard scale != nil else { return }
        // ASCII alone: a byte from 0x80 on is not UTF-8 by itself, so no cell is that byte.
        for byte in UInt8(0)..<0x80 {
            let category = [byte].withUnsafeBufferPointer { bytes in
                Result { () throws(Failure) in try categoryIndex(text: bytes) }
            }
            switch category {
            case .success(let index): singleByte[Int(byte)] = index ?? Self.blank
            case .failure: singleByte[Int(byte)] = Self.readAsText
            }
        }
    }

    /// The rating in `text` (without surrounding spaces), `nil` when blank.
    ///
    /// - Throws: ``Failure`` saying what was found and what was expected.
    public func value(_ text: String) throws(Failure) -> Double? {
        if text.isEmpty { return nil }
        if let scale, labelled { return scale.values[try label(text, on: scale)] }
        let value = try number(text)
        if let scale, scale.index(of: value) == nil { throw Failure(message: "\(text) is not on the scale \(scale)") }
        return value
    }

    /// The index on the declared scale of the rating in a cell's UTF-8 bytes
    /// (spaces and tabs around it allowed), `nil` when blank.
    ///
    /// An empty cell, and a cell of one byte that reads, are answered in place (inlined into
    /// the caller, which calls this once a cell of a file); anything else reads as ``value(_:)`` does.
    ///
    /// - Precondition: a scale was declared.
    /// - Throws: ``Failure`` as ``value(_:)``.
    @inline(__always)
    public func categoryIndex(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Int? {
        if bytes.isEmpty { return nil }
        if bytes.count == 1 {
            let category = singleByte[Int(bytes[0])]
            if category >= 0 { return category }
            if category == Self.blank { return nil }
        }
        return try categoryIndex(text: bytes)
    }

    /// ``categoryIndex(_:)`` for any cell, through its text when it is not blank.
    private func categoryIndex(text bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> Int? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        if start == end { return nil }
        if end - start == 1, singleByte[Int(bytes[start])] >= 0 { return singleByte[Int(bytes[start])] }
        let text = String(decoding: bytes, as: UTF8.self).trimmingSpaces
        guard let scale else { preconditionFailure("a category index needs the declared scale") }
        if labelled { return try label(text, on: scale) }
        let value = try number(text)
        guard let index = scale.index(of: value) else { throw Failure(message: "\(text) is not on the scale \(scale)") }
        return index
    }

    private func label(_ text: String, on scale: CategoryScale) throws(Failure) -> Int {
        guard let index = scale.labels.firstIndex(of: text) else {
            throw Failure(message: "'\(text)' is not a category of the scale \(scale)")
        }
        return index
    }

    private func number(_ text: String) throws(Failure) -> Double {
        guard let value = Double(text), value.isFinite else {
            throw Failure(message: "'\(text)' is not a number" + (scale.map { "; expected one of \($0)" } ?? ""))
        }
        return value
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
