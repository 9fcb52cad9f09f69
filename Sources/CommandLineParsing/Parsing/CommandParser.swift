import DataFormats

/// What a command line asks for once parsed.
public enum ParseOutcome: Sendable {
    /// Run the command at the end of `path` with these arguments.
    case run([Command], ParsedArguments)
    /// Show the help of the command at the end of the path (`--help`, `-h`).
    case help([Command])
    /// Show the tool's version (`--version`).
    case version(String)
}

extension Command {
    /// Parses a command line (without the program name) against this root command.
    ///
    /// Subcommands are taken from the leading words (`rubric lint …`). Then,
    /// up to a `--` that ends options:
    /// - `--help` or `-h` anywhere asks for the help of that subcommand, and
    ///   `--version` for the root's version, whatever else is on the line;
    /// - `--shade value`, `--shade=value`, `-s value` and `-svalue` give options,
    ///   and `-abc` combines short flags;
    /// - the token after an option that takes a value is its value, even when it
    ///   begins with `-` (`--offset -0.1`, `--steps -2,-1,0,1,2`),
    ///   unless it is `--`, begins with `--`, or is `-x…` where `x` is a short
    ///   name the command declares (or `h`): that is the next option, and the
    ///   value is reported missing rather than swallowed (`--colour --loud`).
    ///   A value that looks like an option is written `--shade=value`. An
    ///   ``Option/Arity/upToNextOption`` option takes further values by the
    ///   same rule;
    /// - a value outside an integer option's declared range (``Option/minimum``,
    ///   ``Option/maximum``) is a usage error naming the range;
    /// - everything else, and everything after `--`, fills the positionals; a
    ///   lone token beginning with `-` is a positional only when it is a number.
    ///
    /// - Throws: ``UsageError`` for an unknown or misspelt option or
    ///   subcommand (with the nearest known name), a missing, repeated or invalid
    ///   value, a missing required option or positional, or a positional too many.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        var path = [self]
        var rest = arguments[...]
        while let word = rest.first, let sub = path[path.count - 1].subcommand(named: word) {
            path.append(sub)
            rest = rest.dropFirst()
        }
        let beforeTerminator = rest.prefix { $0 != "--" }
        if beforeTerminator.contains(where: { $0 == Flag.help.spelling || Flag.help.short.map { "-\($0)" } == $0 }) {
            return .help(path)
        }
        if let version, beforeTerminator.contains(Flag.version.spelling) {
            return .version(version)
        }
        let command = path[path.count - 1]
        let names = path.map(\.name)
        guard command.run != nil else {
            let list = command.subcommands.map(\.name).joined(separator: ", ")
            guard let word = rest.first else {
                throw UsageError("missing subcommand; choose one of \(list)", commandPath: names)
            }
            let hint = Suggestion.phrase(for: word, among: command.subcommands.map(\.name))
            throw UsageError("unknown subcommand '\(word)'\(hint) (choose one of \(list))", commandPath: names)
        }
        var scanner = ArgumentScanner(command: command, commandPath: names, tokens: Array(rest))
        return .run(path, try scanner.scan())
    }
}

/// One pass over a command's tokens, filling its ``ParsedArguments``.
private struct ArgumentScanner {
    let command: Command
    let commandPath: [String]
    let tokens: [String]
    var index = 0
    var parsed: ParsedArguments
    var positionals: [String] = []

    init(command: Command, commandPath: [String], tokens: [String]) {
        self.command = command
        self.commandPath = commandPath
        self.tokens = tokens
        self.parsed = ParsedArguments(command: command, commandPath: commandPath)
    }

    mutating func scan() throws(UsageError) -> ParsedArguments {
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == "--" {
                positionals += tokens[index...]
                break
            } else if token.hasPrefix("--") {
                try long(token)
            } else if token.hasPrefix("-"), token.count > 1, !Self.isNegativeNumber(token) {
                try shortCluster(token)
            } else {
                positionals.append(token)
            }
        }
        try assignPositionals()
        for option in command.options where option.isRequired && parsed.optionValues[option.name] == nil {
            throw error("missing \(option.synopsis)")
        }
        return parsed
    }

    private func error(_ message: String) -> UsageError {
        UsageError(message, commandPath: commandPath)
    }

    private static func isNegativeNumber(_ token: String) -> Bool {
        token.count > 1 && Double(token) != nil
    }

    /// Whether a token after an option is its value rather than the next
    /// option: anything but `--`, a token beginning with `--`, and `-x…` where
    /// `x` is a short name the command declares or the help flag's.
    private func canBeValue(_ token: String) -> Bool {
        guard !token.hasPrefix("--") else { return false }
        guard token.hasPrefix("-"), let letter = token.dropFirst().first else { return true }
        let shortNames = (command.options.compactMap(\.short) + command.flags.compactMap(\.short)) + [Flag.help.short].compactMap { $0 }
        return !shortNames.contains(letter)
    }

    private mutating func long(_ token: String) throws(UsageError) {
        let body = token.dropFirst(2)
        let name: String
        var inline: String?
        if let eq = body.firstIndex(of: "=") {
            name = String(body[..<eq])
            inline = String(body[body.index(after: eq)...])
        } else {
            name = String(body)
        }
        if let option = command.option(named: name) {
            try take(option, spelled: "--\(name)", inline: inline)
        } else if command.flag(named: name) != nil {
            guard inline == nil else { throw error("--\(name) is a flag and takes no value") }
            parsed.flagsSet.insert(name)
        } else {
            let known = command.options.map(\.name) + command.flags.map(\.name) + [Flag.help.name]
            throw error("unknown option --\(name)" + Suggestion.phrase(for: name, among: known, prefix: "--"))
        }
    }

    private mutating func shortCluster(_ token: String) throws(UsageError) {
        var letters = token.dropFirst()[...]
        while let letter = letters.first {
            letters = letters.dropFirst()
            if let option = command.options.first(where: { $0.short == letter }) {
                try take(option, spelled: "-\(letter)", inline: letters.isEmpty ? nil : String(letters))
                return
            } else if let flag = command.flags.first(where: { $0.short == letter }) {
                parsed.flagsSet.insert(flag.name)
            } else {
                throw error("unknown option -\(letter) in \(token)")
            }
        }
    }

    private mutating func take(_ option: Option, spelled: String, inline: String?) throws(UsageError) {
        var raw: [String] = []
        if let inline {
            raw.append(inline)
        } else if index < tokens.count, canBeValue(tokens[index]) {
            raw.append(tokens[index])
            index += 1
        } else {
            throw error("missing value for \(spelled) <\(option.valueName)>")
        }
        if option.arity == .upToNextOption {
            while index < tokens.count, tokens[index] != "--", canBeValue(tokens[index]) {
                raw.append(tokens[index])
                index += 1
            }
        }
        if option.arity == .single, !option.isCommaSeparated, let earlier = parsed.optionValues[option.name] {
            throw error("--\(option.name) is given twice (\(earlier.joined(separator: ",")) and \(raw[0])); give it once")
        }
        var values: [String] = []
        for text in raw {
            let parts = option.isCommaSeparated ? text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) : [text]
            for part in parts {
                if option.isCommaSeparated, part.isEmpty {
                    throw error("--\(option.name): an empty item in '\(text)'")
                }
                if !option.admits(part), let range = option.rangeDescription {
                    throw error("--\(option.name) takes an integer \(range), not '\(part)'")
                }
                if let choices = option.choices, !choices.contains(part) {
                    let hint = Suggestion.phrase(for: part, among: choices)
                    throw error("--\(option.name): unknown value '\(part)'\(hint) (choose one of \(choices.joined(separator: ", ")))")
                }
                values.append(part)
            }
        }
        parsed.optionValues[option.name, default: []] += values
    }

    private mutating func assignPositionals() throws(UsageError) {
        var remaining = positionals[...]
        for declared in command.positionals {
            if declared.isRepeating {
                parsed.positionalValues[declared.name] = Array(remaining)
                if remaining.isEmpty, !declared.isOptional { throw error("missing \(declared.synopsis)") }
                remaining = []
            } else if let value = remaining.first {
                parsed.positionalValues[declared.name] = [value]
                remaining = remaining.dropFirst()
            } else if !declared.isOptional {
                throw error("missing \(declared.synopsis)")
            }
        }
        if let extra = remaining.first {
            let hint = command.subcommands.isEmpty ? "" : Suggestion.phrase(for: extra, among: command.subcommands.map(\.name))
            throw error("unexpected argument '\(extra)'\(hint)")
        }
    }
}
