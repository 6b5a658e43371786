// What an app's web view does with TDSInfo, without a web view: post the issuer's form and see where
// the page redirects (successUrl or failUrl). Examples only: an app shows `htmlForm` to the user.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers the issuer's 3-D Secure page and returns where it redirects.
public func completeThreeDSecure(at tdsURL: URL, approve: Bool) async throws -> URL? {
    var request = URLRequest(url: tdsURL)
    request.httpMethod = "POST"
    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data("result=\(approve ? "approve" : "deny")".utf8)
    let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let (_, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse, http.statusCode == 302 else { return nil }
    return (http.value(forHTTPHeaderField: "Location")).flatMap(URL.init(string:))
}

/// Stops at the redirect, as a web view's navigation delegate would, to read where it goes.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
