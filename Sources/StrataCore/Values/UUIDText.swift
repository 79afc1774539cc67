/// UUIDs as text.
public enum UUIDText {
    /// The canonical form of 16 bytes, upper case: `0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D`.
    public static func canonical(_ bytes: [UInt8]) -> String {
        var text = ""
        for (index, byte) in bytes.enumerated() {
            if [4, 6, 8, 10].contains(index) { text += "-" }
            let hex = String(byte, radix: 16, uppercase: true)
            text += hex.count == 1 ? "0" + hex : hex
        }
        return text
    }
}
