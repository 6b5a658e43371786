import Foundation
@_spi(Generated) import SpecsmithRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct NoFailure: ServiceFailure {
    var failure: ClientFailure
    init(_ failure: ClientFailure) { self.failure = failure }
}

/// The same request both ways against the same server, alternating in rounds so drift hits both:
/// through `ClientCore` (what generated methods call) on `URLSessionHTTPTransport`, and a bare
/// `URLSession.data(for:)` plus `JSONDecoder`. Prints the medians and their ratio.
func measureClient(url: URL, requests: Int) async {
    let base = url.deletingLastPathComponent()
    let core = ClientCore(
        baseURLs: ["api": base],
        envelope: WireEnvelope(dataField: "data", successMarker: .init(field: "result", value: "ok")),
        transport: URLSessionHTTPTransport(), retry: .never)
    let operation = WireOperation(
        name: "hello", method: "GET", host: "api", path: "/" + url.lastPathComponent, idempotent: true)
    struct Enveloped: Decodable {
        var data: Greeting
    }
    let clock = ContinuousClock()
    var generated: [Duration] = []
    var bare: [Duration] = []
    for round in 0..<(requests / 100) {
        for _ in 0..<100 {
            let start = clock.now
            let greeting: Greeting? = try? await core.send(operation, as: NoFailure.self)
            precondition(greeting?.count == 1, "generated-style call failed")
            generated.append(start.duration(to: clock.now))
            let bareStart = clock.now
            var request = URLRequest(url: url)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, _) = try! await URLSession.shared.data(for: request)
            let decoded = try! JSONDecoder().decode(Enveloped.self, from: data)
            precondition(decoded.data.count == 1)
            bare.append(bareStart.duration(to: clock.now))
        }
        _ = round
    }
    func median(_ values: [Duration]) -> Double {
        let sorted = values.sorted()
        let middle = sorted[sorted.count / 2]
        return Double(middle.components.attoseconds) / 1e12 + Double(middle.components.seconds) * 1e6
    }
    let generatedMedian = median(generated)
    let bareMedian = median(bare)
    print(
        String(
            format: "client generated-style median %.1f µs, bare URLSession median %.1f µs, ratio %.3f",
            generatedMedian, bareMedian, generatedMedian / bareMedian))
}
