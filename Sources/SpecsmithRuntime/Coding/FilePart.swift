import Foundation

/// A file sent as one part of a `multipart/form-data` request (the spec's `file` type): its bytes,
/// the file name the server is told, and the media type of its content.
///
/// ```swift
/// let scan = FilePart(data: pdf, fileName: "passport.pdf", contentType: "application/pdf")
/// ```
///
/// Its `description` names the file and counts its bytes; the bytes themselves are never printed.
public struct FilePart: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file's content.
    public var data: Data
    /// The name the part's `Content-Disposition` gives (`passport.pdf`).
    public var fileName: String
    /// The part's `Content-Type`; `application/octet-stream` when the content has no better name.
    public var contentType: String

    /// A file of `data`, named `fileName`, of media type `contentType`.
    public init(data: Data, fileName: String, contentType: String = "application/octet-stream") {
        self.data = data
        self.fileName = fileName
        self.contentType = contentType
    }

    public var description: String {
        "FilePart(\(fileName.debugDescription), \(contentType), \(data.count) bytes)"
    }
}
