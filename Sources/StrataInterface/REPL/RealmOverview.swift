import RealmConvert
import StrataCore
import StrataRender

/// The browser's first page for a `.realm` file, read from the file's own tables before it is converted: the file,
/// its size, its format and schema version, and the classes the conversion will make with their object counts.
enum RealmOverview {
    static func text(_ converter: RealmConverter, file: String, maxWidth: Int?, style: Style) -> String {
        var facts = [file]
        if let size = Platform.fileSize(file) { facts.append(Overview.size(size)) }
        facts.append("Realm file format \(converter.schema.fileFormat)")
        facts.append("schema version \(converter.schema.schemaVersion ?? 0)")
        let text = Overview.lines(facts, maxWidth: maxWidth)
        // Collection tables show as properties of their owner, not as classes.
        let tables = converter.plannedTables.compactMap { table -> (RealmConverter.PlannedTable, ClassInfo.Kind)? in
            guard case .shown(let kind) = table.kind else { return nil }
            return (table, kind)
        }.sorted { ($0.0.name.lowercased(), $0.0.name) < ($1.0.name.lowercased(), $1.0.name) }
        guard !tables.isEmpty else { return text + "\nNo classes.\n" }
        let classes = tables.map { ClassInfo(name: $0.0.name, kind: $0.1) }
        let counts = tables.map { $0.0.objects.map(String.init) ?? "…" }
        return text + "\n" + ClassListing.table(classes, counts: counts).render(maxWidth: maxWidth, style: style)
    }
}
