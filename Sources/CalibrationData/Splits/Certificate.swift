import DataFormats
public import Foundation
public import Judging
import LanguageModels
public import StatisticsCore

/// The judge a figure was made with: model, server and scoring settings.
public struct JudgeIdentity: Sendable, Hashable, Codable {
    /// The model's name.
    public var model: String
    /// The server's base URL.
    public var baseURL: String?
    /// The scoring mode (`discrete`, `probabilityWeighted(…)`, `sampled(count: 5)`), or for scores
    /// made elsewhere, the file's content (``init(scoresFileSHA256:model:)``).
    public var mode: String
    /// The sampling temperature; `nil` for scores made elsewhere, whose settings are not known.
    public var temperature: Double?
    /// The reply's token limit; `nil` for scores made elsewhere.
    public var maxTokens: Int?
    /// The sampling seed, when one is sent.
    public var seed: Int?

    /// Creates the settings.
    public init(model: String, baseURL: String?, options: JudgeSettings) {
        self.model = model
        self.baseURL = baseURL
        self.mode = String(describing: options.mode)
        self.temperature = options.temperature
        self.maxTokens = options.maxTokens
        self.seed = options.seed
    }

    /// A judge scored elsewhere, known by its scores: `model` (the judge's name) and the SHA-256 (hex)
    /// of its judge-scores file at `url`, recorded as the mode `scores from a file, SHA-256 …`, so that
    /// a certificate made on those scores matches them and no other scores of the same judge. The file
    /// is hashed as it is read, a chunk at a time (``DataFormats/SHA256/hexDigest(ofFileAt:chunkSize:)``):
    /// memory does not grow with its rows.
    ///
    /// - Throws: ``DataFormats/InputError`` naming the file when it cannot be read.
    public init(scoresFileAt url: URL, model: String) throws {
        self.model = model
        baseURL = nil
        mode = "scores from a file, SHA-256 \(try SHA256.hexDigest(ofFileAt: url))"
    }
}

/// The record of a rubric judged once on the sealed test rows
/// (`judgecal certify`): the claim a team may publish, and what it rests on.
public struct Certificate: Sendable, Hashable, Codable {
    /// The rubric's name: its lineage.
    public var rubric: String
    /// The rubric's version.
    public var rubricVersion: String?
    /// The SHA-256 (hex) of the rubric's text.
    public var rubricTextHash: String
    /// The rubric it was edited from, when declared.
    public var editedFrom: String?
    /// The judge.
    public var judge: JudgeIdentity
    /// The split record, its identity (seed and shares) and the label fingerprint.
    public var splitFile: String
    public var splitIdentity: String
    public var labelFingerprint: String
    /// How many test rows were judged.
    public var testRows: Int
    /// Whether this lineage had been certified on these test rows before (certified again by force): the test is then no longer sealed.
    public var testRowsReused: Bool
    /// The severe degradations the judge's last probe battery found it blind to on the certified dimensions
    /// (``SevereBlindSpot``), which made their verdicts *not aligned*; `nil` when it has none, or no battery ran.
    public var severeBlindSpots: [SevereBlindSpot]? = nil

    /// Creates the value from its parts.
    package init(rubric: String, rubricVersion: String? = nil, rubricTextHash: String, editedFrom: String? = nil, judge: JudgeIdentity, splitFile: String, splitIdentity: String, labelFingerprint: String, testRows: Int, testRowsReused: Bool) {
        self.rubric = rubric
        self.rubricVersion = rubricVersion
        self.rubricTextHash = rubricTextHash
        self.editedFrom = editedFrom
        self.judge = judge
        self.splitFile = splitFile
        self.splitIdentity = splitIdentity
        self.labelFingerprint = labelFingerprint
        self.testRows = testRows
        self.testRowsReused = testRowsReused
    }

    /// The coverage of a certificate's intervals: 99% two-sided, so that the lower bound the verdict
    /// rests on is a one-sided bound that covers the true agreement at least 95% of the time.
    ///
    /// Measured (`PlanningSimulation certificate-coverage`, docs/ITERATION.md, "The certificate's
    /// lower bound"): quadratic kappa on skewed judges' tables at 40–200 test rows, 2,000 test sets
    /// per cell. The lower end of a 95% interval, nominally a 97.5% bound, covered only 89.8–94.0% at
    /// its worst (percentile bootstrap) because kappa's sampling distribution is skewed and the
    /// bootstrap too narrow at these sizes; the lower end of a 99% BCa interval covered 95.8% or
    /// more in every cell.
    public static let confidence = 0.99
    /// How a certificate's interval is formed unless the caller names a method: the BCa bootstrap,
    /// whose lower bound covered best in the study above (``confidence``).
    public static let intervalMethod = IntervalMethod.bca

    /// The fewest sealed test rows at which certification was measured to
    /// detect a rubric truly better by +0.15 quadratic kappa in at least 80% of
    /// cases while keeping 95% coverage with nothing better: about 50 test rows
    /// (200 labelled at the default 50/25/25) fall short of that power, about 80
    /// (200 at shares 40/20/40) reach it (`IterationSimulation`; the
    /// figures in docs/ITERATION.md, "What the figures say").
    public static let recommendedTestRows = 80

    /// The warning a report shows when ``testRows`` is below
    /// ``recommendedTestRows``: a real gain may well go uncertified; `nil` otherwise.
    public var smallTestWarning: String? {
        guard testRows < Self.recommendedTestRows else { return nil }
        return "Only \(testRows) sealed test rows: with about 50, a rubric truly better by +0.15 quadratic kappa is "
            + "certified in 76% of simulated cases, with about \(Self.recommendedTestRows) in 91% (docs/ITERATION.md). "
            + "Label more rows: new rows join the splits by the hash of their ids"
    }

    /// Why a judge fails this certificate: each difference between the
    /// certified rubric and judge and the ones about to be used; empty when they match.
    ///
    /// The rubric text, the model's name and the scoring mode must match; the
    /// server may differ (the same model served elsewhere).
    public func mismatches(rubricTextHash: String, judge: JudgeIdentity) -> [String] {
        var out: [String] = []
        if rubricTextHash != self.rubricTextHash {
            out.append("the rubric's text changed (certified \(self.rubricTextHash.prefix(12)), now \(rubricTextHash.prefix(12)))")
        }
        if judge.model != self.judge.model { out.append("the model changed (certified \(self.judge.model), now \(judge.model))") }
        if judge.mode != self.judge.mode { out.append("the scoring mode changed (certified \(self.judge.mode), now \(judge.mode))") }
        return out
    }
}

/// A certification refused: a second certificate of a lineage on the same
/// test rows unless forced, no certificate to require, or a judge that no
/// longer matches its certificate (a look that requires a certificate).
public struct CertificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was refused, and what to do, in the library's words.
    public let message: String
    /// What was refused, where the way out is a command or setting of the caller's, for a tool to
    /// word naming its own; `nil` when ``message`` says all.
    public let problem: Problem?

    /// What was refused, with what a tool needs to say so in its own words.
    public enum Problem: Sendable, Hashable {
        /// The lineage `rubric` was certified on these test rows before: `certificates` of them in
        /// `history` (its display name, or `nil`), the last of version `lastVersion`.
        case alreadyCertified(rubric: String, certificates: Int, history: String?, lastVersion: String?)
        /// The history file `file` holds no certificate of the rubric `rubric`.
        case noCertificate(file: String, rubric: String)
    }

    package init(_ message: String) {
        self.message = message
        problem = nil
    }

    package init(_ problem: Problem) {
        self.problem = problem
        switch problem {
        case .alreadyCertified(let rubric, let certificates, let history, let lastVersion):
            message =
                Self.alreadyCertified(rubric: rubric, certificates: certificates, history: history, lastVersion: lastVersion)
                + "Force the certificate to certify anyway, marked \"test rows reused\""
        case .noCertificate(let file, let rubric):
            message = "\(file) holds no certificate of the rubric \(rubric); certify it first"
        }
    }

    /// The start of an `alreadyCertified` message, up to the way out: what was certified before and
    /// why a second look is no longer a sealed test.
    public static func alreadyCertified(rubric: String, certificates: Int, history: String?, lastVersion: String?) -> String {
        "the lineage \(rubric) was already certified on these test rows (\(certificates) certificate"
            + "\(certificates == 1 ? "" : "s") in \(history ?? "the history"), the last of v"
            + "\(lastVersion ?? "?")); a second look at the test rows is no longer a sealed test. "
    }

    public var description: String { message }
}
