// check: must fail in every mode
// A canary: CryptoKitError has the cases Apple documents (wrapFailure, unwrapFailure and
// invalidParameter among them), so a switch that lists only the first four is refused, as in Xcode.
import CryptoKit

func explain(_ error: CryptoKitError) -> String {
    switch error {
    case .incorrectKeySize: "key size"
    case .incorrectParameterSize: "parameter size"
    case .authenticationFailure: "authentication"
    case .underlyingCoreCryptoError: "core crypto"
    }
}
