import CalibrationData
public import Foundation

extension RunFormat {
    /// The formats' names, as an import's `format` setting takes them; `auto`
    /// tells the format from the file (``RunImporter/detectFormat(of:)``).
    public static let names = ["auto", "evaluation-result", "xcode", "judge-bench", "jsonl", "csv", "inspect", "openai-chat"]

    /// The format's name (one of ``names`` other than `auto`).
    public var name: String {
        switch self {
        case .evaluationResult: "evaluation-result"
        case .xcodeResult: "xcode"
        case .judgeBench: "judge-bench"
        case .jsonRecords: "jsonl"
        case .csv: "csv"
        case .inspect: "inspect"
        case .openAIChat: "openai-chat"
        }
    }

    /// Whether the format's fields are mapped by a ``FieldMapping`` (JSON
    /// Lines and CSV), rather than fixed by the format.
    public var takesFieldMapping: Bool {
        switch self {
        case .csv, .jsonRecords: true
        case .evaluationResult, .xcodeResult, .judgeBench, .inspect, .openAIChat: false
        }
    }

    /// The format called `name`, its records mapped by `mapping`; `auto`
    /// detects it from the file at `url`. `nil` for an unknown name.
    ///
    /// - Throws: what ``RunImporter/detectFormat(of:)`` throws, for `auto`.
    public static func named(_ name: String, mapping: FieldMapping, file url: URL) throws -> RunFormat? {
        switch name {
        case "auto":
            switch try RunImporter.detectFormat(of: url) {
            case .csv: .csv(mapping)
            case .jsonRecords: .jsonRecords(mapping)
            case let other: other
            }
        case "evaluation-result": .evaluationResult
        case "xcode": .xcodeResult
        case "judge-bench": .judgeBench
        case "jsonl": .jsonRecords(mapping)
        case "csv": .csv(mapping)
        case "inspect": .inspect
        case "openai-chat": .openAIChat
        default: nil
        }
    }
}
