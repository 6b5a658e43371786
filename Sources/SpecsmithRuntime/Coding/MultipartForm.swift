import Foundation

/// `multipart/form-data` bodies (RFC 7578): a body's files as file parts, with their file name and
/// media type, and its other members as text parts named as a form names them (`metadata[k]`,
/// `tags[]`). The client writes a request this way; the mock reads one back part by part.
package enum MultipartForm {
    /// The media type, without the boundary the `Content-Type` adds.
    package static let mediaType = "multipart/form-data"

    /// What one part holds.
    package enum Content: Sendable, Equatable {
        /// A field's text.
        case text(String)
        /// A file.
        case file(FilePart)
    }

    /// One part: the name its `Content-Disposition` gives and what it holds.
    package struct Part: Sendable, Equatable {
        package var name: String
        package var content: Content

        package init(name: String, content: Content) {
            self.name = name
            self.content = content
        }

        /// Whether `bytes` occur in the part's name or content.
        package func holds(_ bytes: Data) -> Bool {
            switch content {
            case let .text(text): Data((name + "\n" + text).utf8).range(of: bytes) != nil
            case let .file(file):
                Data((name + "\n" + file.fileName).utf8).range(of: bytes) != nil || file.data.range(of: bytes) != nil
            }
        }
    }

    /// The body of `value`'s wire members, those named in `files` as file parts (a list of files
    /// as one part each, named `name[]`), with the `Content-Type` that names its boundary.
    /// - Throws: What encoding `value` throws, or `invalidValue` for a file member that holds no file.
    package static func encode<Value: Encodable>(
        _ value: Value, files: Set<String>
    ) throws -> (body: Data, contentType: String) {
        let tree = try WireCoding.decode(JSONValue.self, from: WireCoding.encode(value))
        var parts = FormEncoding.fields(of: tree, skipping: files).map { Part(name: $0.0, content: .text($0.1)) }
        if case let .object(members) = tree {
            for name in members.keys.sorted() where files.contains(name) {
                switch members[name]! {
                case .null: continue
                case let .array(items):
                    for item in items { parts.append(Part(name: name + "[]", content: .file(try file(item, name)))) }
                case let item:
                    parts.append(Part(name: name, content: .file(try file(item, name))))
                }
            }
        }
        // A boundary must not occur in what it bounds: a file that holds this one gets another.
        var boundary = makeBoundary()
        while parts.contains(where: { $0.holds(Data(boundary.utf8)) }) { boundary = makeBoundary() }
        return (write(parts, boundary: boundary), "\(mediaType); boundary=\(boundary)")
    }

    private static func file(_ json: JSONValue, _ name: String) throws -> FilePart {
        guard case let .object(members) = json, case let .string(base64)? = members["data"],
            let data = Data(base64Encoded: base64), case let .string(fileName)? = members["fileName"]
        else {
            throw EncodingError.invalidValue(
                json, .init(codingPath: [], debugDescription: "the member \(name) holds no file"))
        }
        guard case let .string(contentType)? = members["contentType"] else {
            return FilePart(data: data, fileName: fileName)
        }
        return FilePart(data: data, fileName: fileName, contentType: contentType)
    }

    private static func makeBoundary() -> String {
        "specsmith-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The bytes of `parts` between `boundary` delimiters.
    package static func write(_ parts: [Part], boundary: String) -> Data {
        var body = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(part.name))\""
            switch part.content {
            case let .text(text):
                body.append(contentsOf: (head + "\r\n\r\n").utf8)
                body.append(contentsOf: text.utf8)
            case let .file(file):
                head += "; filename=\"\(quoted(file.fileName))\"\r\nContent-Type: \(file.contentType)\r\n\r\n"
                body.append(contentsOf: head.utf8)
                body.append(file.data)
            }
            body.append(contentsOf: "\r\n".utf8)
        }
        body.append(contentsOf: "--\(boundary)--\r\n".utf8)
        return body
    }

    /// A name or file name inside quotes, as HTML forms write one: `"`, CR and LF percent-encoded.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func unquoted(_ text: String) -> String {
        text.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%0A", with: "\n")
    }

    /// The boundary a `Content-Type` of this media type names; `nil` for another media type or a
    /// boundary RFC 2046 does not allow (empty, or longer than 70 characters).
    package static func boundary(in contentType: String) -> String? {
        let parameters = parameters(of: contentType)
        guard parameters.first?.name.lowercased() == mediaType else { return nil }
        guard let value = parameters.dropFirst().first(where: { $0.name.lowercased() == "boundary" })?.value else {
            return nil
        }
        return (1...70).contains(value.utf8.count) ? value : nil
    }

    /// The parts of `body`, in order; `nil` when it is not a multipart body with this boundary
    /// (no closing delimiter, a part without a `form-data` name, a head that is not text).
    package static func parts(of body: Data, boundary: String) -> [Part]? {
        let delimiter = Data(("\r\n--" + boundary).utf8)
        // The first delimiter may open the body; a CRLF before it lets one search find them all.
        var rest = Data("\r\n".utf8) + body
        guard let first = rest.range(of: delimiter) else { return nil }
        rest = rest[first.upperBound...]
        var parts: [Part] = []
        while true {
            if rest.starts(with: Data("--".utf8)) { return parts }
            // After a delimiter: optional spaces, then the CRLF that ends its line.
            let afterSpaces = rest.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard afterSpaces.starts(with: Data("\r\n".utf8)) else { return nil }
            // The part starts after that CRLF, and so does the search for the delimiter that ends it.
            let start = afterSpaces.index(afterSpaces.startIndex, offsetBy: 2)
            guard let end = rest.range(of: delimiter, in: start..<rest.endIndex) else { return nil }
            let segment = rest[start..<end.lowerBound]
            guard let part = part(in: Data(segment)) else { return nil }
            parts.append(part)
            rest = rest[end.upperBound...]
        }
    }

    /// One part's head and content.
    private static func part(in segment: Data) -> Part? {
        let headEnd: Range<Data.Index>
        if segment.starts(with: Data("\r\n".utf8)) {
            headEnd = segment.startIndex..<segment.startIndex + 2
        } else if let found = segment.range(of: Data("\r\n\r\n".utf8)) {
            headEnd = found
        } else {
            return nil
        }
        guard let head = String(data: segment[..<headEnd.lowerBound], encoding: .utf8) else { return nil }
        let content = Data(segment[headEnd.upperBound...])
        var name: String?
        var fileName: String?
        var contentType = "application/octet-stream"
        for line in head.components(separatedBy: "\r\n") where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if field == "content-type" {
                contentType = value
            } else if field == "content-disposition" {
                let parameters = Self.parameters(of: value)
                guard parameters.first?.name.lowercased() == "form-data" else { return nil }
                name = parameters.first { $0.name.lowercased() == "name" }?.value.map(unquoted)
                fileName = parameters.first { $0.name.lowercased() == "filename" }?.value.map(unquoted)
            }
        }
        guard let name, !name.isEmpty else { return nil }
        if let fileName {
            return Part(
                name: name, content: .file(FilePart(data: content, fileName: fileName, contentType: contentType)))
        }
        guard let text = String(data: content, encoding: .utf8) else { return nil }
        return Part(name: name, content: .text(text))
    }

    /// The `;`-separated items of a header value, each a name with an optional value (quotes
    /// removed); a `;` inside quotes does not separate.
    private static func parameters(of value: String) -> [(name: String, value: String?)] {
        HeaderValueList.split(value, at: ";").map { item in
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { return (pair.first ?? "", nil) }
            var text = pair[1]
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
                text = String(text.dropFirst().dropLast())
            }
            return (pair[0], text)
        }
    }
}
