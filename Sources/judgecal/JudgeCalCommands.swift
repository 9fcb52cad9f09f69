import CommandLineParsing

/// The command tree of `judgecal`.
enum JudgeCalCommands {
    /// The tool's version, printed by `judgecal --version`.
    static let version = "0.1.0"

    static let root = Command(
        name: "judgecal",
        abstract: "Measure whether an LLM judge agrees with human experts.",
        discussion: VerdictExitCodes.help,
        version: version,
        subcommands: [
            ImportCommand.command, ExtractCommand.command, JudgeCommand.command, AlignCommand.command, CompareCommand.command,
            ReportCommand.command, RubricCommand.command, AgreementCommand.command,
            IterationCommands.disagreements, IterationCommands.suggest,
            EstimateCommand.command, AlignCommand.certify, TrustCommand.command, CalibrateCommand.command, AuditCommand.command, HistoryCommand.command, PlanCommand.command, ProbeCommand.command,
            GenerateCommand.command, ExportCommand.command, ToolArgumentsCommand.command,
        ],
        exitCode: JudgeCal.exitCode(for:),
        errorMessage: JudgeCal.message(for:)
    )
}
