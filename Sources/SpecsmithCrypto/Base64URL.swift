import Foundation

/// Base64url without padding (RFC 4648 §5), as JOSE writes binary values.
public enum Base64URL {
    public static func encode(_ data: Data) -> String {
        var bytes = [UInt8](data.base64EncodedData())
        var length = bytes.count
        while length > 0, bytes[length - 1] == UInt8(ascii: "=") { length -= 1 }
        for index in 0..<length {
            switch bytes[index] {
            case UInt8(ascii: "+"): bytes[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): bytes[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: bytes[0..<length], as: UTF8.self)
    }

    public static func decode(_ text: String) throws(CryptoFailure) -> Data {
        try decode(bytes: Array(text.utf8))
    }

    public static func decode(_ text: Substring) throws(CryptoFailure) -> Data {
        try decode(bytes: Array(text.utf8))
    }

    /// Concrete bytes, so the loop is not a generic walk over a string view.
    private static func decode(bytes input: [UInt8]) throws(CryptoFailure) -> Data {
        var bytes = input
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                break
            case UInt8(ascii: "-"): bytes[index] = UInt8(ascii: "+")
            case UInt8(ascii: "_"): bytes[index] = UInt8(ascii: "/")
            default: throw .malformed("not base64url")
            }
        }
        switch bytes.count % 4 {
        case 1: throw .malformed("not base64url")
        case 2: bytes += [UInt8(ascii: "="), UInt8(ascii: "=")]
        case 3: bytes.append(UInt8(ascii: "="))
        default: break
        }
        guard let data = Data(base64Encoded: Data(bytes)) else { throw .malformed("not base64url") }
        return data
    }
}
