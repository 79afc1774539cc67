import StrataCore
import StrataModel
import StrataQuery
import StrataRender

/// `strata schema FILE [CLASS]`: properties, types, keys, links, lists, backlinks and indexes.
struct SchemaCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        // --store-info judges the store by the version the app uses (a version that fits is named besides).
        var current: SchemaReader.ModelChoice?
        if parsed.flag(Options.storeInfo), case .file(let path, nil) = try parsed.modelChoice(),
           let version = try CoreDataModelVersions.current(of: path)
        {
            current = .file(path: path, version: version)
        }
        // A .realm file's schema is read without converting a row.
        let session = try DatabaseSession(parsed, context: context, reportsTableProblems: true, onlyOf: parsed.argument(Commands.classFilter), model: current)
        if parsed.flag(Options.storeInfo) {
            // A model that does not match: said on stdout, and a failure for scripts and CI.
            if try !showStoreInfo(session, current: current != nil) { throw StrataError("", status: .failure) }
            return
        }
        let classes: [ClassInfo]
        if let name = parsed.argument(Commands.classFilter) {
            classes = [try session.findClass(name, includeHidden: parsed.flag(Options.all))]
        } else {
            classes = session.classes(parsed)
        }
        if let diagram = parsed.command.option(named: "format").flatMap({ parsed.value($0) }).flatMap(DiagramFormat.init(rawValue:)) {
            try writeDiagram(diagram, classes: classes, session: session)
        } else if parsed.format == .json {
            context.dataOut.write(SchemaRenderer.json(classes).serialized(pretty: true) + "\n")
        } else if classes.isEmpty {
            context.stderr.write(ClassListing.noClasses(in: session.path, includesHidden: parsed.flag(Options.all)))
        } else {
            if let origin = session.schema.coreDataModel { context.stdout.write(SchemaRenderer.modelLines(origin) + "\n") }
            context.stdout.write(SchemaRenderer.text(classes, maxWidth: context.terminalWidth, style: parsed.style(context),
                                                     counts: try Self.entityCounts(classes, session: session)))
        }
    }

    /// The formats that draw the schema.
    enum DiagramFormat: String, CaseIterable {
        case mermaid, dot, svg
    }

    /// The classes as a diagram: Mermaid or dot text, or the picture Graphviz's dot draws of the latter.
    private func writeDiagram(_ format: DiagramFormat, classes: [ClassInfo], session: DatabaseSession) throws {
        // Every visible class, or those shown (one class, or with --all the internal ones too).
        let shown = parsed.argument(Commands.classFilter) != nil || parsed.flag(Options.all) ? classes.map(\.name) : nil
        let model = try AppModel(schema: session.schema, only: shown, file: session.path)
        let name = ModelCommand.modelName(of: session.path)
        switch format {
        case .mermaid: context.dataOut.write(SchemaDiagram.mermaid(model))
        case .dot: context.dataOut.write(SchemaDiagram.dot(model, name: name))
        case .svg: context.dataOut.write(try Graphviz.render(SchemaDiagram.dot(model, name: name), format: "svg"))
        }
    }

    /// All and own object counts of the entities that have sub-entities, for their headings.
    static func entityCounts(_ classes: [ClassInfo], session: DatabaseSession) throws -> [String: SchemaRenderer.EntityCount] {
        let counter = ObjectCounter(connection: session.connection)
        var counts: [String: SchemaRenderer.EntityCount] = [:]
        for info in classes {
            guard let own = try counter.ownCount(info) else { continue }
            counts[info.name] = SchemaRenderer.EntityCount(all: try counter.count(info), own: own)
        }
        return counts
    }

    /// `--store-info`: Z_METADATA of a Core Data store, as lines or JSON; false when `--model` does not match it.
    /// - Parameter current: the model read is the app's current version, which `--model` chose by itself.
    private func showStoreInfo(_ session: DatabaseSession, current: Bool) throws -> Bool {
        guard session.schema.isCoreData else {
            throw StrataError("\(session.path) is not a Core Data store (it has no Z_METADATA and Z_PRIMARYKEY tables)")
        }
        let info: CoreDataStoreInfo
        do { info = try CoreDataStoreInfo.read(session.connection) } catch let error as StrataError {
            throw StrataError("\(session.path): \(error.message)")
        }
        let given = session.schema.coreDataModel.flatMap { $0.source == .given ? $0 : nil }
        // When the version judged does not match: the version that does, and a failure (exit 1) once all is said.
        var matching: String?
        if let given, !Self.matches(given), case .file(let path, _) = try parsed.modelChoice() {
            matching = try CoreDataModelVersions.matching(path: path, storeHashes: info.entityVersionHashes)
        }
        if parsed.format == .json {
            let hashes = JSONValue.object(info.entityVersionHashes.map { ($0.entity, .string(Base64.encode($0.hash))) })
            var members: [(String, JSONValue)] = [
                ("storeUUID", info.storeUUID.map(JSONValue.string) ?? .null),
                ("storeType", info.storeType.map(JSONValue.string) ?? .null),
                ("frameworkVersion", info.frameworkVersion.map(JSONValue.string) ?? .null),
                ("modelVersionIdentifiers", .array(info.modelVersionIdentifiers.map(JSONValue.string))),
                ("entityVersionHashes", hashes),
            ]
            if let given {
                members.append(("model", .object([
                    ("name", .string(given.description)),
                    ("hashesMatch", given.hashesMatch.map(JSONValue.bool) ?? .null),
                    ("entitiesWithOtherHashes", .array(given.entitiesWithOtherHashes.map(JSONValue.string))),
                    ("fitsTables", .bool(given.problems.isEmpty)),
                    ("entitiesOnlyInStore", .array(given.entitiesOnlyInStore.map(JSONValue.string))),
                    ("entitiesOnlyInModel", .array(given.entitiesOnlyInModel.map(JSONValue.string))),
                    ("differences", .array(given.problems.map(JSONValue.string))),
                    ("currentVersion", .bool(current)),
                    ("matchingVersion", matching.map(JSONValue.string) ?? .null),
                ])))
            }
            let value = JSONValue.object(members)
            context.dataOut.write(value.serialized(pretty: true) + "\n")
            return given.map(Self.matches) ?? true
        }
        var table = TextTable(columns: [.init("ENTITY"), .init("VERSION HASH")])
        for (entity, hash) in info.entityVersionHashes { table.append([entity, Self.hex(hash)]) }
        var text = "store \(info.storeUUID ?? "(no UUID)")" + (info.storeType.map { ", type \($0)" } ?? "") + "\n"
        if let version = info.frameworkVersion { text += "written by Core Data framework version \(version)\n" }
        // Xcode writes an empty identifier when the developer set none.
        let identifiers = info.modelVersionIdentifiers.filter { !$0.isEmpty }
        text += "model version identifiers: " + (identifiers.isEmpty ? "none" : identifiers.joined(separator: ", ")) + "\n"
        if let given {
            text += Self.modelMatch(given, current: current)
            if let matching {
                text += "  version \(matching) matches the store" + (current ? ": the app, on its current version, would migrate it from that one\n" : "\n")
            }
        }
        context.stdout.write(text)
        if !info.entityVersionHashes.isEmpty {
            context.stdout.write(table.render(maxWidth: context.terminalWidth, style: parsed.style(context)))
        }
        return given.map(Self.matches) ?? true
    }

    /// Whether the store opens with `model` without a migration: its hashes match, or, where they cannot be
    /// computed, its entities, attributes and relationships fit the tables.
    static func matches(_ model: CoreDataModelOrigin) -> Bool {
        model.hashesMatch ?? (model.problems.isEmpty && model.entitiesOnlyInStore.isEmpty && model.entitiesOnlyInModel.isEmpty)
    }

    /// Whether `--model` is the model the store was made with, as Core Data would decide, in lines.
    static func modelMatch(_ model: CoreDataModelOrigin, current: Bool = false) -> String {
        var text = "model \(model.description)" + (current ? " (the current version)" : "") + ": "
        switch model.hashesMatch {
        case true?: text += "matches the store (every entity version hash is the store's): Core Data opens it without migrating\n"
        case false?: text += "does not match the store (its entity version hashes differ): Core Data would migrate the store or refuse it\n"
        case nil:
            text += model.problems.isEmpty && model.entitiesOnlyInStore.isEmpty && model.entitiesOnlyInModel.isEmpty
                ? "fits the store's tables and entities" : "does not fit the store"
            text += " (its version hashes cannot be computed, so this compares entities, attributes and relationships with the tables)\n"
        }
        if !model.entitiesWithOtherHashes.isEmpty {
            text += "  entities whose version hash differs: " + model.entitiesWithOtherHashes.joined(separator: ", ") + "\n"
        }
        if !model.entitiesOnlyInStore.isEmpty { text += "  entities only in the store: " + model.entitiesOnlyInStore.joined(separator: ", ") + "\n" }
        if !model.entitiesOnlyInModel.isEmpty { text += "  entities only in the model: " + model.entitiesOnlyInModel.joined(separator: ", ") + "\n" }
        for problem in model.problems { text += "  differs: \(problem)\n" }
        return text
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
    }
}
