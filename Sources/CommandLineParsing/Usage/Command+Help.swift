extension Command {
    /// The one-line usage of the command at the end of `path`:
    /// `tool count <file> [--fruits <name,…>] [--loud]`.
    ///
    /// - Parameter path: the commands from the root to this one (this command last).
    public static func usageLine(path: [Command]) -> String {
        guard let command = path.last else { return "" }
        var parts = [path.map(\.name).joined(separator: " ")]
        if !command.subcommands.isEmpty { parts.append(command.run == nil ? "<subcommand>" : "[<subcommand>]") }
        parts += command.positionals.map(\.synopsis)
        parts += command.options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" }
        parts += command.flags.map { "[\($0.spelling)]" }
        return parts.joined(separator: " ")
    }

    /// The help text of the command at the end of `path`.
    ///
    /// It is generated from the declarations: overview, usage, arguments,
    /// options (with choices and defaults), subcommands. Lines are wrapped to
    /// `width` columns.
    ///
    /// - Parameter path: the commands from the root to this one (this command last).
    public static func helpText(path: [Command], width: Int = 80) -> String {
        guard let command = path.last, let root = path.first else { return "" }
        var out = "OVERVIEW: " + command.abstract + "\n"
        if let discussion = command.discussion {
            out +=
                "\n"
                + discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { wrap(String($0), width: width, indent: 0) }
                .joined(separator: "\n") + "\n"
        }
        out += "\nUSAGE: " + wrap(usageLine(path: path), width: width - 7, indent: 7) + "\n"

        if !command.positionals.isEmpty {
            out += "\nARGUMENTS:\n"
            for p in command.positionals {
                out += entry("<\(p.name)>", p.help, width: width)
            }
        }

        out += "\nOPTIONS:\n"
        for o in command.options {
            var text = o.help
            if let choices = o.choices { text += " (\(choices.joined(separator: ", ")))" }
            if let r = o.rangeDescription { text += " (\(r))" }
            if let d = o.defaultValue { text += " (default: \(d))" }
            if o.arity != .single { text += " Can be repeated." }
            let short = o.short.map { "-\($0), " } ?? ""
            out += entry(short + o.synopsis, text, width: width)
        }
        // The command's flags, then the built-in ones: the version at the root of a tool that has one, and help.
        for f in command.flags + (root.version != nil ? [Flag.version] : []) + [Flag.help] {
            out += entry((f.short.map { "-\($0), " } ?? "") + f.spelling, f.help, width: width)
        }

        if !command.subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n"
            for s in command.subcommands {
                out += entry(s.name, s.abstract, width: width)
            }
            let prefix = path.map(\.name).joined(separator: " ")
            out += "\n  See '\(prefix) <subcommand> \(Flag.help.spelling)' for detailed help.\n"
        }
        return out
    }

    private static let labelWidth = 28

    private static func entry(_ label: String, _ text: String, width: Int) -> String {
        let body = wrap(text, width: width - labelWidth, indent: labelWidth)
        let lead = "  " + label
        if lead.count < labelWidth - 1 {
            return lead + String(repeating: " ", count: labelWidth - lead.count) + body + "\n"
        }
        return lead + "\n" + String(repeating: " ", count: labelWidth) + body + "\n"
    }

    /// Words of `text` in lines of at most `width` characters, continuation
    /// lines indented by `indent` spaces.
    static func wrap(_ text: String, width: Int, indent: Int) -> String {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > max(20, width) {
                lines.append(current)
                current = String(word)
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }
}
