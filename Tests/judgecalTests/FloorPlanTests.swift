import Foundation
import Testing
import _TestSupport

/// The package's floor plan as `scripts/module-map --check` measures it: no two folders of a module depend on each
/// other both ways, no library module is over 6,000 lines, only LinearAlgebra links LAPACKE and only ArchiveReading
/// zlib and zstd, and the lower layers reach none of the statistics or C libraries they do not need.
@Suite("The floor plan")
struct FloorPlanTests {
    @Test("scripts/module-map --check finds no two-way folder pair and no broken layering rule")
    func moduleMapChecks() throws {
        let outcome = try ChildProcess(
            command: "python3", arguments: [SharedData.projectURL("scripts/module-map").path, "--check"],
            workingDirectory: SharedData.packageRoot, timeout: .seconds(300)
        ).run()
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.error)")
        #expect(outcome.output.contains("two-way folder pairs in all: 0"), "\(outcome.output)")
        #expect(!outcome.output.contains("rule broken"), "\(outcome.output)")
    }
}

/// What a clean clone checks out: no symbolic link is tracked. A worktree's link to the main checkout's
/// local judge was once committed by accident, and on a clean clone it pointed at itself, so CI's first
/// `mkdir` failed before any test ran.
@Suite("The checkout")
struct CheckoutTests {
    @Test("git tracks no symbolic link")
    func noTrackedSymlink() throws {
        let outcome = try ChildProcess(
            command: "git", arguments: ["ls-files", "--stage"], workingDirectory: SharedData.packageRoot, timeout: .seconds(60)
        ).run()
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.contains("Package.swift"), "git listed the tracked files")
        let links = outcome.output.split(separator: "\n").filter { $0.hasPrefix("120000 ") }
        #expect(links.isEmpty, "tracked symbolic links: \(links.joined(separator: "; "))")
    }
}
