import Foundation

/// The few DER structures RSA keys travel in, for Security.framework, which reads and writes
/// only PKCS#1: SubjectPublicKeyInfo and PKCS#8 wrap PKCS#1 with an RSA AlgorithmIdentifier.
/// Compiled everywhere (it is plain Swift) so that its refusal of malformed input is tested on
/// Linux too; only the Apple backend calls it.
enum DER {
    /// `SEQUENCE { OID rsaEncryption, NULL }`.
    static let rsaAlgorithm: [UInt8] = [
        0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00,
    ]

    static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var value = count
        while value > 0 {
            bytes.insert(UInt8(value & 0xFF), at: 0)
            value >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag] + length(content.count) + content
    }

    static func integer(_ bigEndian: Data) -> [UInt8] {
        var bytes = Array(bigEndian.drop { $0 == 0 })
        if bytes.isEmpty || bytes[0] & 0x80 != 0 { bytes.insert(0, at: 0) }
        return element(0x02, bytes)
    }

    /// The elements of one TLV at `offset`: its tag, content range, and the offset after it.
    static func read(_ bytes: [UInt8], at offset: Int) throws(CryptoFailure) -> (
        tag: UInt8, content: Range<Int>, next: Int
    ) {
        guard offset + 2 <= bytes.count else { throw .invalidKey("truncated DER") }
        let tag = bytes[offset]
        var cursor = offset + 1
        var count = Int(bytes[cursor])
        cursor += 1
        if count & 0x80 != 0 {
            let octets = count & 0x7F
            guard octets > 0, octets <= 4, cursor + octets <= bytes.count else {
                throw .invalidKey("bad DER length")
            }
            count = bytes[cursor..<cursor + octets].reduce(0) { $0 << 8 | Int($1) }
            cursor += octets
        }
        guard cursor + count <= bytes.count else { throw .invalidKey("truncated DER") }
        return (tag, cursor..<cursor + count, cursor + count)
    }

    /// PKCS#1 RSAPublicKey from a SubjectPublicKeyInfo.
    static func pkcs1(fromSPKI spki: Data) throws(CryptoFailure) -> Data {
        let bytes = [UInt8](spki)
        let outer = try read(bytes, at: 0)
        guard outer.tag == 0x30 else { throw .invalidKey("not a SubjectPublicKeyInfo") }
        let algorithm = try read(bytes, at: outer.content.lowerBound)
        guard Array(bytes[algorithm.content.lowerBound - 2..<algorithm.next]) == rsaAlgorithm else {
            throw .invalidKey("not an RSA key")
        }
        let bitString = try read(bytes, at: algorithm.next)
        // An empty BIT STRING has no unused-bits octet to look at.
        guard bitString.tag == 0x03, !bitString.content.isEmpty, bytes[bitString.content.lowerBound] == 0 else {
            throw .invalidKey("bad key bits")
        }
        return Data(bytes[(bitString.content.lowerBound + 1)..<bitString.content.upperBound])
    }

    static func spki(fromPKCS1 pkcs1: Data) -> Data {
        Data(element(0x30, rsaAlgorithm + element(0x03, [0] + [UInt8](pkcs1))))
    }

    /// PKCS#1 RSAPrivateKey from PKCS#8 PrivateKeyInfo.
    static func pkcs1(fromPKCS8 pkcs8: Data) throws(CryptoFailure) -> Data {
        let bytes = [UInt8](pkcs8)
        let outer = try read(bytes, at: 0)
        let version = try read(bytes, at: outer.content.lowerBound)
        let algorithm = try read(bytes, at: version.next)
        guard Array(bytes[algorithm.content.lowerBound - 2..<algorithm.next]) == rsaAlgorithm else {
            throw .invalidKey("not an RSA key")
        }
        let octets = try read(bytes, at: algorithm.next)
        guard octets.tag == 0x04 else { throw .invalidKey("not a PKCS#8 key") }
        return Data(bytes[octets.content])
    }

    static func pkcs8(fromPKCS1 pkcs1: Data) -> Data {
        Data(element(0x30, element(0x02, [0]) + rsaAlgorithm + element(0x04, [UInt8](pkcs1))))
    }

    /// Modulus and exponent of a PKCS#1 RSAPublicKey.
    static func modulusAndExponent(ofPKCS1 pkcs1: Data) throws(CryptoFailure) -> (Data, Data) {
        let bytes = [UInt8](pkcs1)
        let outer = try read(bytes, at: 0)
        let modulus = try read(bytes, at: outer.content.lowerBound)
        let exponent = try read(bytes, at: modulus.next)
        return (Data(bytes[modulus.content].drop { $0 == 0 }), Data(bytes[exponent.content].drop { $0 == 0 }))
    }

    static func pem(_ der: Data, label: String) -> Data {
        let body = der.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return Data("-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----\n".utf8)
    }

    /// The DER inside PEM text, and its label.
    static func der(fromPEM pem: Data) throws(CryptoFailure) -> (label: String, der: Data) {
        let text = String(decoding: pem, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") }),
            let end = lines.firstIndex(where: { $0.hasPrefix("-----END ") }), end > begin,
            let der = Data(base64Encoded: lines[(begin + 1)..<end].joined())
        else { throw .invalidKey("not PEM") }
        return (String(lines[begin].dropFirst(11).dropLast(5)), der)
    }
}
