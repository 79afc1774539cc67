/// One `property = value` of an `update` operation's `set` list: the value as the SQL literal it runs as.
struct UpdateAssignment: Equatable, Sendable {
    var property: String
    var value: String
}
