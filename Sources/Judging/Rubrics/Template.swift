public import DataFormats
import EvaluationCore
import Foundation
import StatisticsCore

/// A text template over one row of a frozen run: plain text with `{{ … }}`
/// placeholders that read the row's JSON.
///
/// A placeholder is a dotted path, optionally followed by filters:
///
/// - `{{input}}`, `{{response.tags}}`, `{{expected.tags.0}}` — a member of an
///   object, or an element of an array by 0-based index;
/// - `| join: ", "` — the elements of an array, each written as text, joined
///   by the separator;
/// - `| default: "none given"` — the text to use when the path is missing,
///   `null` or an empty string.
///
/// Strings are written as they are, numbers without a trailing `.0`, `true`
/// and `false` as words, objects as compact JSON with sorted keys. A missing
/// or `null` value without a default, and an array without `join`, are
/// errors naming the template's line and the row: never an empty string
/// standing in.
public struct Template: Sendable, Hashable, CustomStringConvertible {
    enum Part: Sendable, Hashable {
        case text(String)
        case value(Placeholder)
    }

    struct Placeholder: Sendable, Hashable {
        var source: String
        var path: [String]
        var join: String?
        var fallback: String?
        var line: Int
    }

    /// The template's source text.
    public let source: String
    let parts: [Part]
    let file: String

    /// Parses a template.
    ///
    /// - Parameters:
    ///   - source: the template text.
    ///   - file: the file it came from, for errors.
    ///   - line: the 1-based line of the template's first character.
    /// - Throws: ``InputError`` naming the line of an unclosed `{{`, an empty
    ///   path, or an unknown or malformed filter.
    public init(_ source: String, file: String = "template", line: Int = 1) throws {
        self.source = source
        self.file = file
        var parts: [Part] = []
        var rest = Substring(source)
        var currentLine = line
        while let open = rest.range(of: "{{") {
            let before = rest[..<open.lowerBound]
            if !before.isEmpty { parts.append(.text(String(before))) }
            currentLine += before.filter(\.isNewline).count
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw InputError(file: file, line: currentLine, message: "`{{` is never closed with `}}`")
            }
            let body = String(rest[open.upperBound..<close.lowerBound])
            parts.append(.value(try Self.placeholder(body, file: file, line: currentLine)))
            currentLine += body.filter(\.isNewline).count
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    public var description: String { source }

    /// Templates are equal when their text is, wherever they were read from.
    public static func == (lhs: Template, rhs: Template) -> Bool { lhs.source == rhs.source }

    public func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// The paths the template reads, such as `response.tags`.
    public var paths: [String] {
        parts.compactMap { part in
            if case .value(let p) = part { return p.path.joined(separator: ".") }
            return nil
        }
    }

    /// The template filled in from `row`.
    ///
    /// - Throws: ``InputError`` naming the template's file and line, the
    ///   placeholder, and the row's `id` when it has one.
    public func render(_ row: JSONValue) throws -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let t): out += t
            case .value(let p): out += try value(of: p, in: row)
            }
        }
        return out
    }

    /// Each placeholder that cannot be rendered for `row`, with its source
    /// (`response.tags | join: ", "`) and the error ``render(_:)`` would throw:
    /// what `rubric lint` reports against a run before a judge is ever called.
    func failures(in row: JSONValue) -> [(placeholder: String, error: InputError)] {
        parts.compactMap { part in
            guard case .value(let p) = part else { return nil }
            do {
                _ = try value(of: p, in: row)
                return nil
            } catch let error as InputError {
                return (p.source, error)
            } catch {
                return (p.source, InputError(file: file, line: p.line, message: String(describing: error)))
            }
        }
    }

    private func value(of p: Placeholder, in row: JSONValue) throws -> String {
        func fail(_ message: String) -> InputError {
            let rowName = row["id"].map { " for row \(Self.text($0))" } ?? ""
            return InputError(file: file, line: p.line, message: "{{\(p.source)}}\(rowName): \(message)")
        }
        var current: JSONValue? = row
        var walked: [String] = []
        for key in p.path {
            switch current {
            case .object(let members): current = members[key]
            case .array(let elements): current = Int(key).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
            default: current = nil
            }
            walked.append(key)
            if current == nil { break }
        }
        let found: JSONValue? = current.flatMap { $0.isNull || $0 == .string("") ? nil : $0 }
        guard let value = found else {
            if let fallback = p.fallback { return fallback }
            let what = current == nil ? "the row has no `\(walked.joined(separator: "."))`" : "the value is empty or null"
            throw fail("\(what); add `| default: \"…\"` if it may be missing")
        }
        if let separator = p.join {
            guard let elements = value.array else { throw fail("`join` needs a list, and this is \(value)") }
            return elements.map(Self.text).joined(separator: separator)
        }
        if value.array != nil { throw fail("the value is a list; write `| join: \", \"` to lay it out") }
        return Self.text(value)
    }

    /// A JSON value written as prompt text.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .number(let n): return n.plainText
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array, .object:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? value.description
        }
    }

    // MARK: Parsing a placeholder

    private static func placeholder(_ body: String, file: String, line: Int) throws -> Placeholder {
        var pieces = splitOutsideQuotes(body)
        let path = pieces.removeFirst().trimmingCharacters(in: .whitespacesAndNewlines)
        guard !path.isEmpty, !path.contains(" ") else {
            throw InputError(file: file, line: line, message: "`{{\(body)}}` needs a dotted path such as `response.tags`")
        }
        var p = Placeholder(
            source: body.trimmingCharacters(in: .whitespaces), path: path.split(separator: ".").map(String.init), line: line)
        for filter in pieces {
            let parts = filter.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let argument = quoted(parts[1]) else {
                throw InputError(
                    file: file, line: line,
                    message:
                        "filter `\(filter.trimmingCharacters(in: .whitespaces))` in `{{\(body)}}` should read `join: \", \"` or `default: \"…\"`"
                )
            }
            switch parts[0] {
            case "join": p.join = argument
            case "default": p.fallback = argument
            default:
                throw InputError(
                    file: file, line: line, message: "unknown filter `\(parts[0])` in `{{\(body)}}`; the filters are join and default")
            }
        }
        return p
    }

    /// `body` split at `|` characters that are not inside double quotes.
    private static func splitOutsideQuotes(_ body: String) -> [String] {
        var pieces: [String] = [""]
        var inQuotes = false
        var escaped = false
        for ch in body {
            if escaped {
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else if ch == "\"" {
                inQuotes.toggle()
            } else if ch == "|" && !inQuotes {
                pieces.append("")
                continue
            }
            pieces[pieces.count - 1].append(ch)
        }
        return pieces
    }

    /// The contents of a double-quoted argument, with `\"`, `\\` and `\n` unescaped.
    private static func quoted(_ text: String) -> String? {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
        var out = ""
        var escaped = false
        for ch in text.dropFirst().dropLast() {
            if escaped {
                out.append(ch == "n" ? "\n" : ch)
                escaped = false
            } else if ch == "\\" {
                escaped = true
            } else {
                out.append(ch)
            }
        }
        return out
    }
}
