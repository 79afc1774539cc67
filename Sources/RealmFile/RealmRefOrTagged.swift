/// One element of a has-refs array (realm-core `array.hpp`, `RefOrTagged`): an even value is a ref (0 is the null
/// ref), an odd value is a tagged integer, `value >> 1` — how sizes, depths, keys and versions sit among refs.
public enum RealmRefOrTagged: Sendable, Equatable {
    case null
    /// A ref, already checked to be 8-byte aligned, past the header and inside the file.
    case ref(UInt64)
    /// A tagged integer (arithmetic shift, as realm-core's `get_as_int`).
    case tagged(Int64)

    /// The ref, or nil for `null` and tagged values.
    public var ref: UInt64? {
        if case .ref(let ref) = self { return ref }
        return nil
    }

    /// The tagged integer, or nil for refs and `null`.
    public var tagged: Int64? {
        if case .tagged(let value) = self { return value }
        return nil
    }
}
