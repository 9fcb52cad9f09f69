public import CalibrationData
import DataFormats
public import Foundation

extension AlignmentHistoryEntry {
    /// Every entry in the history file at `url`, in order; none when there is no file.
    ///
    /// - Throws: ``InputError`` naming the file and line of a line that is not an entry.
    public static func readAll(from url: URL) throws -> [AlignmentHistoryEntry] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let lines = try InputFile.read(url).split(separator: 0x0A, omittingEmptySubsequences: false)
        return try lines.enumerated().compactMap { i, line in
            guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) else { return nil }
            do {
                return try decode(line: Data(line))
            } catch {
                throw InputError(
                    file: InputFile.displayName(url), line: i + 1, message: "is not a history entry (docs/FORMATS.md): \(error)")
            }
        }
    }

    /// The newest certificate of the lineage `rubric` in `history`.
    ///
    /// - Throws: ``CertificationError`` when there is none.
    public static func latestCertificate(of rubric: String, in history: [AlignmentHistoryEntry], file: String) throws -> Certificate {
        guard let certificate = history.compactMap(\.certificate).last(where: { $0.rubric == rubric }) else {
            throw CertificationError(.noCertificate(file: file, rubric: rubric))
        }
        return certificate
    }
}
