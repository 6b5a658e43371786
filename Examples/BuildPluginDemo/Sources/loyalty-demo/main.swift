// Shows a client that SpecsmithBuildPlugin generated at build time, answering through a transport
// double so the demo needs no server: the request it builds and the typed value it decodes.
import Foundation
import LoyaltyAPI
import SpecsmithRuntime

// snippet: transport
/// Answers every request with one canned body and remembers what it was asked.
struct CannedTransport: HTTPTransport {
    func send(_ request: TransportRequest) async throws(TransportFailure) -> TransportResponse {
        print("→ \(request.method) \(request.url.absoluteString) (X-App-Key: \(request.header("X-App-Key") ?? "none"))")
        let body = #"{"member":"M000042","points":1250,"tier":"PLATINUM"}"#
        return TransportResponse(status: 200, headers: ["content-type": "application/json"], body: Data(body.utf8))
    }
}
// snippet: end

// snippet: client
let client = Loyalty.Client(environment: .production, transport: CannedTransport(), appKey: "demo-key")
// snippet: end
do {
    let balance = try await client.balance(member: Loyalty.MemberID("M000042"))
    print("← \(balance.summary), tier \(balance.tier)")
    guard case .unknown("PLATINUM") = balance.tier else {
        fatalError("an open enum must keep an unknown tier as .unknown")
    }
    print("✓ the unknown tier PLATINUM decoded as .unknown(\"PLATINUM\") instead of failing")
} catch {
    print("✗ \(error)")
    exit(1)
}
