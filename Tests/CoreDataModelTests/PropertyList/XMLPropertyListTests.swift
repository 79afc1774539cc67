import Foundation
import Testing
@testable import CoreDataModel

@Suite struct XMLPropertyListTests {
    @Test func anXccurrentversionReads() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>_XCCurrentVersionName</key>
            \t<string>Recipes 2.xcdatamodel</string>
            </dict>
            </plist>
            """
        #expect(try PropertyList.read(Array(xml.utf8)) == .dictionary(["_XCCurrentVersionName": .string("Recipes 2.xcdatamodel")]))
    }

    @Test func everyXMLTypeConverts() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>yes</key><true/><key>no</key><false/><key>one</key><integer>1</integer><key>zero</key><integer>0</integer>
            <key>minus</key><integer>-12</integer><key>real</key><real>1.5</real><key>data</key><data>AAH/</data>
            <key>date</key><date>2001-01-01T00:01:40Z</date>
            <key>hashes</key><dict><key>Recipe</key><data>AQI=</data></dict>
            <key>versions</key><array><string>Recipes</string><string>Recipes 2</string></array>
            </dict></plist>
            """
        #expect(try PropertyList.read(Array(xml.utf8)) == .dictionary([
            "yes": .bool(true), "no": .bool(false), "one": .integer(1), "zero": .integer(0), "minus": .integer(-12),
            "real": .real(1.5), "data": .data([0, 1, 255]), "date": .date(100),
            "hashes": .dictionary(["Recipe": .data([1, 2])]), "versions": .array([.string("Recipes"), .string("Recipes 2")]),
        ]))
    }

    @Test(arguments: ["", "<plist", "not a plist at all", "<?xml version=\"1.0\"?><plist><dict><key>a</key></plist>"])
    func notAPropertyListIsAnError(text: String) {
        #expect {
            try PropertyList.read(Array(text.utf8))
        } throws: { error in
            (error as? ModelReadError)?.message.hasPrefix("xml property list: ") == true
        }
    }
}
