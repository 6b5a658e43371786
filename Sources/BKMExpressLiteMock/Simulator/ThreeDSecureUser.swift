// Hand-written: what an app's web view and its user do with TDSInfo, without a web view — post the
// issuer's form and see where the page redirects. For tests and examples against this mock.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension BKMExpressMockServer {
    /// Answers the mock issuer's 3-D Secure page at `tdsURL` as the user would and returns where it
    /// redirects: the payment's `successUrl` or `failUrl`.
    public static func completeThreeDSecure(at tdsURL: URL, approve: Bool) async throws -> URL? {
        var request = URLRequest(url: tdsURL)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("result=\(approve ? "approve" : "deny")".utf8)
        let session = URLSession(configuration: .ephemeral, delegate: StopAtRedirect(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse, http.statusCode == 302 else { return nil }
        return http.value(forHTTPHeaderField: "Location").flatMap(URL.init(string:))
    }
}

/// Stops at the redirect, as a web view's navigation delegate would, to read where it goes.
private final class StopAtRedirect: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
