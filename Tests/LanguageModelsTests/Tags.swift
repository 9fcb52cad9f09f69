import Testing

extension Tag {
    /// Tests that start the local fault-injecting test server.
    @Tag static var faultServer: Self
}
