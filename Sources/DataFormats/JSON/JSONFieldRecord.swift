/// One record's fields as ``JSONLinesReader`` hands them over (``FieldRecord``):
/// valid only while the closure that receives it runs.
public struct JSONFieldRecord: FieldRecord {
    /// The fields' bytes one after another, in one buffer reused from record to record.
    final class Fields {
        private var storage: UnsafeMutablePointer<UInt8>
        private var capacity = 256
        private var filled = 0
        /// Where each field ends in the buffer.
        private(set) var ends: [Int]

        init(count: Int) {
            storage = .allocate(capacity: capacity)
            ends = Array(repeating: 0, count: count)
        }

        deinit { storage.deallocate() }

        /// The bytes of field `index`, valid until the next ``read(_:paths:found:file:line:)``.
        func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let start = index == 0 ? 0 : ends[index - 1]
            return UnsafeBufferPointer(start: storage + start, count: ends[index] - start)
        }

        /// The fields at `paths` of a parsed record, noting which were found.
        func read(_ value: JSONValue, paths: [String], found: inout [Bool], file: String, line: Int) throws(InputError) {
            filled = 0
            for (c, path) in paths.enumerated() {
                let field = value.member(atPath: path[...])
                if field != nil { found[c] = true }
                switch field {
                case nil, .null?: break
                case .string(let s)?: append(s)
                case .number(let d)?: append(d.plainText)
                case .bool(let b)?: append(b ? "true" : "false")
                case .array?, .object?:
                    throw InputError(
                        file: file, line: line, column: path,
                        message: "the field holds \(field?.array == nil ? "an object" : "an array"); expected a number or text")
                }
                ends[c] = filled
            }
        }

        private func append(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                guard let base = utf8.baseAddress else { return }
                if filled + utf8.count > capacity {
                    capacity = max(capacity * 2, filled + utf8.count)
                    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                    larger.update(from: storage, count: filled)
                    storage.deallocate()
                    storage = larger
                }
                (storage + filled).update(from: base, count: utf8.count)
                filled += utf8.count
            }
        }
    }

    public let line: Int
    private let fields: Fields

    init(line: Int, fields: Fields) {
        self.line = line
        self.fields = fields
    }

    public var count: Int { fields.ends.count }

    public func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> { fields.bytes(index) }
}

extension JSONValue {
    /// The value at a dotted path, or `nil` when a step is missing.
    fileprivate func member(atPath path: Substring) -> JSONValue? {
        if case .object(let o) = self, let whole = o[String(path)] { return whole }
        let step: Substring
        let rest: Substring?
        if let dot = path.firstIndex(of: ".") {
            step = path[..<dot]
            rest = path[path.index(after: dot)...]
        } else {
            step = path
            rest = nil
        }
        let child: JSONValue?
        switch self {
        case .object(let o): child = o[String(step)]
        case .array(let a): child = Int(step).flatMap { a.indices.contains($0) ? a[$0] : nil }
        default: child = nil
        }
        guard let rest else { return child }
        return child?.member(atPath: rest)
    }
}
