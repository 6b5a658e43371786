import SpecsmithCore
import Testing

/// Headers a service pins for every call (`"headers": {"Stripe-Version": "2024-06-20"}`): lint takes
/// a header a client may set, and refuses what the client computes, what an endpoint also sends,
/// and what is not a header.
@Suite struct ConstantHeaderDiagnosticsTests {
    @Test func anAPIVersionAndAnAcceptArePinned() throws {
        let fixture = SpecFixture(
            serviceExtra: #", "headers": {"Stripe-Version": "2024-06-20", "Accept": "application/vnd.github+json"}"#)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
        let spec = try #require(SpecLoader.load(text: fixture.text, path: "Spec/shop.json").spec)
        #expect(spec.service.constantHeaders.map(\.name) == ["Stripe-Version", "Accept"])
    }

    @Test func anEndpointCannotSendAPinnedHeaderAgain() {
        SpecFixture(
            endpoints: #"""
                "ping": {"method": "GET", "path": "/ping",
                  "parameters": {»"version": {"in": "header", "wire": "stripe-version", "type": "string"}}}
                """#,
            serviceExtra: #", "headers": {"Stripe-Version": "2024-06-20"}"#
        ).expect("is the header Stripe-Version that the service sends on every call")
    }

    @Test func whatTheClientComputesCannotBePinned() {
        SpecFixture(serviceExtra: #", "headers": {»"Content-Type": "text/plain"}"#).expect(
            "the client sets Content-Type itself")
    }

    @Test func aValueIsOneString() {
        SpecFixture(serviceExtra: #", "headers": {"X-Version": »3}"#).expect(
            "the value of header \"X-Version\" must be a string")
        SpecFixture(serviceExtra: #", "headers": {»"X Version": "3"}"#).expect("is not an HTTP header name")
    }
}
