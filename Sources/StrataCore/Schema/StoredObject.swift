import SQLiteKit

/// One object as read from the file: its class, its key, and the values of its properties in column order.
public struct StoredObject: Sendable {
    public var info: ClassInfo
    public var key: [SQLiteValue]
    public var columns: [ResultColumn]
    public var values: [SQLiteValue]
    /// By column index: the whole length in bytes of each value read shortened, to be shown (`ShownRow`).
    public var wholeCounts: [Int: Int]

    public init(info: ClassInfo, key: [SQLiteValue], columns: [ResultColumn], values: [SQLiteValue], wholeCounts: [Int: Int] = [:]) {
        self.info = info
        self.key = key
        self.columns = columns
        self.values = values
        self.wholeCounts = wholeCounts
    }

    /// True when some value was read shortened: the object can be shown, not written out or compared.
    public var isShortened: Bool { !wholeCounts.isEmpty }
}

/// An object with what it points at, one level deep: what `get` and the browser's `open` show.
public struct ObjectDetail: Sendable {
    public var object: StoredObject
    /// By column index: the object a link points at; absent for a nil link or a missing target.
    public var links: [Int: StoredObject]
    /// By column index: a list's objects, in list order.
    public var lists: [Int: [StoredObject]]
    /// Every backlink property of the class with how many objects link here through it.
    public var backlinks: [(property: Property, count: Int64)]

    public init(object: StoredObject, links: [Int: StoredObject], lists: [Int: [StoredObject]],
                backlinks: [(property: Property, count: Int64)])
    {
        self.object = object
        self.links = links
        self.lists = lists
        self.backlinks = backlinks
    }
}
