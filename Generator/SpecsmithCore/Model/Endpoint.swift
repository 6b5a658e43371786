import SpecsmithRuntime

/// One operation of the service.
public struct Endpoint: Sendable {
    /// The methods a spec may give an endpoint, in the runtime's own type.
    public static let methods: [RequestMethod] = [.get, .post, .put, .patch, .delete]

    public var name: String
    public var doc: String
    public var method: RequestMethod
    public var host: String
    public var hostLocation: SourcePosition
    public var path: String
    public var pathLocation: SourcePosition
    public var parameters: [Parameter]
    public var request: TypeRef?
    public var requestLocation: SourcePosition
    public var response: TypeRef?
    public var responseLocation: SourcePosition
    /// The status a success answers with: 200 unless the spec says 201, 202, 203 or 204.
    public var successStatus: Int = 200
    /// Where the spec says `status`, for lint to point at.
    public var successStatusLocation: SourcePosition? = nil
    /// The response headers the endpoint declares (`Location`, `ETag`, `Link`), typed: each a
    /// header ``Parameter`` whose name is its Swift property.
    public var responseHeaders: [Parameter] = []
    /// Wire names of the error codes this operation documents.
    public var errors: [(name: String, location: SourcePosition)]
    /// Safe to retry: the generated client may repeat it after a transport failure.
    public var idempotent: Bool
    /// The header of the idempotency key the client makes per call (`Idempotency-Key`), so a
    /// non-idempotent operation may be repeated after a lost answer and the mock replays its answer.
    public var idempotencyKey: String? = nil
    /// Where the spec says `idempotencyKey`, for lint to point at.
    public var idempotencyKeyLocation: SourcePosition? = nil
    /// The media type the request body travels in (`contentType`): JSON unless the spec says
    /// otherwise (a form, multipart, bytes or text).
    public var requestMediaType = "application/json"
    /// Where the spec says `contentType`, for lint to point at.
    public var requestMediaTypeLocation: SourcePosition? = nil

    /// The request media types the format can say, the default first.
    public static let requestMediaTypes = [
        "application/json", "application/x-www-form-urlencoded", "multipart/form-data", "application/octet-stream",
        "text/plain",
    ]
    /// The media types a body travels in as it is: bytes and text.
    public static let rawMediaTypes = ["application/octet-stream", "text/plain"]
    /// The media types a success body may travel in other than JSON (`responseContentType`).
    public static let responseMediaTypes = rawMediaTypes + ["application/x-www-form-urlencoded"]
    /// The media type of a success body that is not JSON: bytes or text as they are, or a form.
    public var responseMediaType: String? = nil
    /// Where the spec says `responseContentType`, for lint to point at.
    public var responseMediaTypeLocation: SourcePosition? = nil
    /// A conditional GET (`notModified`): `304 Not Modified` is an outcome, not a failure; the
    /// method returns a `Conditional` of what it would return.
    public var answersNotModified = false
    /// Where the spec says `notModified`, for lint to point at.
    public var notModifiedLocation: SourcePosition? = nil
    /// How the service pages the collection this endpoint answers, if it does.
    public var pagination: Pagination? = nil
    /// Called by a backend with a credential an app must never hold: generated into the backend
    /// client (``Service/backendModule``), never into the app's.
    public var backendOnly: Bool
    /// Auth scheme names; `nil` means the service's default. An optional one (`"token?"`) is sent
    /// when the client has its credential, and the call goes anonymously when it does not.
    public var auth: [(name: String, location: SourcePosition, optional: Bool)]?
    public var examples: [Example]
    public var deprecated: String?
    public var location: SourcePosition

    /// The endpoint declares no response headers of its own, only the service's: its reply
    /// shares the service's headers type.
    public var sharesServiceHeaders = false

    /// The type that holds the service's response headers, for the endpoints that add none.
    public static let serviceHeadersTypeName = "ServiceHeaders"

    /// The type that holds the declared response headers: `CreateIssueHeaders` for `createIssue`,
    /// ``serviceHeadersTypeName`` for an endpoint that has only the service's.
    public var responseHeadersTypeName: String {
        sharesServiceHeaders
            ? Self.serviceHeadersTypeName : name.prefix(1).uppercased() + name.dropFirst() + "Headers"
    }

    /// The names of the `{params}` in the path template, in order.
    public var pathTemplateNames: [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            names.append(String(rest[afterOpen..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

/// How a service pages a collection: the client iterates the pages and their items, and the mock
/// cuts the handler's whole collection into the same pages.
public struct Pagination: Sendable {
    public enum Style: String, Sendable, CaseIterable {
        /// Page numbers, and a `Link: <…>; rel="next"` header to the next page (GitHub's style).
        case link
        /// An opaque cursor in the answer, sent back in a query parameter for the next page.
        case cursor
        /// Page numbers; the page after the last is empty.
        case page
        /// The next page starts after the last item: its id goes in the `cursor` query parameter,
        /// while the page's `hasMore` flag says more follow (Stripe's `starting_after`, `has_more`).
        case afterLast
        /// An item offset in the query, advanced by each page's items, until a page is empty.
        case offset
    }

    public var style: Style
    /// The page-number query parameter (`link` and `page`), by Swift name: `page` unless given.
    public var page: String?
    /// The page-size query parameter, if the service has one, by Swift name.
    public var size: String?
    /// The cursor query parameter (`cursor`), by Swift name.
    public var cursor: String?
    /// The response field with the next page's cursor (`cursor`), by Swift name.
    public var next: String?
    /// The response field that holds the page's items; `nil` when the response is the list.
    public var items: String?
    /// The item field whose value the next page starts after (`afterLast`), by Swift name.
    public var itemID: String? = nil
    /// The response's `bool` field that says more pages follow (`afterLast`), by Swift name.
    public var hasMore: String? = nil
    /// The item-offset query parameter (`offset`), by Swift name: `offset` unless given.
    public var offset: String? = nil
    public var location: SourcePosition

    /// The page-number parameter of a numbered style, `page` unless the spec names another.
    public var pageParameter: String? {
        switch style {
        case .link, .page: page ?? "page"
        case .cursor, .afterLast, .offset: nil
        }
    }

    /// The offset parameter of the `offset` style, `offset` unless the spec names another.
    public var offsetParameter: String? { style == .offset ? offset ?? "offset" : nil }

    /// The item field an `afterLast` page starts after: `id` unless the spec names another.
    public var itemIDField: String { itemID ?? "id" }
}

/// A path, query or header parameter.
public struct Parameter: Sendable {
    public enum Location: String, Sendable, CaseIterable {
        case path, query, header
    }

    public var name: String
    public var wireName: String
    public var location: Location
    public var type: TypeRef
    public var typeLocation: SourcePosition
    public var doc: String
    public var sourceLocation: SourcePosition
    /// How a query list travels: `true` repeats the name per element (`?a=1&a=2`), `false` joins
    /// the elements with commas (`?a=1,2`). `nil` when the spec does not say (repeated).
    public var explode: Bool? = nil
    /// Where the spec says `explode`, for lint to point at.
    public var explodeLocation: SourcePosition? = nil

    /// Whether a list in the query repeats its name per element.
    public var isExploded: Bool { explode ?? true }
}

/// A request/response pair: documentation, test input and the mock's default answer.
public struct Example: Sendable {
    public var name: String
    public var doc: String
    public var request: JSONNode?
    public var response: JSONNode?
    /// The wire name of the error the example answers with, instead of a response.
    public var error: String?
    public var location: SourcePosition
}
