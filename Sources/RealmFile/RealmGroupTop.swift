/// The group's top array: the tables of the file and its bookkeeping slots.
///
/// realm-core `group.hpp` (slot table above `m_top`, the `s_*_ndx` constants): slot 0 the table names (a
/// short-string array), 1 the table refs (a tagged value for a deleted table), 2 the logical file size, 3–5 free
/// space (not read), 6 the transaction version, 7 the history type, 8 the history ref, 9 the history schema
/// version, 10 the sync file ident, 11 the evacuation point. Streaming-form files have only slots 0–2.
public struct RealmGroupTop: Sendable, Equatable {
    /// One table slot.
    public struct Table: Sendable, Equatable {
        /// The slot's index: the low 16 bits of the table's key.
        public let index: Int
        /// The name as stored (`class_Person`, `metadata`, `pk`…); empty for a deleted table.
        public let name: String
        /// The table's top array, or nil for a deleted slot.
        public let ref: UInt64?
    }

    /// The history types of slot 7 (realm-core `replication.hpp`, `Replication::HistoryType`).
    public enum HistoryType: Sendable, Equatable {
        case none, outOfRealm, inRealm, syncClient, syncServer
        case other(Int64)

        init(_ value: Int64) {
            switch value {
            case 0: self = .none
            case 1: self = .outOfRealm
            case 2: self = .inRealm
            case 3: self = .syncClient
            case 4: self = .syncServer
            default: self = .other(value)
            }
        }
    }

    /// The top array's ref (0 for a file with nothing committed).
    public let ref: UInt64
    /// The table slots in order, deleted ones included.
    public let tables: [Table]
    /// Slot 2, the logical file size.
    public let logicalFileSize: Int64?
    /// Slot 6, the transaction version.
    public let transactionVersion: Int64?
    /// Slot 7.
    public let historyType: HistoryType?
    /// Slot 8, the history's ref (changesets; not read further).
    public let historyRef: UInt64?
    /// Slot 9.
    public let historySchemaVersion: Int64?
    /// Slot 10, synced realms only.
    public let syncFileIdent: Int64?
    /// Slot 11, formats 22 and later (compaction), as stored.
    public let evacuationPoint: RealmRefOrTagged?

    /// The most table slots a group has: a table key's index is its low 16 bits.
    public static let maximumTableCount = 0xFFFF

    public static let empty = RealmGroupTop(ref: 0, tables: [], logicalFileSize: nil, transactionVersion: nil,
                                            historyType: nil, historyRef: nil, historySchemaVersion: nil,
                                            syncFileIdent: nil, evacuationPoint: nil)
}

extension RealmFileReader {
    /// Reads the group's top array at the header's top ref: table names and refs, and the version and history slots.
    /// - Throws: `RealmReadError` when the top array, the names or the table refs are damaged or disagree.
    public func groupTop() throws -> RealmGroupTop {
        let topRef = header.topRef
        if topRef == 0 { return .empty }
        let top = try array(at: topRef)
        guard top.header.hasRefs, top.header.widthType == .bits else {
            throw nodeError(topRef, "the group's top array has no refs (width type \(top.header.widthType))")
        }
        guard top.count >= 3 else {
            throw nodeError(topRef, "the group's top array has \(top.count) slots, fewer than 3")
        }
        let namesRef = try top.ref(at: 0, "table names")
        let tablesRef = try top.ref(at: 1, "tables")
        let names = try array(at: namesRef)
        let tables = try array(at: tablesRef)
        // A table key's index is 16 bits (realm-core `Group::key2ndx`). Without this bound a width-0 names array and
        // a width-0 tables array could claim 16 million tables in 16 bytes.
        guard names.count <= RealmGroupTop.maximumTableCount else {
            throw nodeError(namesRef, "\(names.count) table names are more than the \(RealmGroupTop.maximumTableCount) tables a realm can hold")
        }
        guard names.count == tables.count else {
            throw nodeError(topRef, "\(names.count) table names but \(tables.count) tables")
        }
        guard tables.header.hasRefs else {
            throw nodeError(tablesRef, "the tables array has no refs")
        }
        var entries: [RealmGroupTop.Table] = []
        entries.reserveCapacity(names.count)
        for index in 0..<names.count {
            let nameBytes = try names.shortString(at: index, nullable: false) ?? UnsafeRawBufferPointer(start: nil, count: 0)
            guard let name = String(validatingUTF8Bytes: nameBytes) else {
                throw names.error("table name \(index) is not valid utf-8")
            }
            let ref: UInt64?
            switch try tables.refOrTagged(at: index) {
            case .ref(let r): ref = r
            case .null, .tagged: ref = nil
            }
            entries.append(.init(index: index, name: name, ref: ref))
        }
        func tagged(_ slot: Int) throws -> Int64? {
            guard slot < top.count else { return nil }
            return try top.refOrTagged(at: slot).tagged
        }
        func ref(_ slot: Int) throws -> UInt64? {
            guard slot < top.count else { return nil }
            return try top.refOrTagged(at: slot).ref
        }
        return RealmGroupTop(ref: topRef, tables: entries, logicalFileSize: try tagged(2),
                             transactionVersion: try tagged(6), historyType: try tagged(7).map(RealmGroupTop.HistoryType.init),
                             historyRef: try ref(8), historySchemaVersion: try tagged(9), syncFileIdent: try tagged(10),
                             evacuationPoint: 11 < top.count ? try top.refOrTagged(at: 11) : nil)
    }
}

extension String {
    /// The string whose UTF-8 is `bytes`, or nil when they are not valid UTF-8.
    init?(validatingUTF8Bytes bytes: some Collection<UInt8>) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        guard decoded.utf8.elementsEqual(bytes) else { return nil }
        self = decoded
    }
}
