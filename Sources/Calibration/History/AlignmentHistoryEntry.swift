import AgreementCoefficients
public import CalibrationData
import DataFormats
public import Foundation
import Judging
import LanguageModels
import RunInference
import StatisticsCore

/// One line of the alignment history (`calibration/history.jsonl`): when, which
/// rubric (name, version, text hash and the full text, so any past figure can
/// be traced to the words that produced it), which model and data set, and the
/// headline figures per dimension.
public struct AlignmentHistoryEntry: Sendable, Hashable, Codable {
    /// The headline figures of one dimension; `nil` where undefined (the
    /// report holds the reason).
    public struct Figures: Sendable, Hashable, Codable {
        /// The dimension.
        public var dimension: String
        /// Paired rows.
        public var n: Int
        /// Exact agreement.
        public var exactAgreement: Double?
        /// Cohen's kappa, unweighted.
        public var kappa: Double?
        /// Linear-weighted kappa.
        public var linearKappa: Double?
        /// Quadratic-weighted kappa.
        public var quadraticKappa: Double?
        /// Krippendorff's alpha, ordinal.
        public var alphaOrdinal: Double?
        /// Gwet's AC2, quadratic weights.
        public var ac2: Double?
        /// Pearson's r.
        public var pearson: Double?
        /// Spearman's ρ.
        public var spearman: Double?
        /// Kendall's τ-b.
        public var kendallTauB: Double?
        /// Judge − expert mean difference.
        public var bias: Double?
        /// The verdict's statistic.
        public var statistic: AlignmentStatistic
        /// Its interval's bounds.
        public var lower: Double?
        public var upper: Double?
        /// The verdict.
        public var verdict: AlignmentOutcome
        /// For a look of a sequential plan: this look's number for the dimension.
        public var look: Int?
        /// For a look of a sequential plan, at an inconclusive look before the last: the chance that the plan's last look
        /// decides either way if the estimate holds, and whether this look stopped for futility (``SequentialFutility``).
        public var chanceOfVerdict: Double?
        public var futile: Bool?
        /// For a pairwise alignment: the share of pairs whose verdict survived the swap of positions.
        public var positionConsistency: Double?
        /// With a threshold set from the human ceiling: this dimension's threshold (F × the ceiling's mean); `nil` otherwise.
        public var threshold: Double? = nil
    }

    /// When the alignment ran, written as ISO 8601 in UTC.
    public var time: Date
    /// The rubric's name.
    public var rubric: String?
    /// The rubric's version.
    public var rubricVersion: String?
    /// A hash of the rubric text (the caller's; SHA-256 hex by convention).
    public var rubricTextHash: String?
    /// The rubric's full text.
    public var rubricText: String?
    /// The judge model.
    public var model: String?
    /// The data set.
    public var dataset: String?
    /// The run.
    public var run: String?
    /// The threshold of the verdicts; with ``thresholdFromCeiling``, each dimension's is in its figures.
    public var threshold: Double
    /// F, when each dimension's threshold was F × its human ceiling's mean; `nil` otherwise.
    public var thresholdFromCeiling: Double? = nil
    /// Per-dimension figures (empty for a comparison, whose figures are ``compared``).
    public var dimensions: [Figures]
    /// The rubric the judged one was edited from (its `edited-from`), when declared; absent in older files.
    public var editedFrom: String?
    /// The split the figures rest on (the `split` option, `certify`), with the label sheets and fingerprint; absent without one.
    public var split: SplitReference?
    /// The validation looks counted with this one and the adjusted figures, on validation.
    public var looks: SplitUse.Looks?
    /// The certificate, for `judgecal certify` (``Certificate/testRowsReused`` when forced).
    public var certificate: Certificate?
    /// For a comparison on the validation split: the control rubric's name and text hash.
    public var controlRubric: String?
    public var controlRubricTextHash: String?
    /// For a comparison: per dimension, n and the difference experimental − control with its interval.
    public var compared: [ComparedFigures]?

    /// One dimension of a comparison.
    public struct ComparedFigures: Sendable, Hashable, Codable {
        /// The dimension.
        public var dimension: String
        /// Rows paired under both rubrics.
        public var n: Int
        /// Experimental − control on the statistic, with its bounds.
        public var difference: Double?
        public var lower: Double?
        public var upper: Double?
    }
    /// For a look of a sequential plan of K looks: K; `nil` for a single look.
    public var sequentialLooks: Int?
    /// The label sheets' file names, sorted: how lines written before ``labelRows`` name their sequence.
    public var labelSet: String?
    /// For a look of a sequential plan: the ids of the rows the experts had labelled at this look,
    /// sorted. A later look of the same rubric whose labelled rows overlap these is the same
    /// sequence, and must include them all.
    public var labelRows: [String]?
    /// The SHA-256 (hex) of the history's line before this one, as it stands in the file (without
    /// its line end): the link that makes the history tamper-evident (``readAll(from:)``). Set by
    /// ``append(to:)``; `nil` on the file's first line and on lines written before links were kept.
    public var previous: String?

    /// The entry for `report`, with the rubric's text and its hash (the
    /// SHA-256 of the text's UTF-8 bytes unless the caller gives one).
    public init(report: AlignmentReport, rubricText: String?, rubricTextHash: String? = nil, time: Date = Date()) {
        self.time = time
        self.rubric = report.info.rubric
        self.rubricVersion = report.info.rubricVersion
        self.rubricTextHash = rubricTextHash ?? rubricText.map { SHA256.hexDigest(of: Array($0.utf8)) }
        self.rubricText = rubricText
        self.model = report.info.model
        self.dataset = report.info.dataset
        self.run = report.info.run
        self.threshold = report.options.threshold
        self.sequentialLooks = report.options.sequentialLooks
        self.labelSet = report.dimensions.lazy.compactMap(\.sequentialLook?.labelSet).first
        self.dimensions = report.dimensions.map { d in
            Figures(
                dimension: d.name, n: d.counts.paired, exactAgreement: d.exactAgreement.value, kappa: d.cohenKappa.unweighted.value,
                linearKappa: d.cohenKappa.linear.value, quadraticKappa: d.cohenKappa.quadratic.value,
                alphaOrdinal: d.krippendorffAlphaOrdinal.value, ac2: d.gwetAC2.value, pearson: d.pearson.value,
                spearman: d.spearman.value, kendallTauB: d.kendallTauB.value, bias: d.bias.value, statistic: d.statistic,
                lower: d.sequentialLook?.interval?.lower ?? d.statisticEstimate.interval?.lower,
                upper: d.sequentialLook?.interval?.upper ?? d.statisticEstimate.interval?.upper, verdict: d.verdict.outcome,
                look: d.sequentialLook?.look,
                chanceOfVerdict: d.sequentialLook?.futility.map { $0.chanceAligned + $0.chanceNotAligned },
                futile: d.sequentialLook?.futility?.stops, threshold: d.ceilingThreshold?.threshold)
        }
        thresholdFromCeiling = report.options.thresholdFromCeiling
        if let use = report.split { record(use) }
    }

    /// The entry for a pairwise alignment: one figure line, `preference`, with n the paired labels,
    /// `exactAgreement` the win/tie/loss agreement, `kappa` and the verdict's statistic Cohen's kappa over a,
    /// tie, b with its bounds, and the position consistency.
    public init(preference report: PreferenceAlignment, rubricText: String?, time: Date = Date()) {
        self.time = time
        rubric = report.rubric
        rubricTextHash = rubricText.map { SHA256.hexDigest(of: Array($0.utf8)) }
        self.rubricText = rubricText
        model = report.model
        run = report.run
        threshold = report.verdict.figures.threshold
        let a = report.agreement, kappa = a.kappa.kappa
        dimensions = [
            Figures(
                dimension: PreferenceAlignment.labelDimension.name, n: a.table.n, exactAgreement: a.percentAgreement.value,
                kappa: kappa.value, statistic: .kappa, lower: kappa.interval?.lower, upper: kappa.interval?.upper,
                verdict: report.verdict.outcome, positionConsistency: a.positionConsistency.value)
        ]
    }

    /// The entry for a comparison looked at on a split: the experimental
    /// rubric as the rubric, the control beside it, and the differences.
    public init(comparison: RubricComparison, rubric: String, texts: (control: String, experimental: String), time: Date = Date()) {
        self.time = time
        self.rubric = rubric
        self.rubricTextHash = SHA256.hexDigest(of: Array(texts.experimental.utf8))
        self.rubricText = texts.experimental
        self.controlRubric = comparison.controlName
        self.controlRubricTextHash = SHA256.hexDigest(of: Array(texts.control.utf8))
        self.model = comparison.info.model
        self.dataset = comparison.info.dataset
        self.run = comparison.info.run
        self.threshold = comparison.options.threshold
        self.dimensions = []
        self.compared = comparison.dimensions.map {
            ComparedFigures(
                dimension: $0.name, n: $0.paired, difference: $0.difference.value, lower: $0.difference.interval?.lower,
                upper: $0.difference.interval?.upper)
        }
        if let use = comparison.split { record(use) }
    }

    private mutating func record(_ use: SplitUse) {
        editedFrom = use.editedFrom
        split = use.split
        looks = use.looks
        certificate = use.certificate
    }

    /// The entry as one line of JSON (sorted keys, ISO 8601 time), without the newline.
    public func jsonLine() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads one line written by ``append(to:)``.
    public static func decode(line: Data) throws -> AlignmentHistoryEntry {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(AlignmentHistoryEntry.self, from: line)
    }

    /// Appends the entry as one JSON line to the file at `url`, linked to the line before it
    /// (``previous``), flushed to disk (`fsync`) before it returns.
    ///
    /// The file (not its folder) is created when missing. The file is locked (`flock`, exclusive)
    /// while its last line is read and the new line written, so concurrent runs neither interleave
    /// their lines nor link two lines to the same one; the line and its newline go out in a single
    /// `write(2)` on a descriptor opened with `O_APPEND`. A file whose last line lacks its newline
    /// gets one first. A stream (``StagedOutputs``' rule) is written to without a link.
    ///
    /// - Throws: ``OutputError`` naming the file and the system's reason, with another history
    ///   file or none as the way out (``OutputError/Remedy/otherHistory(isDefault:)``).
    public func append(to url: URL) throws {
        let path = InputFile.displayName(url)
        let remedy = OutputError.Remedy.otherHistory(isDefault: false)
        let doing = "cannot append to the history file"
        let fd = open(url.path, O_RDWR | O_APPEND | O_CREAT, 0o644)
        guard fd >= 0 else { throw OutputError(path: path, doing: doing, errno: errno, remedy: remedy) }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw OutputError(path: path, doing: doing, errno: errno, remedy: remedy) }
        // A stream (StagedOutputs' rule: a device, FIFO or socket, or a path under /dev/) has no lines
        // to link to, and /dev/full reads forever.
        let tail = StagedOutputs.isStream(url.path) ? Data() : try Self.tail(fd, path: path, doing: doing, remedy: remedy)
        var linked = self
        linked.previous = Self.lines(of: tail).last.map { SHA256.hexDigest(of: Array($0.text)) }
        var line = tail.last.map { $0 == 0x0A ? Data() : Data([0x0A]) } ?? Data()
        line.append(try linked.jsonLine())
        line.append(0x0A)
        let written = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == line.count else {
            let reason = written < 0 ? String(cString: strerror(errno)) : "only \(written) of \(line.count) bytes were written"
            throw OutputError(path: path, doing: doing, reason: reason, remedy: remedy)
        }
        guard fsync(fd) == 0 || errno == EINVAL else { throw OutputError(path: path, doing: doing, errno: errno, remedy: remedy) }
    }

    /// The end of the open file `fd` from the start of its last non-blank line (``lines(of:)``): read
    /// backwards in 64 KiB windows until a line break comes before that line, or the file's start, so
    /// that linking a line costs the last line, not the whole history.
    private static func tail(_ fd: Int32, path: String, doing: String, remedy: OutputError.Remedy) throws -> Data {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw OutputError(path: path, doing: doing, errno: errno, remedy: remedy) }
        var start = Int(info.st_size)
        var tail = Data()
        let window = 1 << 16
        while start > 0 {
            let size = min(window, start)
            start -= size
            var chunk = Data(count: size)
            let read = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, size, off_t(start)) }
            guard read == size else {
                let reason = read < 0 ? String(cString: strerror(errno)) : "it changed while it was read"
                throw OutputError(path: path, doing: doing, reason: "it could not be read to link the new line: \(reason)", remedy: remedy)
            }
            tail = chunk + tail
            // Two non-blank lines: the last is whole, a line break before it.
            if lines(of: tail).count >= 2 { break }
        }
        return tail
    }
}