/// Whether bytes are well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF): the one check that the
/// writers (before they repair) and the import readers (before they refuse) share.
package enum UTF8Validation {
    package static func isValid(_ raw: UnsafeRawBufferPointer) -> Bool {
        var iterator = raw.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
