import DataFormats
public import StatisticsCore

/// What a report says about the split its figures rest on: the split, and
/// for validation the looks counted so far, for test the certificate.
public struct SplitUse: Sendable, Hashable, Codable {
    /// The validation looks of one lineage on one split's rows, and the
    /// current figures adjusted for them (``SelectionAdjustment``).
    public struct Looks: Sendable, Hashable, Codable {
        /// One dimension's figure adjusted for the looks.
        public struct Adjusted: Sendable, Hashable, Codable {
            /// The dimension.
            public var dimension: String
            /// What is adjusted: the statistic, or the difference experimental − control.
            public var figure: String
            /// The figure with its nominal interval.
            public var estimate: Estimate
            /// The Bonferroni interval over the versions looked at.
            public var adjusted: ConfidenceInterval
            /// SE · E[max of m standard normals]: how far the best of m is likely above its true value.
            public var optimism: Double

            /// Creates the value from its parts.
            package init(dimension: String, figure: String, estimate: Estimate, adjusted: ConfidenceInterval, optimism: Double) {
                self.dimension = dimension
                self.figure = figure
                self.estimate = estimate
                self.adjusted = adjusted
                self.optimism = optimism
            }
        }

        /// Distinct rubric texts of the lineage looked at on these validation rows, this look's included.
        public var versions: Int
        /// Looks recorded in the history before this one.
        public var earlierLooks: Int
        /// How the intervals are adjusted: `bonferroni` over ``versions``, normal approximation.
        public var method: String
        /// Per dimension, the adjusted figure (absent where the figure has no value or spread).
        public var dimensions: [Adjusted]

        /// Creates the value from its parts.
        package init(versions: Int, earlierLooks: Int, method: String, dimensions: [Adjusted]) {
            self.versions = versions
            self.earlierLooks = earlierLooks
            self.method = method
            self.dimensions = dimensions
        }
    }

    /// The split and its rows.
    public var split: SplitReference
    /// The lineage's parent, from the rubric's `edited-from`.
    public var editedFrom: String?
    /// On validation: the looks.
    public var looks: Looks?
    /// On test: the certificate.
    public var certificate: Certificate?

    /// Creates the value from its parts.
    package init(split: SplitReference, editedFrom: String? = nil, looks: Looks? = nil, certificate: Certificate? = nil) {
        self.split = split
        self.editedFrom = editedFrom
        self.looks = looks
        self.certificate = certificate
    }

    /// The lines a report shows (text, Markdown and HTML alike): the split,
    /// the looks with each adjusted interval and optimism, or the certificate,
    /// with "test rows reused" when it was forced (in the bound ``SplitWording``).
    public var summaryLines: [String] {
        var out = [
            "Split: \(split.split.rawValue), \(split.rows.count) labelled rows (\(split.file), labels "
                + "\(split.labelFingerprint.prefix(12)))"
        ]
        if let looks {
            out.append(
                "Looks on these validation rows: \(looks.versions) rubric versions of this lineage compared "
                    + "(\(looks.earlierLooks) earlier looks); intervals adjusted by \(looks.method)")
            for d in looks.dimensions {
                out.append(
                    "  \(d.dimension): \(d.figure) \(ReportNumber.withInterval(d.estimate)); adjusted "
                        + "[\(ReportNumber.number(d.adjusted.lower)), \(ReportNumber.number(d.adjusted.upper))]; the best of "
                        + "\(looks.versions) is likely optimistic by about \(ReportNumber.number(d.optimism))")
            }
        }
        if let certificate {
            out.append(
                "Certified on \(certificate.testRows) sealed test rows: \(certificate.rubric)"
                    + (certificate.rubricVersion.map { " v\($0)" } ?? "") + " (rubric \(certificate.rubricTextHash.prefix(12))), "
                    + "model \(certificate.judge.model), \(certificate.judge.mode)")
            if let warning = certificate.smallTestWarning { out.append(warning) }
            if certificate.testRowsReused { out.append(SplitWording.testRowsReused.text) }
            if let spots = certificate.severeBlindSpots {
                out.append(
                    "The judge is insensitive to severe degradations: "
                        + spots.map { "\($0.dimension): \($0.phrase)" }.joined(separator: "; ")
                        + "; those dimensions are not aligned whatever their agreement")
            }
        }
        return out
    }
}
