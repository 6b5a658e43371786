// Hand-written: the manual's promise that the phone number never appears in error text. The
// server's answer can repeat the number it was sent; the spec cannot say which texts might.
import Foundation
import SpecsmithRuntime

extension BKMExpress.Failure {
    /// This failure with `gsm` masked in every text it holds.
    func keepingFacts(hiding gsm: String) -> Self {
        guard !gsm.isEmpty else { return self }
        var failure = self
        let masked = BKMExpress.PhoneNumberMasking.masked(gsm)
        failure.message = failure.message.replacingOccurrences(of: gsm, with: masked)
        failure.detail = failure.detail.replacingOccurrences(of: gsm, with: masked)
        return failure
    }
}
