/// Runs `body`, then `cleanup`, whether `body` returned or threw.
///
/// - Throws: `body`'s error, else `cleanup`'s: a failed cleanup is never silent, and never hides the error
///   that came first.
func withCleanup<T>(_ cleanup: () throws -> Void, _ body: () throws -> T) throws -> T {
    let result: T
    do {
        result = try body()
    } catch {
        try? cleanup()
        throw error
    }
    try cleanup()
    return result
}
