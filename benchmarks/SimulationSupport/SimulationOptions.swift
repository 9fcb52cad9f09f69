import Foundation

/// The options of a seeded simulation: `--name value` pairs, each value a positive integer, with
/// their defaults — the one option reader of the studies that take only such options.
public struct SimulationOptions {
    private var values: [String: UInt64]

    /// Reads `arguments` (without the program's name) for the options named in `defaults`
    /// (`"--seed"`, …). An unknown option, or a value that is not a positive integer, ends the
    /// program with status 64 (`EX_USAGE`) and `usage` on standard error.
    public init(
        _ arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        defaults: [String: UInt64],
        usage: String
    ) {
        values = defaults
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            guard defaults[flag] != nil else { Self.fail("unknown option \(flag); \(usage)") }
            guard let text = remaining.popFirst(), let value = UInt64(text), value > 0 else {
                Self.fail("\(flag) needs a positive integer; \(usage)")
            }
            values[flag] = value
        }
    }

    /// The value of option `name` (as given in `defaults`, with its dashes); asking for a name not
    /// declared there is a mistake in the study's code and stops it.
    public subscript(name: String) -> UInt64 {
        guard let value = values[name] else { fatalError("\(name) is not among the options declared") }
        return value
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        exit(64)
    }
}
