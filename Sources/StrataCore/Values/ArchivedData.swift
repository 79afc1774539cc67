import CoreDataModel

/// Data that is an `NSKeyedArchiver` archive — what Core Data keeps in a transformable attribute (an `NSColor`,
/// a `UIImage`, an array) — told by the class at its root, so that people see what it holds.
public enum ArchivedData {
    /// The largest archive read for its class: a bigger value is shown by its size alone. Text output calls this
    /// for every blob that starts `bplist00`, so the bound keeps a table of large archives cheap (transformables
    /// such as colors and small arrays are a few hundred bytes).
    static let limit = 1 << 16

    /// The class at the root of the archive `bytes` holds (`NSColor`), or nil when they are not a keyed archive.
    public static func rootClassName(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count > 8, bytes.count <= limit, bytes.starts(with: "bplist00".utf8) else { return nil }
        guard let archive = try? KeyedArchive(bytes: Array(bytes)), let root = try? archive.root() else { return nil }
        return root.className
    }
}
