import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

// The one file that touches XMLParser, so that the FoundationXML import (Linux) stays here.

/// One element of an XML document as the model reader needs it: its name, attributes, where it starts, and the
/// elements inside it. Text content is dropped: Xcode's model files keep everything in attributes.
struct XMLElementNode: Sendable {
    var name: String
    var attributes: [String: String]
    var line: Int
    var column: Int
    var children: [XMLElementNode] = []
}

/// Reads a small XML document into a tree of `XMLElementNode`s with Foundation's `XMLParser`.
///
/// Throws a one-line `ModelReadError` prefixed with `source` and `line:column` for malformed XML, an empty
/// document, a document type with entity declarations (Xcode never writes them, and expanding them is how
/// "billion laughs" inputs blow up), or nesting deeper than `maximumDepth`. External entities are never resolved.
enum XcodeModelXML {
    static let maximumDepth = 64

    /// The offset of the first NUL or byte that is not well-formed UTF-8, or nil.
    static func firstByteThatIsNotText(_ data: Data) -> Int? {
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.count == 1 && scalar.first == 0 { return offset }
                offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    static func parse(_ data: Data, source: String) throws(ModelReadError) -> XMLElementNode {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw ModelReadError("\(source): empty file, expected an xml model")
        }
        // Xcode writes UTF-8 without NUL; Foundation's XMLParser on Linux traps on some attributes that are not
        // (found by Fuzz/run xcmodel), so such bytes never reach it.
        if let offset = Self.firstByteThatIsNotText(data) {
            let line = data.prefix(offset).reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw ModelReadError("\(source) \(line): byte \(offset) is not UTF-8 text; an xcode model is UTF-8")
        }
        // Processing instructions: Xcode writes only the XML declaration first; Foundation's XMLParser on Linux
        // reads a NULL for one without data and crashes (found by Fuzz/run xcmodel).
        var rest = data[...]
        while let first = rest.first, first == 0x20 || first == 0x0A || first == 0x0D || first == 0x09 { rest = rest.dropFirst() }
        if rest.starts(with: Data("<?xml ".utf8)), let end = rest.range(of: Data("?>".utf8)) {
            // The declaration ends at its own "?>": one with a "<" or ">" in it ends in a later instruction's
            // (`<?xml ><?x?>`), which would pass unseen, and Foundation's XMLParser on Linux crashes on an
            // instruction without data.
            if rest[(rest.startIndex + 2)..<end.lowerBound].contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) {
                throw ModelReadError("\(source) 1: a malformed xml declaration; refused")
            }
            rest = rest[end.upperBound...]
        }
        if let instruction = rest.range(of: Data("<?".utf8)) {
            let line = data[..<instruction.lowerBound].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw ModelReadError("\(source) \(line): a processing instruction other than the xml declaration, which xcode never writes; refused")
        }
        if data.range(of: Data("<!ENTITY".utf8)) != nil {
            throw ModelReadError("\(source): declares xml entities, which xcode never writes; refused")
        }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let builder = TreeBuilder()
        parser.delegate = builder
        let finished = parser.parse()
        if let failure = builder.failure {
            throw ModelReadError("\(source) \(failure.line):\(failure.column): \(failure.message)")
        }
        if let error = parser.parserError {
            let code = (error as NSError).code
            throw ModelReadError("\(source) \(parser.lineNumber):\(parser.columnNumber): malformed xml (\(describe(code)))")
        }
        guard finished, let root = builder.root else {
            throw ModelReadError("\(source): not an xml document (no root element)")
        }
        return root
    }

    /// The error codes are libxml2's `xmlParserErrors`, which both platforms' `XMLParser` report (Darwin's
    /// `XMLParser.ErrorCode` names them; swift-corelibs-foundation's enum is numbered differently, so numbers).
    private static func describe(_ code: Int) -> String {
        switch code {
        case 4: return "no root element"
        case 5: return "content outside the root element"
        case 9: return "invalid character"
        case 6...13: return "bad character reference"
        case 14...27: return "bad entity reference"
        case 31, 32, 79, 81: return "unsupported encoding"
        case 33, 34, 38...41, 43, 44: return "malformed attribute"
        case 42: return "an attribute written twice"
        case 45: return "unfinished comment"
        case 65, 68: return "malformed tag"
        case 73: return "expected '>'"
        case 74, 77: return "unclosed element"
        case 76: return "closing tag does not match the open one"
        default: return "XMLParser error \(code)"
        }
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        struct Failure { var line: Int, column: Int, message: String }

        var stack: [XMLElementNode] = []
        var root: XMLElementNode?
        var failure: Failure?

        private func fail(_ parser: XMLParser, _ message: String) {
            guard failure == nil else { return }
            failure = Failure(line: parser.lineNumber, column: parser.columnNumber, message: message)
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:])
        {
            guard failure == nil else { return }
            if root != nil && stack.isEmpty { return fail(parser, "content after the root element") }
            if stack.count >= XcodeModelXML.maximumDepth {
                return fail(parser, "elements nested deeper than \(XcodeModelXML.maximumDepth) levels")
            }
            stack.append(XMLElementNode(name: elementName, attributes: attributeDict, line: parser.lineNumber,
                                        column: parser.columnNumber))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?)
        {
            guard failure == nil, let node = stack.popLast() else { return }
            if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard failure == nil else { return }
            let code = (parseError as NSError).code
            failure = Failure(line: parser.lineNumber, column: parser.columnNumber,
                              message: "malformed xml (\(XcodeModelXML.describe(code)))")
        }

        func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
            fail(parser, "declares xml entities, which xcode never writes; refused")
        }
    }
}
