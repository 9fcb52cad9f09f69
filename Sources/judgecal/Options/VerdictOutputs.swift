import CalibrationWorkflow
import CommandLineParsing

/// The outputs of a verdict command that writes a report and a history line (`align`, `certify`, `audit`,
/// `probe`): its `--report`, the history file unless `--no-history`, `--junit` and the job summary,
/// gathered and checked once, before any work.
enum VerdictOutputs {
    /// The outputs `arguments` name, each writable and none of them one of `inputs`; `report` is the command's
    /// own report option.
    ///
    /// With `--no-history`, a `--history` given is not written to (`align` still reads it: the certificates, probe
    /// batteries and audits it holds).
    ///
    /// - Throws: `InputFiles`' refusal for an output that is an input; `OutputError` (73) for a location that
    ///   cannot be written.
    static func checked(_ arguments: ParsedArguments, report: OptionKey<String?>, inputs: [String?]) throws -> AlignmentOutputs {
        let history = arguments[SplitOptions.noHistory] ? nil : try arguments[SplitOptions.history]
        try InputFiles.refuseOverwriting(
            [("report", try arguments[report]), ("history", history)] + (try VerdictReportOptions.outputs(arguments)), inputs: inputs)
        let outputs = AlignmentOutputs(
            report: try arguments[report], history: history, historyIsDefault: !arguments.isGiven(SplitOptions.history),
            reporters: try VerdictReportOptions.reporters(arguments))
        try outputs.check()
        return outputs
    }
}
