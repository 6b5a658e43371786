import Foundation

/// The request line and headers of an HTTP/1.1 request, as the parser read them.
package struct HTTPRequestHead: Sendable {
    package var method: String
    package var target: String
    package var version: String
    /// Header names lowercased, in arrival order; repeated headers stay separate.
    package var headers: [(name: String, value: String)]

    package func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    package func headers(_ name: String) -> [String] {
        headers.filter { $0.name == name }.map(\.value)
    }

    /// HTTP/1.1 persists unless the client says `Connection: close`; HTTP/1.0 closes unless it asks
    /// for keep-alive (RFC 9112 §9.3).
    package var keepsAlive: Bool {
        let tokens = headers("connection").flatMap { $0.lowercased().split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if version == "HTTP/1.1" { return !tokens.contains("close") }
        return tokens.contains("keep-alive")
    }
}
