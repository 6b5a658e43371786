// Compiled by check.sh against the built BKMExpressLiteSDK module, as an app would see it: public API
// only, no package access. It must compile as it is; each line check.sh adds at `// reach:` must not.
import BKMExpressLiteSDK
import Foundation

func appCode(api: BKMExpress.API, input: BKMExpress.CardNumberInput) async {
    _ = api.pendingAgreements()
    _ = input.maskedText
    _ = input.brand
    // reach:
}
