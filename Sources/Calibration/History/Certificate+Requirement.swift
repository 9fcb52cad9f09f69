public import CalibrationData
import DataFormats
import Foundation
public import Judging
import LanguageModels

extension Certificate {
    /// Refuses `judge` with `rubric`, whose text is `text`, unless they match
    /// the newest certificate of the rubric's lineage in the history at `path`
    /// (``mismatches(rubricTextHash:judge:)``): what `align` checks before it judges when it must find a certificate.
    ///
    /// - Throws: ``CertificationError`` naming every difference, or that there is no certificate.
    public static func require(_ rubric: Rubric, text: String, judge: JudgeIdentity, history path: String) throws {
        let url = URL(fileURLWithPath: path)
        let file = InputFile.displayName(url)
        let history = try AlignmentHistoryEntry.readAll(from: url)
        guard let certificate = history.compactMap(\.certificate).last(where: { $0.rubric == rubric.name }) else {
            throw CertificationError(.noCertificate(file: file, rubric: rubric.name))
        }
        let mismatches = certificate.mismatches(rubricTextHash: SHA256.hexDigest(of: Array(text.utf8)), judge: judge)
        guard mismatches.isEmpty else {
            throw CertificationError(
                "the judge no longer matches the certificate of \(rubric.name) in \(file): \(mismatches.joined(separator: "; ")); "
                    + "certify the new rubric or model on test rows first")
        }
    }
}
