public import CalibrationData
public import DataFormats
public import Foundation
public import Judging

/// A certificate used: read back, checked against the judge about to be trusted, and applied to its judgments.
extension TrustCertificate {
    /// The certificate in the file at `url`.
    ///
    /// - Throws: ``DataFormats/InputError`` naming the file, and the line and column of a JSON syntax error,
    ///   for a file that is not a trust certificate (``DataFormats/KindedJSONFile``), or one with a threshold outside [0, 1].
    public static func load(from url: URL) throws -> TrustCertificate {
        let (certificate, lines, file) = try KindedJSONFile.decode(
            TrustCertificate.self, from: url, kind: Self.kindName, name: "a trust certificate",
            origin: "a certificate is written when trust is measured")
        if let bad = certificate.dimensions.firstIndex(where: { d in d.threshold.map { !($0 >= 0 && $0 <= 1) } ?? false }) {
            throw InputError(
                file: file, line: lines.line(of: "dimensions[\(bad)].threshold"), column: "threshold",
                message: "dimension \(certificate.dimensions[bad].name)'s threshold is not a confidence from 0 to 1")
        }
        return certificate
    }

    /// Checks that the certificate was measured on `judge` with the rubric whose text hashes to `rubricTextHash`.
    ///
    /// - Throws: ``TrustCertificateMismatch`` naming every difference.
    public func check(judge: JudgeIdentity, rubricTextHash: String) throws(TrustCertificateMismatch) {
        var differences: [String] = []
        let measured = self.judge
        if measured.model != judge.model { differences.append("the model was \(measured.model), now \(judge.model)") }
        if measured.baseURL != judge.baseURL {
            differences.append("the server was \(measured.baseURL ?? "none"), now \(judge.baseURL ?? "none")")
        }
        if measured.mode != judge.mode { differences.append("the scoring was \(measured.mode), now \(judge.mode)") }
        if measured.temperature != judge.temperature || measured.maxTokens != judge.maxTokens || measured.seed != judge.seed {
            differences.append("the sampling settings (temperature, token limit, seed) changed")
        }
        if let hash = self.rubricTextHash, hash != rubricTextHash { differences.append("the rubric's text changed") }
        guard differences.isEmpty else { throw TrustCertificateMismatch(differences: differences) }
    }

    /// Each row's decision on each of the certificate's dimensions, in the judgments' order: kept when
    /// the dimension has a threshold and the judge's confidence there is at or above it; escalated
    /// otherwise, with why.
    public func decisions(for judgments: JudgmentSet) -> [TrustDecision] {
        judgments.judgments.flatMap { decisions(for: $0) }
    }

    /// One row's decision on each of the certificate's dimensions, in the certificate's order, as
    /// the decisions on a whole set are decided: for deciding judgments as they are read.
    public func decisions(for judgment: Judgment) -> [TrustDecision] {
        dimensions.map { d in
            let score = judgment.score(d.name)
            let confidence = score?.confidence
            let reason: TrustDecision.Reason? =
                if judgment.failure != nil || score == nil { .noJudgeScore }
                else if confidence == nil { .noConfidence }
                else if d.threshold == nil { .noThreshold }
                else if let c = confidence, let t = d.threshold, c.value < t { .belowThreshold }
                else { nil }
            return TrustDecision(
                id: judgment.id, dimension: d.name, kept: reason == nil, level: confidence?.level, confidence: confidence?.value,
                escalatedBecause: reason)
        }
    }

    /// The certificate as the file holds it: pretty-printed JSON, keys sorted, the time in ISO 8601.
    public func json() throws -> Data {
        let encoder = JSONEncoder.report
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// The value of ``kind`` every certificate carries.
    static let kindName = "judgecal trust certificate"
}

/// A certificate measured on another judge or rubric than the one about to be trusted.
public struct TrustCertificateMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// What differs.
    public var differences: [String]

    public var description: String {
        "the trust certificate was measured on another judge: " + differences.joined(separator: "; ")
            + "; measure the thresholds again with this judge"
    }
}

/// One row's decision on one dimension under a trust certificate.
public struct TrustDecision: Sendable, Hashable {
    /// Why a row was escalated.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The judge failed on the row, or gave no score on the dimension.
        case noJudgeScore = "no judge score"
        /// The judge scored the row without a confidence.
        case noConfidence = "no confidence"
        /// The dimension has no certified threshold.
        case noThreshold = "no threshold"
        /// The judge's confidence is below the threshold.
        case belowThreshold = "below threshold"
    }

    /// The row and dimension.
    public var id: String
    public var dimension: String
    /// Whether the judge's level is kept.
    public var kept: Bool
    /// The judge's level and confidence, when it gave them.
    public var level: Double?
    public var confidence: Double?
    /// Why it was escalated; `nil` when kept.
    public var escalatedBecause: Reason?
}
