// check: must fail in every mode
// A canary: Security takes Core Foundation types, so `Data` handed to SecKeyCreateWithData without
// `as CFData` is refused, as Xcode refuses it.
import Foundation
import Security

func importKey(_ pkcs1: Data) -> SecKey? {
    let attributes: [CFString: Any] = [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: kSecAttrKeyClassPublic]
    return SecKeyCreateWithData(pkcs1, attributes as CFDictionary, nil)
}
