import Foundation
import Testing
@testable import CoreDataModel

/// The XML reader on its own: documents it reads, with the tree they give, and each malformed one with its error.
@Suite struct XMLReaderTests {
    /// A tree in one line: `name@line:column{attribute=value …}[children]`, attributes in name order.
    static func outline(_ node: XMLElementNode) -> String {
        let attributes = node.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(node.name)@\(node.line):\(node.column)"
            + (attributes.isEmpty ? "" : "{" + attributes.joined(separator: " ") + "}")
            + (node.children.isEmpty ? "" : "[" + node.children.map(outline).joined(separator: " ") + "]")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var xml: Data
        /// The outline of the tree, or the error's message.
        var expected: String
        var testDescription: String { name }

        init(_ name: String, _ xml: String, _ expected: String) {
            self.init(name, Data(xml.utf8), expected)
        }

        init(_ name: String, _ xml: Data, _ expected: String) {
            self.name = name
            self.xml = xml
            self.expected = expected
        }
    }

    static let xcodeDeclaration = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#

    static let valid: [Case] = [
        .init("an empty root", "<model/>", "model@1:1"),
        .init("the declaration xcode writes", xcodeDeclaration + "\n<model a=\"1\">\n    <entity name=\"A\"/>\n</model>\n",
              "model@2:1{a=1}[entity@3:5{name=A}]"),
        .init("a byte order mark", Data([0xEF, 0xBB, 0xBF]) + Data((xcodeDeclaration + "<m/>").utf8), "m@1:57"),
        .init("single quotes and no encoding", "<?xml version='1.0'?><m/>", "m@1:22"),
        .init("another 1.x version, spaces before ?>", "<?xml version=\"1.1\"  encoding = 'utf8' ?><m/>", "m@1:42"),
        .init("comments everywhere", "<!-- a -->\n<!---->\n<m><!-- <b/> & - --><n/></m><!-- c -->", "m@3:1[n@3:21]"),
        .init("processing instructions", "<?xml-stylesheet href=\"a\"?><m><?pi?><?x y ? z?></m><?after all?>", "m@1:28"),
        .init("CDATA and text", "<m>text &amp; more ]] ] > <![CDATA[<b/> & ]] ]]></m>", "m@1:1"),
        .init("a document type", "<!DOCTYPE model>\n<model/>", "model@2:1"),
        .init("a system identifier", #"<!DOCTYPE model SYSTEM "model.dtd"><model/>"#, "model@1:36"),
        .init("a public identifier", #"<!DOCTYPE model PUBLIC "-//A//DTD B 1.0//EN" 'b.dtd' ><model/>"#, "model@1:55"),
        .init("an internal subset without entities",
              "<!DOCTYPE m [\n  <!ELEMENT m ANY>\n  <!-- c -->\n  <?pi?>\n  <!NOTATION n SYSTEM \"a>b\">\n]>\n<m/>", "m@7:1"),
        .init("attribute quoting and spaces", "<m a='1' b = \"2\"\n   c\t=\t'x\"y' d=\"x'y\"/>", "m@1:1{a=1 b=2 c=x\"y d=x'y}"),
        .init("predefined entities", #"<m v="&lt;&gt;&amp;&apos;&quot;"/>"#, #"m@1:1{v=<>&'"}"#),
        .init("character references", #"<m v="&#65;&#x42;&#0000067;&#x1F600;&#xE9;&#xe9;"/>"#, "m@1:1{v=ABC😀éé}"),
        .init("white space in values is normalized", "<m v=\"a\tb\nc\r\nd\re\"/>", "m@1:1{v=a b c d e}"),
        .init("references to white space are kept", #"<m v="a&#10;b&#9;c&#13;"/>"#, "m@1:1{v=a\nb\tc\r}"),
        .init("an empty value", #"<m v=""/>"#, "m@1:1{v=}"),
        .init("CR LF and CR end lines", "<m>\r\n  <a/>\r  <b/>\n</m>", "m@1:1[a@2:3 b@3:3]"),
        .init("columns count scalars", "<m é=\"😀\"><b/></m>", "m@1:1{é=😀}[b@1:10]"),
        .init("names beyond ASCII", "<été ñ.b-c:d=\"1\" _x='2'><日本/></été>", "été@1:1{_x=2 ñ.b-c:d=1}[日本@1:25]"),
        .init("space before a tag's end", "<m  ><n\n/></m\n>", "m@1:1[n@1:6]"),
        .init("children in order", "<m><c n=\"1\"/><c n=\"2\"><d/></c><c n=\"3\"/></m>",
              "m@1:1[c@1:4{n=1} c@1:14{n=2}[d@1:23] c@1:31{n=3}]"),
        .init("a prefixed name is read as written", #"<x:m xmlns:x="urn:a"/>"#, "x:m@1:1{xmlns:x=urn:a}"),
        .init("text with references, then line ends", "<m>a &lt;b&gt; c</m>\n\n", "m@1:1"),
    ]

    @Test(arguments: valid)
    func reads(_ testCase: Case) throws {
        let root = try XMLReader.parse(testCase.xml, source: "contents")
        #expect(Self.outline(root) == testCase.expected)
    }

    static let malformed: [Case] = [
        // Documents that are not there.
        .init("empty", "", "contents: empty file, expected an xml model"),
        .init("white space", " \r\n\t", "contents: empty file, expected an xml model"),
        .init("a comment only", "<!-- x -->\n", "contents 2:1: malformed xml (the document ends before its root element)"),
        .init("a byte order mark only", Data([0xEF, 0xBB, 0xBF]),
              "contents 1:2: malformed xml (the document ends before its root element)"),
        // Bytes and characters.
        .init("NUL", Data([0x3C, 0x6D, 0x00, 0x2F, 0x3E]), "contents 1: byte 2 is not UTF-8 text; an xcode model is UTF-8"),
        .init("an overlong form", Data([0x3C, 0x6D, 0x0A, 0xC0, 0xAF]),
              "contents 2: byte 3 is not UTF-8 text; an xcode model is UTF-8"),
        .init("an encoded surrogate", Data([0x3C, 0x6D, 0xED, 0xA0, 0x80, 0x2F, 0x3E]),
              "contents 1: byte 2 is not UTF-8 text; an xcode model is UTF-8"),
        .init("past U+10FFFF", Data([0x3C, 0x6D, 0xF4, 0x90, 0x80, 0x80, 0x2F, 0x3E]),
              "contents 1: byte 2 is not UTF-8 text; an xcode model is UTF-8"),
        .init("a cut sequence", Data([0x3C, 0x6D, 0x2F, 0x3E, 0xE2, 0x82]),
              "contents 1: byte 4 is not UTF-8 text; an xcode model is UTF-8"),
        .init("a UTF-16 byte order mark", Data([0xFF, 0xFE, 0x3C, 0x00]),
              "contents 1: byte 0 is not UTF-8 text; an xcode model is UTF-8"),
        .init("a control character", "<m>\n a\u{1}</m>", "contents 2:3: malformed xml (character U+0001 is not allowed in xml)"),
        .init("U+FFFE", "<m v=\"\u{FFFE}\"/>", "contents 1:7: malformed xml (character U+FFFE is not allowed in xml)"),
        // The declaration.
        .init("white space before the declaration", " <?xml version=\"1.0\"?><m/>",
              "contents 1:2: malformed xml (<?xml is reserved: the xml declaration is '<?xml version=…?>' at the very start of the file)"),
        .init("a declaration in upper case", "<?XML version=\"1.0\"?><m/>",
              "contents 1:1: malformed xml (<?XML is reserved: the xml declaration is '<?xml version=…?>' at the very start of the file)"),
        .init("a second declaration", "<?xml version=\"1.0\"?><m><?xml version=\"1.0\"?></m>",
              "contents 1:25: malformed xml (<?xml is reserved: the xml declaration is '<?xml version=…?>' at the very start of the file)"),
        .init("no version", "<?xml encoding=\"UTF-8\"?><m/>", "contents 1:6: malformed xml (the xml declaration has no version)"),
        .init("no version at all", "<?xml?><m/>", "contents 1:6: malformed xml (the xml declaration has no version)"),
        .init("version 2", "<?xml version=\"2.0\"?><m/>", "contents 1:16: malformed xml (xml version '2.0' is not 1.x)"),
        .init("an unquoted version", "<?xml version=1.0?><m/>",
              "contents 1:15: malformed xml (expected a quoted value for the xml declaration's version)"),
        .init("another encoding", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><m/>",
              "contents 1:31: malformed xml (encoding 'ISO-8859-1' is not supported; an xcode model is UTF-8)"),
        .init("standalone maybe", "<?xml version=\"1.0\" standalone=\"maybe\"?><m/>",
              "contents 1:33: malformed xml (standalone 'maybe' is neither yes nor no)"),
        .init("pseudo-attributes out of order", "<?xml version=\"1.0\" standalone=\"yes\" encoding=\"UTF-8\"?><m/>",
              "contents 1:38: malformed xml (expected whitespace or '?>' in the xml declaration)"),
        .init("no space between pseudo-attributes", "<?xml version=\"1.0\"encoding=\"UTF-8\"?><m/>",
              "contents 1:20: malformed xml (expected whitespace or '?>' in the xml declaration)"),
        .init("a declaration ending in another instruction", "<?xml ><?xA?>\n",
              "contents 1:6: malformed xml (the xml declaration has no version)"),
        .init("a declaration never closed", "<?xml version=\"1.0\" <?x?>\n<model/>",
              "contents 1:21: malformed xml (expected whitespace or '?>' in the xml declaration)"),
        .init("a version never closed", "<?xml version=\"1.0?>\n<model/>",
              "contents 1:15: malformed xml (the xml declaration's version has no closing quote)"),
        // Document types.
        .init("an entity declaration", "<!DOCTYPE m [<!ENTITY a \"aaaa\">]><m/>",
              "contents 1:14: declares xml entities, which xcode never writes; refused"),
        .init("billion laughs", "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n <!ENTITY lol2 \"&lol;&lol;\">\n]>\n<lolz>&lol2;</lolz>",
              "contents 3:2: declares xml entities, which xcode never writes; refused"),
        .init("an external entity", "<!DOCTYPE m [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><m>&x;</m>",
              "contents 1:14: declares xml entities, which xcode never writes; refused"),
        .init("an attribute default", "<!DOCTYPE m [<!ATTLIST m a CDATA \"1\">]><m/>",
              "contents 1:14: declares attribute defaults (<!ATTLIST), which xcode never writes; refused"),
        .init("a parameter entity reference", "<!DOCTYPE m [%e;]><m/>",
              "contents 1:14: refers to a parameter entity, which xcode never writes; refused"),
        .init("a parameter entity in a declaration", "<!DOCTYPE m [<!ELEMENT m %e;>]><m/>",
              "contents 1:26: refers to a parameter entity, which xcode never writes; refused"),
        .init("two document types", "<!DOCTYPE m><!DOCTYPE m><m/>", "contents 1:13: malformed xml (a second document type declaration)"),
        .init("a document type after the root", "<m/><!DOCTYPE m>", "contents 1:5: malformed xml (content outside the root element)"),
        .init("a document type without a name", "<!DOCTYPE>", "contents 1:10: malformed xml (expected the root element's name after <!DOCTYPE)"),
        .init("a subset never closed", "<!DOCTYPE m [<!-- x -->",
              "contents 1:1: malformed xml (the document ends inside the document type declaration)"),
        .init("junk in the subset", "<!DOCTYPE m [junk]><m/>",
              "contents 1:14: malformed xml (unexpected content in the document type declaration)"),
        .init("a bad public identifier", "<!DOCTYPE m PUBLIC \"a{b\" \"c\"><m/>",
              "contents 1:22: malformed xml (a public identifier may not hold '{')"),
        .init("a public identifier alone", "<!DOCTYPE m PUBLIC \"ab\"><m/>",
              "contents 1:24: malformed xml (expected whitespace before the system identifier)"),
        // Outside the root.
        .init("text before the root", "x<m/>", "contents 1:1: malformed xml (content outside the root element)"),
        .init("text after the root", "<m/>\n x", "contents 2:2: malformed xml (content outside the root element)"),
        .init("two roots", "<model/><model/>", "contents 1:9: malformed xml (content outside the root element)"),
        .init("a reference after the root", "<m/>&amp;", "contents 1:5: malformed xml (content outside the root element)"),
        .init("CDATA before the root", "<![CDATA[x]]><m/>",
              "contents 1:1: malformed xml (expected an element name, '!--', '!DOCTYPE' or '?' after '<')"),
        .init("a closing tag first", "</m>", "contents 1:1: malformed xml (expected an element name, '!--', '!DOCTYPE' or '?' after '<')"),
        .init("a byte order mark later", "\u{FEFF}\u{FEFF}<m/>", "contents 1:2: malformed xml (content outside the root element)"),
        // Tags.
        .init("unclosed", "<model>\n  <entity name=\"A\">", "contents 2:20: malformed xml (the document ends inside <entity>, opened at 2:3)"),
        .init("mismatched", "<model>\n  <entity name=\"A\">\n</model>",
              "contents 3:1: malformed xml (closing tag </model> does not match <entity>, opened at 2:3)"),
        .init("cut in a tag", "<model>\n<entity name=\"A\"", "contents 2:17: malformed xml (the document ends inside the tag <entity>)"),
        .init("cut after '<'", "<m><", "contents 1:4: malformed xml (expected a name, '/', '!--', '![CDATA[' or '?' after '<')"),
        .init("a space after '<'", "<m>< n/></m>", "contents 1:4: malformed xml (expected a name, '/', '!--', '![CDATA[' or '?' after '<')"),
        .init("a bad name start", "<m><1a/></m>", "contents 1:4: malformed xml (expected a name, '/', '!--', '![CDATA[' or '?' after '<')"),
        .init("a declaration inside", "<m><!DOCTYPE m></m>", "contents 1:4: malformed xml (expected a name, '/', '!--', '![CDATA[' or '?' after '<')"),
        .init("a space before '/>'", "<m/ >", "contents 1:4: malformed xml (expected '>' after '/' in <m>)"),
        .init("a closing tag with an attribute", "<m></m a=\"1\">", "contents 1:8: malformed xml (expected '>' to end the closing tag </m>)"),
        .init("a closing tag without a name", "<m></ m>", "contents 1:6: malformed xml (expected an element name after '</')"),
        .init("too deep", String(repeating: "<a>", count: 65) + String(repeating: "</a>", count: 65),
              "contents 1:193: elements nested deeper than 64 levels"),
        .init("too deep, empty at the bottom", String(repeating: "<a>", count: 64) + "<b/>", "contents 1:193: elements nested deeper than 64 levels"),
        // Attributes.
        .init("a duplicate attribute", "<m x=\"1\" y=\"2\" x=\"3\"/>", "contents 1:16: malformed xml (the attribute x is written twice in <m>)"),
        .init("an unquoted value", "<m x=1/>", "contents 1:6: malformed xml (expected a quoted value for the attribute x)"),
        .init("no '='", "<m x \"1\"/>", "contents 1:6: malformed xml (expected '=' after the attribute x)"),
        .init("an attribute without a value", "<m x/>", "contents 1:5: malformed xml (expected '=' after the attribute x)"),
        .init("no space between attributes", "<m x=\"1\"y=\"2\"/>", "contents 1:9: malformed xml (expected whitespace, '>' or '/>' in the tag <m>)"),
        .init("a bad attribute name", "<m -x=\"1\"/>", "contents 1:4: malformed xml (expected an attribute name, '>' or '/>' in the tag <m>)"),
        .init("'<' in a value", "<m x=\"a<b\"/>", "contents 1:8: malformed xml ('<' in the value of the attribute x (write &lt;))"),
        .init("a value never closed", "<m x=\"1/>\n", "contents 1:6: malformed xml (the value of the attribute x has no closing quote)"),
        .init("a value never closed after a reference", "<m x=\"&amp;/>", "contents 1:6: malformed xml (the value of the attribute x has no closing quote)"),
        // References.
        .init("a bare '&'", "<m x=\"a & b\"/>", "contents 1:9: malformed xml (a '&' that starts no reference (write &amp;))"),
        .init("a reference without ';'", "<m x=\"&amp\"/>", "contents 1:7: malformed xml (a '&' that starts no reference (write &amp;))"),
        .init("an unknown entity", "<m x=\"&nbsp;\"/>",
              "contents 1:7: malformed xml (unknown entity &nbsp; (xml predefines only &lt; &gt; &amp; &apos; &quot;))"),
        .init("an unknown entity in text", "<m>\n&copy;</m>",
              "contents 2:1: malformed xml (unknown entity &copy; (xml predefines only &lt; &gt; &amp; &apos; &quot;))"),
        .init("character 0", "<m x=\"&#0;\"/>", "contents 1:7: malformed xml (character reference &#0; is not an xml character)"),
        .init("a control character by reference", "<m>&#x1B;</m>", "contents 1:4: malformed xml (character reference &#x1B; is not an xml character)"),
        .init("a surrogate", "<m x=\"&#xD800;\"/>", "contents 1:7: malformed xml (character reference &#xD800; is not an xml character)"),
        .init("U+FFFF by reference", "<m x=\"&#65535;\"/>", "contents 1:7: malformed xml (character reference &#65535; is not an xml character)"),
        .init("past U+10FFFF by reference", "<m x=\"&#x110000;\"/>", "contents 1:7: malformed xml (character reference &#x110000; is not an xml character)"),
        .init("a huge reference", "<m x=\"&#99999999999999999999999;\"/>",
              "contents 1:7: malformed xml (character reference &#99999999999999999999999; is not an xml character)"),
        .init("no digits", "<m x=\"&#x;\"/>", "contents 1:7: malformed xml (malformed character reference &#x; (expected hexadecimal digits and ';'))"),
        .init("an upper-case X", "<m>&#X41;</m>", "contents 1:4: malformed xml (malformed character reference &#X (expected digits and ';'))"),
        .init("a letter in a decimal reference", "<m>&#12a;</m>", "contents 1:4: malformed xml (malformed character reference &#12a (expected digits and ';'))"),
        .init("']]>' in text", "<m>a ]]> b</m>", "contents 1:6: malformed xml (']]>' in text, outside a CDATA section)"),
        // Comments, CDATA, instructions.
        .init("a comment never closed", "<m><!-- x </m>", "contents 1:4: malformed xml (a comment that is never closed (no '-->'))"),
        .init("'--' in a comment", "<!-- a -- b --><m/>", "contents 1:8: malformed xml ('--' inside a comment)"),
        .init("a comment ending in '--->'", "<!-- a ---><m/>", "contents 1:8: malformed xml ('--' inside a comment)"),
        .init("CDATA never closed", "<m><![CDATA[ x ]]</m>", "contents 1:4: malformed xml (a CDATA section that is never closed (no ']]>'))"),
        .init("an instruction never closed", "<m><?pi x </m>", "contents 1:4: malformed xml (a processing instruction that is never closed (no '?>'))"),
        .init("an instruction without a target", "<?  ?><m/>", "contents 1:3: malformed xml (a processing instruction without a target name)"),
        .init("an instruction without a space", "<?pi\"x\"?><m/>", "contents 1:5: malformed xml (expected whitespace or '?>' after the processing instruction <?pi)"),
    ]

    @Test(arguments: malformed)
    func refuses(_ testCase: Case) {
        #expect(throws: ModelReadError(testCase.expected)) { try XMLReader.parse(testCase.xml, source: "contents") }
    }

    @Test func sixtyFourLevelsRead() throws {
        var root = try XMLReader.parse(Data((String(repeating: "<a>", count: 64) + String(repeating: "</a>", count: 64)).utf8),
                                       source: "contents")
        var depth = 1
        while let child = root.children.first {
            root = child
            depth += 1
        }
        #expect(depth == XMLReader.maximumDepth)
    }

    /// Every prefix of a document that uses each construct is refused with a one-line message naming the file,
    /// and never crashes: the reader has no byte it may read past.
    @Test func everyCutOfADocumentIsAOneLineError() {
        let document = Array(("\u{FEFF}" + Self.xcodeDeclaration + "\n<!DOCTYPE m SYSTEM 'm.dtd' [<!ELEMENT m ANY><!-- c -->]>\n"
            + "<?pi x?><m a=\"&lt;&#x1F600;\" b='x\ty'><!-- c --><![CDATA[ <x> ]]><é/>t&amp;</m >").utf8)
        for length in 0..<document.count {
            do {
                _ = try XMLReader.parse(Data(document.prefix(length)), source: "contents")
                Issue.record("a cut at \(length) read")
            } catch {
                #expect(error.message.hasPrefix("contents") && !error.message.contains("\n"), "\(length): \(error.message)")
            }
        }
        #expect(throws: Never.self) { try XMLReader.parse(Data(document), source: "contents") }
    }

    /// Work grows linearly: one line of many elements (the column is counted on, never recounted from the
    /// line's start), many references in one value, and a long comment.
    @Test func longInputsReadInLinearTime() throws {
        let count = 100_000
        let oneLine = "<m>" + String(repeating: "<e a=\"1\"/>", count: count) + "</m>"
        let root = try XMLReader.parse(Data(oneLine.utf8), source: "contents")
        #expect(root.children.count == count)
        #expect(root.children.last?.column == 4 + (count - 1) * 10)
        let references = "<m v=\"" + String(repeating: "&amp;&#x41;", count: count) + "\"/>"
        #expect(try XMLReader.parse(Data(references.utf8), source: "contents").attributes["v"]?.count == 2 * count)
        let comment = "<m><!--" + String(repeating: "- ", count: count) + "--></m>"
        #expect(try XMLReader.parse(Data(comment.utf8), source: "contents").children.isEmpty)
    }

    /// A deep document is refused at the limit, however deep it goes: no recursion for it to overflow.
    @Test func aMillionLevelsAreRefusedAtTheLimit() {
        let deep = String(repeating: "<a>", count: 1_000_000)
        #expect(throws: ModelReadError("contents 1:193: elements nested deeper than 64 levels")) {
            try XMLReader.parse(Data(deep.utf8), source: "contents")
        }
    }
}
