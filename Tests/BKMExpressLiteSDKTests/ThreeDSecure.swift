import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers the mock issuer's 3-D Secure page as the user would, and reads where it redirects.
enum ThreeDSecure {
    static func post(_ url: URL, approve: Bool) async throws -> URL? {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data("result=\(approve ? "approve" : "deny")".utf8)
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        return (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Location").flatMap(URL.init(string:))
    }

    private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }
}
