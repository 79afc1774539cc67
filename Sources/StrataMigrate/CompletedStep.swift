/// A step a migration run carried out, with how long it took.
package struct CompletedStep: Sendable {
    package let step: MigrationStep
    package let milliseconds: Int
}
