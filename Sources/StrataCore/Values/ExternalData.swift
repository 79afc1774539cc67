/// What Core Data keeps in the column of a Binary attribute that allows external storage: one byte saying where
/// the data is, then either the data itself (1) or the UUID naming its file beside the store (2), in
/// `.<store>_SUPPORT/_EXTERNAL_DATA/`.
public enum ExternalData {
    public enum Reference: Equatable, Sendable {
        /// The data is in the column, after the marker byte.
        case inline(count: Int)
        /// The data is in a file of its own; the column holds its name.
        case file(name: String)
    }

    /// The reference a column's bytes hold, or nil when they follow neither form.
    public static func reference(_ bytes: UnsafeRawBufferPointer) -> Reference? {
        guard let marker = bytes.first else { return nil }
        switch marker {
        case 1:
            return .inline(count: bytes.count - 1)
        case 2:
            var name = bytes.dropFirst()
            if name.last == 0 { name = name.dropLast() }
            guard (1...64).contains(name.count), name.allSatisfy({ $0 == 0x2D || (0x30...0x39).contains($0) || (0x41...0x46).contains($0)
                || (0x61...0x66).contains($0) })
            else { return nil }
            return .file(name: String(decoding: name, as: UTF8.self))
        default:
            return nil
        }
    }
}
