import Testing

extension Tag {
    /// Tests that call the local judge server (`scripts/local-judge start`); each call costs about a second.
    @Tag static var liveJudge: Self
    /// Tests that start the local fault-injecting test server.
    @Tag static var faultServer: Self
}
