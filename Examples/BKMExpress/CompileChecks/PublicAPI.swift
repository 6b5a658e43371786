// Compiled by check.sh against the built BKMExpressLiteSDK module, as an app would see it: public API
// only, no package access. It must compile as it is; each line check.sh adds at `// reach:` must not.
import BKMExpressLiteSDK
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

func appCode(api: BKMExpress.API, input: BKMExpress.CardNumberInput, number: BKMExpress.CardNumber) async {
    _ = api.pendingAgreements()
    _ = input.maskedText
    _ = input.brand
    _ = input.brand.lengths
    _ = number.digitCount
    _ = try? BKMExpress.CardNumberInput()
    _ = BKMExpress.WireTransport(configuration: .ephemeral)
    // reach:
}
