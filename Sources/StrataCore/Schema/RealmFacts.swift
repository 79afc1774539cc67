import SQLiteKit

/// What `strata convert` records about a `.realm` file in the database it writes, so that the converted file reads
/// as the Realm file did: which classes were embedded, which tables hold a list, set or dictionary of values (and of
/// which property), and the file's format (`strata_realm_file`). Both tables are Strata's own, hidden like every
/// `strata_*` table.
public enum RealmFacts {
    public static let classesTable = "strata_realm_classes"
    public static let fileTable = "strata_realm_file"

    /// The tables' definitions, for the converter.
    public static let createSQL = [
        """
        CREATE TABLE \(classesTable) (
            name TEXT PRIMARY KEY NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN (\(TableKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))),
            owner TEXT,
            property TEXT,
            element TEXT
        ) WITHOUT ROWID
        """,
        "CREATE TABLE \(fileTable) (key TEXT PRIMARY KEY NOT NULL, value) WITHOUT ROWID",
    ]

    /// The kinds of table `strata_realm_classes` names, as its `kind` column spells them.
    public enum TableKind: String, CaseIterable, Sendable {
        /// A class of objects.
        case `class`
        /// An embedded class: its objects belong to the object that links to them.
        case embedded
        /// One of Realm's own tables (`pk`, `metadata`): hidden.
        case `internal`
        /// A list, set or dictionary of values, a table of its own.
        case list, set, dictionary
        /// An FTS5 table over a class's full-text indexed properties (Realm's full-text index): hidden, as any index.
        case fullText
    }

    /// A table `strata_realm_classes` says holds a collection property: its kind, the class that owns it and the
    /// property's name (the table's own name may have had underscores added to be unique).
    struct Collection: Equatable {
        var kind: ValueCollection.Kind
        var owner: String
        var property: String
    }

    /// Marks the embedded classes and Realm's internal tables (hidden), and returns the collection tables by table
    /// name, for `SchemaReader` to make properties of; rows naming no table, or a kind Strata does not know, change
    /// nothing (a hand-edited table is not trusted further).
    ///
    /// - Parameter conventions: the file's; only a file the converter wrote (not a Core Data store that also
    ///   holds such a table) has its dates known as ISO text.
    static func apply(to classes: inout [ClassInfo], connection: Connection, conventions: StoreConventions) throws -> [String: Collection] {
        let rows = try connection.rows("SELECT name, kind, owner, property, element FROM \(classesTable)")
        let byTable = Dictionary(classes.enumerated().map { ($1.tableName, $0) }, uniquingKeysWith: { a, _ in a })
        var collections: [String: Collection] = [:]
        for row in rows {
            guard row.count == 5, let name = row[0].string, let kind = row[1].string.flatMap(TableKind.init(rawValue:)),
                  let index = byTable[name], classes[index].kind == .table else { continue }
            // The converter writes every date as ISO 8601 text: nothing need be looked at to know it.
            for property in classes[index].properties.indices where conventions == .realmConversion
                && classes[index].properties[property].type == .date {
                classes[index].properties[property].dateStorage = .isoText
            }
            switch kind {
            case .embedded:
                classes[index].kind = .embedded
            case .internal:
                classes[index].isHidden = true
            case .fullText:
                // An index, not a class: its columns are the owner's full-text indexed properties, which say so.
                classes[index].isHidden = true
                let columns = Set(classes[index].properties.map(\.name))
                guard let owner = row[2].string, let ownerIndex = byTable[owner] else { continue }
                for property in classes[ownerIndex].properties.indices where columns.contains(classes[ownerIndex].properties[property].name)
                    && classes[ownerIndex].properties[property].model == nil {
                    classes[ownerIndex].properties[property].model = ModelFacts(note: "full-text indexed (\(name))")
                }
            case .list, .set, .dictionary:
                guard let owner = row[2].string, let property = row[3].string, let collection = ValueCollection.Kind(rawValue: kind.rawValue)
                else { continue }
                collections[name] = Collection(kind: collection, owner: owner, property: property)
            case .class:
                continue
            }
        }
        attachMixedTypes(to: &classes)
        // A link or list to an embedded class says so: its objects belong to the object that links to them.
        let embedded = Set(classes.filter { $0.kind == .embedded }.map(\.name))
        for index in classes.indices {
            for property in classes[index].properties.indices {
                let link = classes[index].properties[property]
                guard link.type == .object || link.type == .list, let target = link.target, embedded.contains(target),
                      link.model == nil else { continue }
                classes[index].properties[property].model = ModelFacts(note: "embedded")
            }
        }
        return collections
    }

    /// The Realm file format the database was converted from, or nil when the table records none.
    /// - Throws: `SQLiteError` when the table cannot be read (a damaged file is said, not taken as "no format").
    public static func fileFormat(_ connection: Connection) throws -> Int64? {
        try connection.scalar("SELECT value FROM \(fileTable) WHERE key = 'fileFormat'").int64
    }
}
