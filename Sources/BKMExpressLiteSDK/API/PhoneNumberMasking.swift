// Hand-written: the manual's promise that the phone number never appears in error text, on every
// path, OTP calls included. The server's answer can repeat the number it was sent, and the spec
// cannot say which texts might. The generated OTP objects call the wire client directly, so the API
// layer cannot reword their failures: the middleware masks the number in error answers before any
// failure is made from them, and the API masks what a failure holds once more.
import Foundation
@_spi(Generated) import SpecsmithRuntime

extension BKMExpress {
    /// Masks `gsm` (as `500•••••04`) in the message of every error answer of a session.
    struct PhoneNumberMasking: TransportMiddleware {
        let gsm: String

        /// `gsm` as failure text shows it: the first three and last two digits.
        static func masked(_ gsm: String) -> String {
            String(gsm.prefix(3)) + String(repeating: "•", count: max(0, gsm.count - 5)) + String(gsm.suffix(2))
        }

        func intercept(
            _ request: TransportRequest, operation: WireOperation,
            next: @Sendable (TransportRequest) async throws(TransportFailure) -> TransportResponse
        ) async throws(TransportFailure) -> TransportResponse {
            var response = try await next(request)
            let field = BKMExpress.envelope.messageField
            guard !gsm.isEmpty, String(decoding: response.body, as: UTF8.self).contains(gsm),
                var answer = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any],
                let message = answer[field] as? String, message.contains(gsm)
            else { return response }
            answer[field] = message.replacingOccurrences(of: gsm, with: Self.masked(gsm))
            if let body = try? JSONSerialization.data(withJSONObject: answer) { response.body = body }
            return response
        }
    }
}

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
