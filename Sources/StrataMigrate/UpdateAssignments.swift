/// The `set` list of an `update` operation: each property with the SQL literal it gets, in the file's order.
///
/// Its elements are labeled pairs, read as `$0.property` and `$0.value` (or `$0.0` and `$0.1`).
struct UpdateAssignments: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
    typealias Element = (property: String, value: String)

    private var pairs: [Element]

    init(_ pairs: [Element]) { self.pairs = pairs }
    init(arrayLiteral pairs: Element...) { self.pairs = pairs }

    var startIndex: Int { pairs.startIndex }
    var endIndex: Int { pairs.endIndex }
    subscript(position: Int) -> Element { pairs[position] }

    static func == (a: UpdateAssignments, b: UpdateAssignments) -> Bool { a.pairs.elementsEqual(b.pairs, by: ==) }
}
