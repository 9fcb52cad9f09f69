/// One record's fields as ``JSONLinesReader`` hands them over (``FieldRecord``):
/// valid only while the closure that receives it runs.
public struct JSONFieldRecord: FieldRecord {
    /// The fields' bytes one after another, in one buffer reused from record to record.
    ///
    /// Its state is touched a few times a member. A `Fields` belongs to one reading on one
    /// thread and no access to it overlaps another, so the run-time exclusivity check a class
    /// property gets at every access (with its thread-local bookkeeping, a fifth of a JSON Lines
    /// reading's CPU time) is left out, as in the CSV scanner.
    final class Fields {
        @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
        @exclusivity(unchecked) private var capacity = 256
        @exclusivity(unchecked) private var filled = 0
        /// Where each field ends in the buffer.
        @exclusivity(unchecked) private(set) var ends: [Int]
        /// The fields' paths, and each one's first step and the rest after it (`nil` without a dot).
        private let paths: [String]
        private let firstSteps: [String]
        private let rests: [Substring?]
        /// The member names a path starts with: its whole name, or its first step. An array:
        /// a few short names compare faster than they hash.
        private let wantedKeys: MemberNames
        /// The current record's value at each path, and whether a member of the path's whole name gave it.
        @exclusivity(unchecked) private var values: [JSONValue?]
        @exclusivity(unchecked) private var whole: [Bool]

        init(paths: [String]) {
            storage = .allocate(capacity: capacity)
            ends = Array(repeating: 0, count: paths.count)
            self.paths = paths
            firstSteps = paths.map { String($0.prefix { $0 != "." }) }
            rests = paths.map { path in path.firstIndex(of: ".").map { path[path.index(after: $0)...] } }
            wantedKeys = MemberNames((paths + firstSteps).reduce(into: []) { keys, key in if !keys.contains(key) { keys.append(key) } })
            values = Array(repeating: nil, count: paths.count)
            whole = Array(repeating: false, count: paths.count)
        }

        deinit { storage.deallocate() }

        /// The bytes of field `index`, valid until the next ``read(_:found:file:line:)``.
        func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let start = index == 0 ? 0 : ends[index - 1]
            return UnsafeBufferPointer(start: storage + start, count: ends[index] - start)
        }

        /// Parses one record's bytes and reads its fields, noting which were found.
        ///
        /// A record that is an object is not built (``JSONValue/parseMembers(_:file:firstLine:member:)``):
        /// each member is matched against the paths as it is parsed, a member of
        /// the path's whole name first (`"scores.expert"`), then the path's first
        /// step and the rest below it, the last member of a repeated name counting,
        /// as a record's dictionary would have it.
        func read(_ record: UnsafeBufferPointer<UInt8>, found: inout [Bool], file: String, line: Int) throws(InputError) {
            values.withUnsafeMutableBufferPointer { $0.update(repeating: nil) }
            whole.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
            let other = try JSONValue.parseMembers(record, file: file, firstLine: line, wanted: wantedKeys) { key, value in
                for c in paths.indices {
                    if key == paths[c] {
                        values[c] = value
                        whole[c] = true
                    } else if let rest = rests[c], !whole[c], key == firstSteps[c] {
                        values[c] = value.member(atPath: rest)
                    }
                }
            }
            if let other { for c in paths.indices { values[c] = other.member(atPath: paths[c][...]) } }
            filled = 0
            for (c, field) in values.enumerated() {
                if field != nil { found[c] = true }
                switch field {
                case nil, .null?: break
                case .string(let s)?: append(s)
                case .number(let d)?: append(number: d)
                case .bool(let b)?: append(b ? "true" : "false")
                case .array?, .object?:
                    throw InputError(
                        file: file, line: line, column: paths[c],
                        message: "the field holds \(field?.array == nil ? "an object" : "an array"); expected a number or text")
                }
                ends[c] = filled
            }
        }

        private func append(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                guard let base = utf8.baseAddress else { return }
                reserve(utf8.count)
                (storage + filled).update(from: base, count: utf8.count)
                filled += utf8.count
            }
        }

        /// Appends ``Swift/Double/plainText`` of `value`, a whole number's digits written
        /// in place (no `String` for the usual rating).
        private func append(number value: Double) {
            guard value == value.rounded(), abs(value) < 1e15 else { return append(value.plainText) }
            var magnitude = Int64(value).magnitude
            var digits = 1
            while magnitude >= 10 {
                magnitude /= 10
                digits += 1
            }
            let negative = value < 0 && Int64(value) != 0
            reserve(digits + (negative ? 1 : 0))
            if negative {
                storage[filled] = UInt8(ascii: "-")
                filled += 1
            }
            magnitude = Int64(value).magnitude
            for k in stride(from: digits - 1, through: 0, by: -1) {
                storage[filled + k] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            filled += digits
        }

        /// Room for `count` more bytes.
        private func reserve(_ count: Int) {
            guard filled + count > capacity else { return }
            capacity = max(capacity * 2, filled + count)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.update(from: storage, count: filled)
            storage.deallocate()
            storage = larger
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
