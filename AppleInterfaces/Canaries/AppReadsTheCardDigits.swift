// check: must fail in every mode
// A canary: app code must not reach the digits the SDK's card views draw (`package` access only).
import BKMExpressLiteSDK

func leak(_ input: BKMExpress.CardNumberInput) -> String {
    input.displayText
}
