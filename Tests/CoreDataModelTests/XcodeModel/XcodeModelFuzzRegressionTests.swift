import Foundation
import Testing
@testable import CoreDataModel

/// Inputs `Fuzz/run xcmodel` found, kept so that they stay one-line errors.
@Suite struct XcodeModelFuzzRegressionTests {
    /// A model whose attributes hold bytes that are not UTF-8: Foundation's XMLParser on Linux trapped on it
    /// (in _NSXMLParserStartElementNs); the reader refuses such bytes before it reads any markup.
    static let notUTF8 = "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiIHN0YW5kYWxvbmU9InllcyI/Pgo8bW9kZWwgdHlwZT0iY29tLmFwcGxlLklERUNvcmVEYXRhTW9kZWxlci5EYXRhTW9kZWwiIGRvY3VtZW50VmVyc2lvbj0iMS4wIiBsYXN0U2F2ZWRUb29sc1ZlcnNpb249IjIyNzU3IiBzeXN0ZW1WZXJzaW9uPSIyM0UyMjQiIG1pbmltdW1Ub29sc1ZlcnNpb249IkF1dG9tYXRpYyIgc291cmNlTGFuZ3VhZ2U9IlN3aWZ0IiB1c2VyRGVmaW5lZE1vZGVscj0iMyI+CiAgICA8ZW50aXR5IG5hbWU9IlBldCIgcmVwcmVzZW50ZWRDbGFzc05hbWU9IlBldCIgc3luY2FibGU9IllFUyI+CiAgICAgICAgPGF0dHJp/////yAgICAgIDxhdHRyaWJ1dGUgbmFtZT0ibmFtZSIgYXR0cmlidXRlVHlwZT0iU3RyaW5nIi8+CiAgICAgICAgPHJlbGF0aW9uc2hpcCBuYW1lPSJvd25lciIgb3B0aW9uYWw9IllFUyIgbWF4Q291bnQ9IjEiIGRlbGV0aW9uUnVsZT0iTnVsbGlmeSIgZGVzdGluYXRpb25FbnRpdHk9IlVzZXIiIGludmVyc2VOYW1lPSJwZXQiIGludmVyc2VFbnRpdHk9IlVzZXIiLz4KICAgIDwvZW50aXR5PgogICAgPGVudGl0eSBuYW1lPSJVc2VyIiByZXByZXNlbnRlZENsYXNzTmFtZT0iaXR5Pgo8L21vZGVsPg=="

    @Test func bytesThatAreNotUTF8NeverReachTheParser() throws {
        let data = try #require(Data(base64Encoded: Self.notUTF8))
        #expect(throws: ModelReadError.self) { try ManagedObjectModel(xcdatamodelContents: data) }
        do {
            _ = try ManagedObjectModel(xcdatamodelContents: data)
        } catch {
            #expect(error.message == "contents 4: byte 342 is not UTF-8 text; an xcode model is UTF-8", "\(error.message)")
        }
    }

    @Test(arguments: [[0x3C, 0x6D, 0x00, 0x3E], [0xEF, 0xBB, 0xBF, 0xC3], [0x3C, 0x61, 0x20, 0x62, 0x3D, 0x22, 0xC0, 0xAF, 0x22, 0x2F, 0x3E]] as [[UInt8]])
    func aNULOrAnIllFormedSequenceIsRefused(_ bytes: [UInt8]) {
        #expect(throws: ModelReadError.self) { try ManagedObjectModel(xcdatamodelContents: Data(bytes)) }
    }

    /// A processing instruction without data made Foundation's XMLParser read a NULL, so the reader it had refused
    /// every instruction but the XML declaration. XMLReader reads instructions as XML does: a well-formed one is
    /// skipped, and a declaration that is not one is refused.
    /// `<?xml ><?xA?>` (found by `Fuzz/run xcmodel`): a declaration without its own `?>` hid the instruction after it,
    /// and XMLParser crashed.
    @Test(arguments: ["<?xml ><?xA?>\n", "<?xml version=\"1.0\" <?x?>\n<model/>", "<?xm\n<model/>", "<model><?xml?></model>"])
    func aMalformedProcessingInstructionIsRefused(_ text: String) {
        #expect(throws: ModelReadError.self) { try ManagedObjectModel(xcdatamodelContents: Data(text.utf8)) }
    }

    @Test(arguments: ["<?xm?>\n<model type=\"c\"/>", "<?xml version=\"1.0\"?>\n<model><?pi?></model>", "<model/><?x y?>"])
    func aWellFormedProcessingInstructionIsSkipped(_ text: String) throws {
        #expect(try ManagedObjectModel(xcdatamodelContents: Data(text.utf8)).entities.isEmpty)
    }

    @Test func theXMLDeclarationXcodeWritesReads() throws {
        let model = try ManagedObjectModel(xcdatamodelContents: Data(
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<model type=\"com.apple.IDECoreDataModeler.DataModel\"/>\n".utf8))
        #expect(model.entities.isEmpty)
    }
}
