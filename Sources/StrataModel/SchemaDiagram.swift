import Foundation

/// `strata schema FILE --format mermaid|dot`: the classes with their properties, and links, to-manys and embedded
/// objects as edges with their cardinality at each end, a link and its backlinks (or Core Data's inverse) drawn
/// once, labelled with both names. Lists, sets and dictionaries of values are properties, not edges.
public enum SchemaDiagram {
    /// One edge: from the class that holds the property to its target.
    struct Edge: Equatable {
        var from: String
        var to: String
        var label: String
        /// The property of `from` the edge draws.
        var property: String
        /// Mermaid's and UML's ends: at the source (how many sources per target) and at the target.
        var fromCount: Count
        var toCount: Count
        var embedded: Bool
    }

    enum Count: String {
        case zeroOrOne = "0..1", one = "1", many = "*"
    }

    /// The edges of a model, each link with its inverse once.
    static func edges(_ model: AppModel) -> [Edge] {
        var edges: [Edge] = []
        var drawn: Set<String> = []
        func key(_ owner: String, _ property: String) -> String { owner + "\u{0}" + property }
        for info in model.classes {
            for property in info.properties {
                guard let target = property.target, model.class(named: target) != nil, !drawn.contains(key(info.name, property.name)) else { continue }
                let toCount: Count
                switch property.kind {
                case .link: toCount = property.isOptional ? .zeroOrOne : .one
                case .objects, .objectDictionary: toCount = .many
                case .backlinks, .value, .values: continue
                }
                var label = property.name
                var fromCount: Count = .many
                if let inverse = property.inverse, let other = model.class(named: target)?.property(named: inverse), other.target == info.name {
                    drawn.insert(key(target, inverse))
                    label += " / " + inverse
                    if case .link = other.kind { fromCount = other.isOptional ? .zeroOrOne : .one }
                }
                drawn.insert(key(info.name, property.name))
                edges.append(Edge(from: info.name, to: target, label: label, property: property.name, fromCount: fromCount, toCount: toCount,
                                  embedded: model.class(named: target)?.isEmbedded == true))
            }
        }
        return edges
    }

    /// The type as a diagram shows it: `string`, `object<TaskList>`, `list<int?>`, `linkingObjects<Task.list>`.
    static func typeText(_ property: ModelProperty) -> String {
        switch property.kind {
        case .value(let type): type.rawValue
        case .link(let target): "object<\(target)>"
        case .objects(let target, let ordered): (ordered ? "list" : "set") + "<\(target)>"
        case .objectDictionary(let target): "dictionary<\(target)>"
        case .values(let kind, let type, let optional): "\(kind.rawValue)<\(type.rawValue)\(optional ? "?" : "")>"
        case .backlinks(let target, let origin): "linkingObjects<\(target).\(origin)>"
        }
    }

    // MARK: - Mermaid

    /// A Mermaid `erDiagram`: GitHub and most Markdown viewers draw it.
    public static func mermaid(_ model: AppModel) -> String {
        let names = Identifier.unique(model.classes.map(\.name)) { Identifier.make($0, keywords: []) }
        var lines = ["erDiagram"]
        for info in model.classes {
            let name = names[info.name] ?? info.name
            let label = name == info.name ? "" : "[" + mermaidString(info.name) + "]"
            let attributeNames = Identifier.unique(info.properties.map(\.name)) { Identifier.make($0, keywords: []) }
            let shown = info.properties
            // An entity with no attributes is its name alone (Mermaid takes no empty braces).
            if shown.isEmpty { lines.append("    \(name)\(label)"); continue }
            lines.append("    \(name)\(label) {")
            for property in shown {
                let attribute = attributeNames[property.name] ?? property.name
                let type = mermaidType(typeText(property))
                var keys: [String] = []
                if property.isPrimaryKey { keys.append("PK") }
                if case .link = property.kind { keys.append("FK") }
                var notes: [String] = []
                if attribute != property.name { notes.append(property.name) }
                if property.isOptional { notes.append("optional") }
                lines.append("        \(type) \(attribute)" + (keys.isEmpty ? "" : " " + keys.joined(separator: ", "))
                    + (notes.isEmpty ? "" : " " + mermaidString(notes.joined(separator: ", "))))
            }
            lines.append("    }")
        }
        for edge in edges(model) {
            let left = switch edge.fromCount {
            case .zeroOrOne: "|o"
            case .one: "||"
            case .many: "}o"
            }
            let right = switch edge.toCount {
            case .zeroOrOne: "o|"
            case .one: "||"
            case .many: "o{"
            }
            lines.append("    \(names[edge.from] ?? edge.from) \(left)--\(right) \(names[edge.to] ?? edge.to) : \(mermaidString(edge.label))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A type as Mermaid reads one, a word with generics in tildes: `list~int~`, `object~TaskList~`.
    static func mermaidType(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "<", ">": result.append("~")
            case ".": result.append("_")
            case "?": continue
            default: result += character.isLetter || ("0"..."9").contains(character) || character == "_" ? String(character) : "_"
            }
        }
        return result
    }

    /// A quoted Mermaid string: Mermaid has no escape for `"`, so it becomes `'`; controls are shown escaped.
    static func mermaidString(_ text: String) -> String {
        "\"" + CommentText.clean(text).replacingAll("\"", with: "'") + "\""
    }

    // MARK: - Graphviz

    /// A Graphviz `dot` digraph: each class a table of its properties, each edge from the property's row.
    public static func dot(_ model: AppModel, name: String) -> String {
        let nodeIDs = Dictionary(model.classes.enumerated().map { ($1.name, "c\($0)") }) { first, _ in first }
        var lines = ["digraph \(dotString(name)) {",
                     "    graph [rankdir=LR, fontname=\"Helvetica\", nodesep=0.4, ranksep=1.0];",
                     "    node [shape=plaintext, fontname=\"Helvetica\", fontsize=11];",
                     "    edge [fontname=\"Helvetica\", fontsize=10, arrowhead=none];"]
        var ports: [String: [String: String]] = [:]
        for info in model.classes {
            guard let id = nodeIDs[info.name] else { continue }
            var rows = ["<TR><TD BGCOLOR=\"#dde4ee\" COLSPAN=\"2\"><B>\(html(info.name))</B>"
                + (info.isEmbedded ? " <I>embedded</I>" : info.isAbstract ? " <I>abstract</I>" : "")
                + (info.parent.map { " : \(html($0))" } ?? "") + "</TD></TR>"]
            for (index, property) in info.properties.enumerated() {
                let port = "p\(index)"
                ports[info.name, default: [:]][property.name] = port
                let key = property.isPrimaryKey ? " <B>PK</B>" : ""
                rows.append("<TR><TD ALIGN=\"LEFT\" PORT=\"\(port)\">\(html(property.name))\(key)</TD>"
                    + "<TD ALIGN=\"LEFT\">\(html(typeText(property) + (property.isOptional ? "?" : "")))</TD></TR>")
            }
            lines.append("    \(id) [label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"4\">" + rows.joined() + "</TABLE>>];")
        }
        for edge in edges(model) {
            guard let from = nodeIDs[edge.from], let to = nodeIDs[edge.to] else { continue }
            let port = ports[edge.from]?[edge.property].map { ":" + $0 + ":e" } ?? ""
            var attributes = ["label=\(dotString(edge.label))", "taillabel=\(dotString(edge.fromCount.rawValue))",
                              "headlabel=\(dotString(edge.toCount.rawValue))"]
            if edge.embedded { attributes.append("arrowtail=diamond, dir=back") }
            lines.append("    \(from)\(port) -> \(to) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A dot string: quotes and backslashes escaped, controls shown escaped.
    static func dotString(_ text: String) -> String {
        "\"" + CommentText.clean(text).replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }

    /// Text in a Graphviz HTML label.
    static func html(_ text: String) -> String {
        CommentText.clean(text).replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
            .replacingAll("\"", with: "&quot;")
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        replacingOccurrences(of: target, with: replacement)
    }
}
