import Foundation

// The XML of an Xcode model's `contents` file, read without Foundation's XMLParser: on Linux XMLParser lives in
// FoundationXML over libxml2, whose libraries (ICU, liblzma) cost every start of strata about 0.9 ms to load, and it
// trapped on inputs that Fuzz/run xcmodel found. The grammar read, from XML 1.0 (https://www.w3.org/TR/xml/):
//
//   document      ::= BOM? XMLDecl? Misc* (doctypedecl Misc*)? element Misc*
//   XMLDecl       ::= '<?xml' S 'version' Eq ('"1.' [0-9]+ '"' | …) (S 'encoding' Eq '"UTF-8"')? (S 'standalone' Eq
//                     ('"yes"' | '"no"'))? S? '?>'               (single quotes as well; UTF-8 or UTF8 in any case)
//   Misc          ::= Comment | PI | S
//   Comment       ::= '<!--' ((Char - '-') | ('-' (Char - '-')))* '-->'
//   PI            ::= '<?' PITarget (S (Char* - (Char* '?>' Char*)))? '?>'    PITarget: a Name other than xml (any case)
//   doctypedecl   ::= '<!DOCTYPE' S Name (S ExternalID)? S? ('[' intSubset ']' S?)? '>'
//   ExternalID    ::= 'SYSTEM' S SystemLiteral | 'PUBLIC' S PubidLiteral S SystemLiteral
//   intSubset     ::= (Comment | PI | S | '<!ELEMENT' … '>' | '<!NOTATION' … '>')*
//   element       ::= '<' Name (S Attribute)* S? '/>' | '<' Name (S Attribute)* S? '>' content '</' Name S? '>'
//   Attribute     ::= Name S? '=' S? ('"' ([^<&"] | Reference)* '"' | "'" ([^<&'] | Reference)* "'")
//   content       ::= (CharData | element | Reference | CDSect | PI | Comment)*     CharData has no '<', '&' or ']]>'
//   CDSect        ::= '<![CDATA[' (Char* - (Char* ']]>' Char*)) ']]>'
//   Reference     ::= '&' ('lt' | 'gt' | 'amp' | 'apos' | 'quot') ';' | '&#' [0-9]+ ';' | '&#x' [0-9a-fA-F]+ ';'
//   S             ::= (#x20 | #x9 | #xD | #xA)+
//   Char          ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
//
// Strict and not validating. Every byte must be well-formed UTF-8 and every character a Char, everywhere; names
// are XML Names (namespaces are not processed: `a:b` is read as written). An internal subset may hold comments,
// processing instructions and element or notation declarations, which are skipped up to their '>' without being
// read further; entity declarations (no entity is ever expanded, so no "billion laughs"), attribute-list
// declarations (their defaults would add attributes) and parameter-entity references are refused, as Xcode never
// writes them. Attribute values are normalized as XML says (a literal tab or line end is a space, `&#10;` a line
// end); text and CDATA are checked and dropped, as Xcode keeps everything in attributes.

/// One element of an XML document as the model reader needs it: its name, attributes, where it starts (its `<`,
/// with the column counted in Unicode scalars, both from 1), and the elements inside it. Text content is dropped:
/// Xcode's model files keep everything in attributes.
struct XMLElementNode: Sendable {
    var name: String
    var attributes: [String: String]
    var line: Int
    var column: Int
    var children: [XMLElementNode] = []
}

/// Reads an XML document into a tree of `XMLElementNode`s, by the grammar at the top of this file.
///
/// Throws a one-line `ModelReadError` prefixed with `source` and `line:column` for malformed XML, bytes that are
/// not UTF-8, an empty document, entity or attribute-list declarations, or nesting deeper than `maximumDepth`.
/// Work and memory are linear in the input: one pass over the bytes to check them, one to read them, positions
/// counted as the reader advances, an explicit stack of open elements (no recursion) bounded by `maximumDepth`.
struct XMLReader {
    /// The deepest nesting read (the root is level 1); Xcode's models nest four levels.
    static let maximumDepth = 64

    static func parse(_ data: Data, source: String) throws(ModelReadError) -> XMLElementNode {
        if data.allSatisfy({ isSpace($0) }) {
            throw ModelReadError("\(source): empty file, expected an xml model")
        }
        var reader = XMLReader(bytes: [UInt8](data), source: source)
        try reader.checkCharacters()
        return try reader.document()
    }

    private let bytes: [UInt8]
    private let source: String
    /// Where the reader is: the index of the next byte to read.
    private var offset = 0
    /// The last position computed, from which the next one is counted.
    private var mark = Mark()

    private struct Mark {
        var offset = 0
        var line = 1
        var column = 1
    }

    private init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    // MARK: - Document

    private mutating func document() throws(ModelReadError) -> XMLElementNode {
        if starts(with: Self.byteOrderMark) { offset = 3 }
        if starts(with: Self.declarationOpen), !isNameCharacter(at: offset + Self.declarationOpen.count) {
            try xmlDeclaration()
        }
        var sawDocumentType = false
        while true {
            skipSpaces()
            if offset == bytes.count { throw malformed("the document ends before its root element", at: offset) }
            if starts(with: Self.commentOpen) {
                try comment()
            } else if starts(with: Self.instructionOpen) {
                try processingInstruction()
            } else if starts(with: Self.documentTypeOpen) {
                guard !sawDocumentType else { throw malformed("a second document type declaration", at: offset) }
                try documentType()
                sawDocumentType = true
            } else if byte(offset) == UInt8(ascii: "<") && isNameStart(at: offset + 1) {
                break
            } else if byte(offset) == UInt8(ascii: "<") {
                throw malformed("expected an element name, '!--', '!DOCTYPE' or '?' after '<'", at: offset)
            } else {
                throw malformed("content outside the root element", at: offset)
            }
        }
        let root = try element()
        while true {
            skipSpaces()
            if offset == bytes.count { return root }
            if starts(with: Self.commentOpen) {
                try comment()
            } else if starts(with: Self.instructionOpen) {
                try processingInstruction()
            } else {
                throw malformed("content outside the root element", at: offset)
            }
        }
    }

    /// `'<?xml' S 'version' Eq … '?>'`, at the very start of the file (after a byte order mark).
    private mutating func xmlDeclaration() throws(ModelReadError) {
        offset += Self.declarationOpen.count
        guard let version = try pseudoAttribute("version") else {
            throw malformed("the xml declaration has no version", at: offset)
        }
        let versionText = bytes[version]
        guard versionText.count > 2, versionText.starts(with: "1.".utf8),
              versionText.dropFirst(2).allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else {
            throw malformed("xml version '\(excerpt(version))' is not 1.x", at: version.lowerBound)
        }
        if let encoding = try pseudoAttribute("encoding") {
            // UTF8 is the alias that libxml2 (and so Foundation's XMLParser) took as well.
            guard ["utf-8", "utf8"].contains(String(decoding: bytes[encoding], as: UTF8.self).lowercased()) else {
                throw malformed("encoding '\(excerpt(encoding))' is not supported; an xcode model is UTF-8",
                                at: encoding.lowerBound)
            }
        }
        if let standalone = try pseudoAttribute("standalone") {
            guard bytes[standalone].elementsEqual("yes".utf8) || bytes[standalone].elementsEqual("no".utf8) else {
                throw malformed("standalone '\(excerpt(standalone))' is neither yes nor no", at: standalone.lowerBound)
            }
        }
        skipSpaces()
        guard starts(with: Self.instructionClose) else {
            throw malformed("expected whitespace or '?>' in the xml declaration", at: offset)
        }
        offset += Self.instructionClose.count
    }

    /// `S name Eq quoted-value` of the xml declaration: the value's bytes, or nil (and nothing read) when the next
    /// pseudo-attribute is not `name`.
    private mutating func pseudoAttribute(_ name: String) throws(ModelReadError) -> Range<Int>? {
        let start = offset
        guard skipSpaces(), starts(with: Array(name.utf8)) else {
            offset = start
            return nil
        }
        offset += name.utf8.count
        skipSpaces()
        guard byte(offset) == UInt8(ascii: "=") else {
            throw malformed("expected '=' after \(name) in the xml declaration", at: offset)
        }
        offset += 1
        skipSpaces()
        return try quoted("the xml declaration's \(name)")
    }

    /// A literal in single or double quotes, which may hold anything but its quote: the bytes inside.
    private mutating func quoted(_ what: String) throws(ModelReadError) -> Range<Int> {
        let quote = byte(offset)
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw malformed("expected a quoted value for \(what)", at: offset)
        }
        let start = offset + 1
        guard let end = bytes[start...].firstIndex(of: quote) else {
            throw malformed("\(what) has no closing quote", at: offset)
        }
        offset = end + 1
        return start..<end
    }

    // MARK: - Document type

    /// `'<!DOCTYPE' S Name (S ExternalID)? S? ('[' intSubset ']' S?)? '>'`.
    private mutating func documentType() throws(ModelReadError) {
        let start = offset
        offset += Self.documentTypeOpen.count
        guard skipSpaces(), name() != nil else {
            throw malformed("expected the root element's name after <!DOCTYPE", at: offset)
        }
        let spaced = skipSpaces()
        let isSystem = starts(with: Array("SYSTEM".utf8)), isPublic = starts(with: Array("PUBLIC".utf8))
        if spaced && (isSystem || isPublic) {
            offset += 6
            if isPublic {
                guard skipSpaces() else { throw malformed("expected whitespace after PUBLIC", at: offset) }
                let identifier = try quoted("the public identifier")
                if let bad = bytes[identifier].firstIndex(where: { !Self.isPublicIdentifierCharacter($0) }) {
                    throw malformed("a public identifier may not hold '\(excerpt(bad..<bad + 1))'", at: bad)
                }
            }
            guard skipSpaces() else { throw malformed("expected whitespace before the system identifier", at: offset) }
            _ = try quoted("the system identifier")
            skipSpaces()
        }
        if byte(offset) == UInt8(ascii: "[") {
            offset += 1
            try internalSubset(openedAt: start)
            skipSpaces()
        }
        guard byte(offset) == UInt8(ascii: ">") else {
            throw malformed("expected '>' to end the document type declaration", at: offset)
        }
        offset += 1
    }

    private mutating func internalSubset(openedAt start: Int) throws(ModelReadError) {
        while true {
            skipSpaces()
            guard offset < bytes.count else {
                throw malformed("the document ends inside the document type declaration", at: start)
            }
            if byte(offset) == UInt8(ascii: "]") {
                offset += 1
                return
            } else if starts(with: Self.commentOpen) {
                try comment()
            } else if starts(with: Self.instructionOpen) {
                try processingInstruction()
            } else if starts(with: Array("<!ENTITY".utf8)) {
                throw refused("declares xml entities, which xcode never writes; refused", at: offset)
            } else if starts(with: Array("<!ATTLIST".utf8)) {
                throw refused("declares attribute defaults (<!ATTLIST), which xcode never writes; refused", at: offset)
            } else if byte(offset) == UInt8(ascii: "%") {
                throw refused("refers to a parameter entity, which xcode never writes; refused", at: offset)
            } else if starts(with: Array("<!ELEMENT".utf8)) || starts(with: Array("<!NOTATION".utf8)) {
                try skipDeclaration()
            } else {
                throw malformed("unexpected content in the document type declaration", at: offset)
            }
        }
    }

    /// An element or notation declaration, up to its '>' outside quotes; a parameter-entity reference in it is
    /// refused, as in the subset around it.
    private mutating func skipDeclaration() throws(ModelReadError) {
        let start = offset
        var quote: UInt8?
        while offset < bytes.count {
            let byte = bytes[offset]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "%") {
                throw refused("refers to a parameter entity, which xcode never writes; refused", at: offset)
            } else if byte == UInt8(ascii: ">") {
                offset += 1
                return
            }
            offset += 1
        }
        throw malformed("a declaration in the document type that is never closed (no '>')", at: start)
    }

    // MARK: - Elements

    /// The element at `offset` (a '<' and a name start) with everything inside it, read with a stack of the open
    /// elements rather than by recursion.
    private mutating func element() throws(ModelReadError) -> XMLElementNode {
        var open: [XMLElementNode] = []
        var openNames: [Range<Int>] = []
        while true {
            guard open.count < Self.maximumDepth else {
                throw refused("elements nested deeper than \(Self.maximumDepth) levels", at: offset)
            }
            let tag = try startTag()
            if tag.isEmpty {
                guard !open.isEmpty else { return tag.node }
                open[open.count - 1].children.append(tag.node)
            } else {
                open.append(tag.node)
                openNames.append(tag.name)
            }
            // The content of the innermost open element, up to the next start tag.
            content: while true {
                try characterData()
                guard offset < bytes.count, let innermost = open.last, let innermostName = openNames.last else {
                    let innermost = open.last.map { "<\(Self.cut($0.name))>, opened at \($0.line):\($0.column)" } ?? ""
                    throw malformed("the document ends inside \(innermost)", at: offset)
                }
                if starts(with: Self.endTagOpen) {
                    try endTag(closing: innermostName, of: innermost)
                    let closed = open.removeLast()
                    openNames.removeLast()
                    guard !open.isEmpty else { return closed }
                    open[open.count - 1].children.append(closed)
                } else if starts(with: Self.commentOpen) {
                    try comment()
                } else if starts(with: Self.cdataOpen) {
                    try cdataSection()
                } else if starts(with: Self.instructionOpen) {
                    try processingInstruction()
                } else if isNameStart(at: offset + 1) {
                    break content
                } else {
                    throw malformed("expected a name, '/', '!--', '![CDATA[' or '?' after '<'", at: offset)
                }
            }
        }
    }

    /// `'<' Name (S Attribute)* S? ('>' | '/>')`.
    private mutating func startTag() throws(ModelReadError) -> (node: XMLElementNode, name: Range<Int>, isEmpty: Bool) {
        let start = offset
        offset += 1
        guard let nameRange = name() else { throw malformed("expected an element name after '<'", at: offset) }
        let elementName = String(decoding: bytes[nameRange], as: UTF8.self)
        var attributes: [String: String] = [:]
        while true {
            let spaced = skipSpaces()
            switch byte(offset) {
            case UInt8(ascii: ">"), UInt8(ascii: "/"):
                let isEmpty = byte(offset) == UInt8(ascii: "/")
                if isEmpty {
                    guard byte(offset + 1) == UInt8(ascii: ">") else {
                        throw malformed("expected '>' after '/' in <\(Self.cut(elementName))>", at: offset + 1)
                    }
                    offset += 1
                }
                offset += 1
                let (line, column) = position(of: start)
                let node = XMLElementNode(name: elementName, attributes: attributes, line: line, column: column)
                return (node, nameRange, isEmpty)
            case _ where offset == bytes.count:
                throw malformed("the document ends inside the tag <\(Self.cut(elementName))>", at: offset)
            default:
                guard spaced else {
                    throw malformed("expected whitespace, '>' or '/>' in the tag <\(Self.cut(elementName))>", at: offset)
                }
                let attributeStart = offset
                guard let attributeRange = name() else {
                    throw malformed("expected an attribute name, '>' or '/>' in the tag <\(Self.cut(elementName))>",
                                    at: offset)
                }
                let attributeName = String(decoding: bytes[attributeRange], as: UTF8.self)
                skipSpaces()
                guard byte(offset) == UInt8(ascii: "=") else {
                    throw malformed("expected '=' after the attribute \(Self.cut(attributeName))", at: offset)
                }
                offset += 1
                skipSpaces()
                let value = try attributeValue(of: attributeName)
                guard attributes.updateValue(value, forKey: attributeName) == nil else {
                    throw malformed("the attribute \(Self.cut(attributeName)) is written twice in "
                                    + "<\(Self.cut(elementName))>", at: attributeStart)
                }
            }
        }
    }

    /// A quoted attribute value with its references replaced and its white space normalized (XML 1.0 §3.3.3).
    private mutating func attributeValue(of attribute: String) throws(ModelReadError) -> String {
        let quote = byte(offset)
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw malformed("expected a quoted value for the attribute \(Self.cut(attribute))", at: offset)
        }
        let opening = offset
        offset += 1
        // Most values hold nothing to replace: read them straight from the bytes.
        var end = offset
        while end < bytes.count, !Self.needsReplacing(bytes[end]), bytes[end] != quote { end += 1 }
        if end < bytes.count && bytes[end] == quote {
            defer { offset = end + 1 }
            return String(decoding: bytes[offset..<end], as: UTF8.self)
        }
        var value = Array(bytes[offset..<end])
        offset = end
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case quote:
                offset += 1
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "<"):
                throw malformed("'<' in the value of the attribute \(Self.cut(attribute)) (write &lt;)", at: offset)
            case UInt8(ascii: "&"):
                Self.append(try reference(), to: &value)
            case 0x0D:
                value.append(0x20)
                offset += self.byte(offset + 1) == 0x0A ? 2 : 1
            case 0x09, 0x0A:
                value.append(0x20)
                offset += 1
            default:
                value.append(byte)
                offset += 1
            }
        }
        throw malformed("the value of the attribute \(Self.cut(attribute)) has no closing quote", at: opening)
    }

    /// `'</' Name S? '>'`, which must name the innermost open element.
    private mutating func endTag(closing openName: Range<Int>, of element: XMLElementNode) throws(ModelReadError) {
        let start = offset
        offset += Self.endTagOpen.count
        guard let nameRange = name() else { throw malformed("expected an element name after '</'", at: offset) }
        skipSpaces()
        guard byte(offset) == UInt8(ascii: ">") else {
            throw malformed("expected '>' to end the closing tag </\(excerpt(nameRange))>", at: offset)
        }
        guard bytes[nameRange].elementsEqual(bytes[openName]) else {
            throw malformed("closing tag </\(excerpt(nameRange))> does not match <\(Self.cut(element.name))>, "
                            + "opened at \(element.line):\(element.column)", at: start)
        }
        offset += 1
    }

    // MARK: - Text, references, comments, instructions

    /// Text up to the next '<' or the end: checked (its references, no `]]>`) and dropped.
    private mutating func characterData() throws(ModelReadError) {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "<"):
                return
            case UInt8(ascii: "&"):
                _ = try reference()
            case UInt8(ascii: "]") where byte(offset + 1) == UInt8(ascii: "]") && byte(offset + 2) == UInt8(ascii: ">"):
                throw malformed("']]>' in text, outside a CDATA section", at: offset)
            default:
                offset += 1
            }
        }
    }

    /// A character or predefined entity reference at '&': the scalar it stands for.
    private mutating func reference() throws(ModelReadError) -> UInt32 {
        let start = offset
        offset += 1
        if byte(offset) == UInt8(ascii: "#") {
            offset += 1
            let isHex = byte(offset) == UInt8(ascii: "x")
            if isHex { offset += 1 }
            let digits = offset
            var value: UInt32 = 0
            while let digit = Self.digit(byte(offset), hex: isHex) {
                // Past the largest scalar the value stops growing, so that no run of digits overflows it.
                if value <= 0x10FFFF { value = value * (isHex ? 16 : 10) + digit }
                offset += 1
            }
            guard offset > digits, byte(offset) == UInt8(ascii: ";") else {
                throw malformed("malformed character reference \(excerpt(start..<offset + 1)) (expected "
                                + (isHex ? "hexadecimal digits" : "digits") + " and ';')", at: start)
            }
            offset += 1
            guard Self.isCharacter(value) else {
                throw malformed("character reference \(excerpt(start..<offset)) is not an xml character", at: start)
            }
            return value
        }
        guard let entity = name(), byte(offset) == UInt8(ascii: ";") else {
            throw malformed("a '&' that starts no reference (write &amp;)", at: start)
        }
        offset += 1
        switch String(decoding: bytes[entity], as: UTF8.self) {
        case "lt": return 0x3C
        case "gt": return 0x3E
        case "amp": return 0x26
        case "apos": return 0x27
        case "quot": return 0x22
        default:
            throw malformed("unknown entity \(excerpt(start..<offset)) (xml predefines only &lt; &gt; &amp; &apos; "
                            + "&quot;)", at: start)
        }
    }

    /// `'<!--' … '-->'`, with no `--` inside.
    private mutating func comment() throws(ModelReadError) {
        let start = offset
        offset += Self.commentOpen.count
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "-") && byte(offset + 1) == UInt8(ascii: "-") {
                guard byte(offset + 2) == UInt8(ascii: ">") else { throw malformed("'--' inside a comment", at: offset) }
                offset += 3
                return
            }
            offset += 1
        }
        throw malformed("a comment that is never closed (no '-->')", at: start)
    }

    /// `'<![CDATA[' … ']]>'`: checked and dropped.
    private mutating func cdataSection() throws(ModelReadError) {
        let start = offset
        offset += Self.cdataOpen.count
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "]") && byte(offset + 1) == UInt8(ascii: "]") && byte(offset + 2) == UInt8(ascii: ">") {
                offset += 3
                return
            }
            offset += 1
        }
        throw malformed("a CDATA section that is never closed (no ']]>')", at: start)
    }

    /// `'<?' PITarget (S …)? '?>'`: checked and skipped. Its target may not be `xml` in any case: the xml
    /// declaration is read before this, and only at the start of the file.
    private mutating func processingInstruction() throws(ModelReadError) {
        let start = offset
        offset += Self.instructionOpen.count
        guard let target = name() else {
            throw malformed("a processing instruction without a target name", at: offset)
        }
        guard String(decoding: bytes[target], as: UTF8.self).lowercased() != "xml" else {
            throw malformed("<?\(excerpt(target)) is reserved: the xml declaration is '<?xml version=…?>' at the very start "
                            + "of the file", at: start)
        }
        if starts(with: Self.instructionClose) {
            offset += Self.instructionClose.count
            return
        }
        guard skipSpaces() else {
            throw malformed("expected whitespace or '?>' after the processing instruction <?\(excerpt(target))", at: offset)
        }
        while offset < bytes.count {
            if starts(with: Self.instructionClose) {
                offset += Self.instructionClose.count
                return
            }
            offset += 1
        }
        throw malformed("a processing instruction that is never closed (no '?>')", at: start)
    }

    // MARK: - Characters and names

    /// Every byte is UTF-8 (no NUL, no overlong or surrogate forms) and every scalar a `Char`, so the reader after
    /// this never meets a character it must refuse.
    private mutating func checkCharacters() throws(ModelReadError) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x80 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            let length = byte == 0 ? 0 : utf8Length(at: index)
            guard length > 0 else {
                let line = position(of: index).line
                throw ModelReadError("\(source) \(line): byte \(index) is not UTF-8 text; an xcode model is UTF-8")
            }
            let value = scalar(at: index).value
            guard Self.isCharacter(value) else {
                throw malformed("character U+\(Self.hex(value)) is not allowed in xml", at: index)
            }
            index += length
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode's table 3-7), or 0.
    private func utf8Length(at index: Int) -> Int {
        func continues(_ step: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            let next = byte(index + step)
            return next >= low && next <= high
        }
        switch bytes[index] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continues(1) ? 2 : 0
        case 0xE0: return continues(1, 0xA0) && continues(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continues(1) && continues(2) ? 3 : 0
        case 0xED: return continues(1, 0x80, 0x9F) && continues(2) ? 3 : 0
        case 0xF0: return continues(1, 0x90) && continues(2) && continues(3) ? 4 : 0
        case 0xF1...0xF3: return continues(1) && continues(2) && continues(3) ? 4 : 0
        case 0xF4: return continues(1, 0x80, 0x8F) && continues(2) && continues(3) ? 4 : 0
        default: return 0
        }
    }

    /// The scalar at `index`, which `checkCharacters` found well-formed, and its length in bytes.
    private func scalar(at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        func next(_ step: Int) -> UInt32 { UInt32(bytes[index + step] & 0x3F) }
        switch lead {
        case ..<0x80: return (lead, 1)
        case ..<0xE0: return ((lead & 0x1F) << 6 | next(1), 2)
        case ..<0xF0: return ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3)
        default: return ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
        }
    }

    /// Reads the Name at `offset` and returns its bytes; nil, reading nothing, when no name starts there.
    private mutating func name() -> Range<Int>? {
        guard isNameStart(at: offset) else { return nil }
        let start = offset
        offset += scalar(at: offset).length
        while isNameCharacter(at: offset) { offset += scalar(at: offset).length }
        return start..<offset
    }

    private func isNameStart(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        let value = scalar(at: index).value
        switch value {
        case UInt32(UInt8(ascii: "a"))...UInt32(UInt8(ascii: "z")), UInt32(UInt8(ascii: "A"))...UInt32(UInt8(ascii: "Z")),
             UInt32(UInt8(ascii: "_")), UInt32(UInt8(ascii: ":")):
            return true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F,
             0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    private func isNameCharacter(at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        if isNameStart(at: index) { return true }
        switch scalar(at: index).value {
        case UInt32(UInt8(ascii: "0"))...UInt32(UInt8(ascii: "9")), UInt32(UInt8(ascii: "-")), UInt32(UInt8(ascii: ".")),
             0xB7, 0x300...0x36F, 0x203F...0x2040:
            return true
        default:
            return false
        }
    }

    /// XML's `Char`: what a document may hold, raw or as a reference.
    private static func isCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// What an attribute value cannot be copied through as it stands: a reference, white space other than a space,
    /// and '<', which is refused.
    private static func needsReplacing(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isPublicIdentifierCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0D, 0x0A, UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-'()+,./:=?;!*#@$_%".utf8.contains(byte)
        }
    }

    private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// Appends a scalar that `isCharacter` accepted, in UTF-8.
    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        guard let scalar = Unicode.Scalar(value) else { return }
        bytes.append(contentsOf: scalar.utf8)
    }

    // MARK: - Reading

    /// The byte at `index`, or 0 past the end (a NUL never gets past `checkCharacters`).
    private func byte(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    private func starts(with literal: [UInt8]) -> Bool {
        offset + literal.count <= bytes.count && bytes[offset..<offset + literal.count].elementsEqual(literal)
    }

    /// Skips white space; whether there was any.
    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = offset
        while offset < bytes.count && Self.isSpace(bytes[offset]) { offset += 1 }
        return offset > start
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let declarationOpen = Array("<?xml".utf8)
    private static let instructionOpen = Array("<?".utf8)
    private static let instructionClose = Array("?>".utf8)
    private static let commentOpen = Array("<!--".utf8)
    private static let cdataOpen = Array("<![CDATA[".utf8)
    private static let documentTypeOpen = Array("<!DOCTYPE".utf8)
    private static let endTagOpen = Array("</".utf8)

    // MARK: - Positions and errors

    /// Line and column (in Unicode scalars, both from 1) of the byte at `target`, counted on from the last
    /// position asked for: the positions of a document's elements, asked in order, cost one pass in all. A line
    /// ends at LF, CR LF or CR.
    private mutating func position(of target: Int) -> (line: Int, column: Int) {
        if target < mark.offset { mark = Mark() }
        var (index, line, column) = (mark.offset, mark.line, mark.column)
        while index < target {
            switch bytes[index] {
            case 0x0A:
                line += 1
                column = 1
            case 0x0D where byte(index + 1) != 0x0A:
                line += 1
                column = 1
            case 0x0D, 0x80...0xBF:
                break
            default:
                column += 1
            }
            index += 1
        }
        mark = Mark(offset: target, line: line, column: column)
        return (line, column)
    }

    private mutating func malformed(_ what: String, at index: Int) -> ModelReadError {
        refused("malformed xml (\(what))", at: index)
    }

    private mutating func refused(_ what: String, at index: Int) -> ModelReadError {
        let (line, column) = position(of: min(index, bytes.count))
        return ModelReadError("\(source) \(line):\(column): \(what)")
    }

    /// The bytes of `range` as text for a message, cut to a length and with line ends as spaces, so that the
    /// message stays one short line.
    private func excerpt(_ range: Range<Int>) -> String {
        Self.cut(String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self))
    }

    private static func cut(_ text: String) -> String {
        let line = String(text.unicodeScalars.prefix(41).map { $0.value < 0x20 ? " " : Character($0) })
        return line.count <= 40 ? line : line.prefix(40) + "…"
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
