public import Testing

extension Tag {
    /// Tests that call the local judge server (`scripts/local-judge start`); each call costs seconds.
    @Tag public static var liveJudge: Self
    /// Tests that start a real Label Studio server (`scripts/label-studio`); each takes a minute or two.
    @Tag public static var labelStudio: Self
}
