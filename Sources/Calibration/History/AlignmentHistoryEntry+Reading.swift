public import CalibrationData
import DataFormats
import LanguageModels
public import Foundation

extension AlignmentHistoryEntry {
    /// Every entry in the history file at `url`, in order, with the links between its lines checked;
    /// none when there is no file. The one reader of the history: looks, certificates and sequences
    /// are all counted from it.
    ///
    /// Lines end in LF or CRLF; blank lines are passed over. From the first line that carries a link
    /// (``previous``) on, every line must carry one equal to the SHA-256 of the line before it as it
    /// stands, so a line edited, removed or inserted before the last one breaks the chain. Lines
    /// written before links were kept read as they are. The chain cannot show lines removed from
    /// the end of the file: keep the history under version control.
    ///
    /// - Throws: ``InputError`` naming the file and line of a line that is not an entry, or where
    ///   the chain breaks.
    public static func readAll(from url: URL) throws -> [AlignmentHistoryEntry] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let file = InputFile.displayName(url)
        var entries: [AlignmentHistoryEntry] = []
        var before: (number: Int, hash: String)?
        var chained = false
        for (number, text) in lines(of: try InputFile.read(url)) {
            let entry: AlignmentHistoryEntry
            do {
                entry = try decode(line: Data(text))
            } catch {
                throw InputError(file: file, line: number, message: "is not a history entry (docs/FORMATS.md): \(error)")
            }
            if let link = entry.previous {
                guard let before else {
                    throw InputError(
                        file: file, line: number,
                        message: "this line is linked to a line before it, and there is none: lines at the start of the history were removed; restore the file")
                }
                guard link == before.hash else {
                    throw InputError(
                        file: file, line: number,
                        message: "this line is linked to a line other than line \(before.number) as it stands: line \(before.number) was edited, or lines before this one were removed or inserted; restore the file")
                }
                chained = true
            } else if chained {
                throw InputError(
                    file: file, line: number,
                    message: "this line carries no link to the line before it, though the lines before it are linked: it was added or altered by hand; restore the file")
            }
            before = (number, SHA256.hexDigest(of: Array(text)))
            entries.append(entry)
        }
        return entries
    }

    /// The lines of a history file that hold something, numbered from 1, each without its LF or CRLF.
    static func lines(of data: Data) -> [(number: Int, text: Data.SubSequence)] {
        data.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().compactMap { i, line in
            let text = line.last == 0x0D ? line.dropLast() : line
            return text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) ? nil : (i + 1, text)
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
