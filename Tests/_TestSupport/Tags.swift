public import Testing

extension Tag {
    /// Tests that call the local judge server (`scripts/local-judge start`); each call costs seconds.
    @Tag public static var liveJudge: Self
}
