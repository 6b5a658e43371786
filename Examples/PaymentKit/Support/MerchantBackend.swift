// The merchant's backend, as small as it can be: it creates payments at the gateway with the
// generated client and its merchant key, and answers the app's status reads on apiBaseURL.
import ExampleNarration
import Foundation
import PaymentKit
import PaymentKitBackend
import PaymentKitMock
import SpecsmithMock
import SpecsmithRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A loopback service with two routes: `POST /v1/orders` (the app asks to pay an order) and
/// `GET /v1/payments/{payment_id}/status` (the spec's `paymentStatus`, read from the gateway).
public final class MerchantBackend: Sendable {
    let server: MockHTTPServer
    let gateway: PaymentKitAPI.BackendClient

    public var baseURL: URL { server.baseURL }

    private init(server: MockHTTPServer, gateway: PaymentKitAPI.BackendClient) {
        self.server = server
        self.gateway = gateway
    }

    /// Starts the backend in front of the gateway at `gateway`.
    public static func start(gateway url: URL) async throws -> MerchantBackend {
        // snippet: gateway-client
        let gateway = PaymentKitAPI.BackendClient(
            environment: .custom(api: url, checkoutAPI: url, checkout: url),
            merchantKey: PaymentKitTestData.merchantKey)
        // snippet: end
        let server = try MockHTTPServer { request in await answer(request, gateway: gateway) }
        return MerchantBackend(server: server, gateway: gateway)
    }

    public func stop() async {
        await server.stop()
    }

    /// What the app does first: asks the backend for a payment for its order.
    public static func order(_ reference: String, amount: String, at backend: URL) async throws -> CardPaymentRequest {
        var request = URLRequest(url: backend.appendingPathComponent("v1/orders"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["order_reference": reference, "amount": amount])
        let (data, _) = try await URLSession.shared.data(for: request)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: String]
        guard let id = object?["payment_id"], let key = object?["verification_key"] else {
            throw ExampleError("the backend did not create a payment: \(String(decoding: data, as: UTF8.self))")
        }
        return CardPaymentRequest(paymentId: id, verificationKey: key)
    }

    private static func answer(_ request: MockRequest, gateway: PaymentKitAPI.BackendClient) async -> MockResponse {
        let parts = request.path.split(separator: "/").map(String.init)
        do {
            if request.method == "POST", parts == ["v1", "orders"] {
                // snippet: create-payment
                let body = try JSONSerialization.jsonObject(with: request.body) as? [String: String] ?? [:]
                let amount = try PaymentKitAPI.Amount(validating: Decimal(string: body["amount"] ?? "") ?? 0)
                let payment = try await gateway.createPayment(
                    .init(amount: amount, currency: .EUR, orderReference: body["order_reference"] ?? "ORDER"))
                return json([
                    "payment_id": payment.paymentID.rawValue, "verification_key": payment.verificationKey,
                ])
                // snippet: end
            }
            if request.method == "GET", parts.count == 4, parts[0] == "v1", parts[1] == "payments", parts[3] == "status"
            {
                let payment = try await gateway.payment(id: try .init(validating: parts[2]))
                let status = PaymentKitAPI.PaymentStatus(
                    paymentID: payment.paymentID, paymentState: payment.paymentState, orderNumber: payment.orderNumber)
                return MockResponse(status: 200, body: try JSONEncoder().encode(status))
            }
            return MockResponse(status: 404, body: Data(#"{"error":{"code":4040,"message":"not found"}}"#.utf8))
        } catch {
            let message = String(describing: error).replacingOccurrences(of: "\"", with: "'")
            return MockResponse(status: 502, body: Data(#"{"error":{"code":502,"message":"\#(message)"}}"#.utf8))
        }
    }

    private static func json(_ object: [String: String]) -> MockResponse {
        MockResponse(
            status: 200, body: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data())
    }
}
