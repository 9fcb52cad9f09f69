import CommandLineParsing

/// The `judgecal` tool: parses the command line and hands off to a command.
@main
enum JudgeCal {
    static func main() async {
        await JudgeCalCommands.root.main()
    }
}
