import StrataCore

/// How many bytes `@path` may read into a data value (`--max-blob`): 1 GiB unless told.
public enum BlobLimit {
    public static let defaultBytes: Int64 = 1 << 30

    /// `1048576`, `512K`, `10M`, `1G` (binary multiples; a trailing `B` or `iB` is allowed): the size in bytes.
    ///
    /// - Throws: a usage error naming the option and the text.
    public static func parse(_ text: String) throws -> Int64 {
        var digits = Substring(text.trimmingSpaces)
        for suffix in ["iB", "ib", "B", "b"] where digits.count > suffix.count && digits.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
            break
        }
        var multiplier: Int64 = 1
        if let last = digits.last, let shift = ["k": 10, "m": 20, "g": 30, "t": 40][last.lowercased()] {
            multiplier = 1 << shift
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int64(digits), number > 0,
              number <= Int64.max / multiplier
        else {
            throw StrataError.usage("--max-blob takes a size in bytes such as 1048576, 10M or 1G, not '\(text)'")
        }
        return number * multiplier
    }

    /// `1 GiB`, `10 MiB`, `1000 bytes`: a limit as the user may have written it.
    public static func describe(_ bytes: Int64) -> String {
        for (unit, shift) in [("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
