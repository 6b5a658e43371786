@_spi(Generated) import SpecsmithRuntime

/// One endpoint with what the rest of the spec says about it.
public struct ResolvedEndpoint: Sendable {
    public let endpoint: Endpoint
    /// The host it is on: its own, or the service's first.
    public let host: String
    /// What it sends to prove who calls, in the order of its auth list.
    public let credentials: [Credential]
    /// The response field that carries a session token this endpoint issues.
    public let issuedSessionField: String?
    /// Wire paths of the sensitive values in its request body.
    public let sensitiveRequestPaths: [String]
    /// Wire paths of the sensitive values in its response body, the envelope's data field included.
    public let sensitiveResponsePaths: [String]
    /// Wire paths of the sensitive values of a declared error body (the spec's error `body` type),
    /// which arrives whole: a `402` that embeds the payment carries its secrets too.
    public let sensitiveErrorPaths: [String]
    /// The headers among the endpoint's parameters whose values are sensitive by their type.
    public let sensitiveHeaders: [String]
    /// The path and query parameters whose values are sensitive by their type.
    public let sensitiveParameters: [String]
    /// The wire names of the request body's files, which a multipart body sends as file parts.
    public let fileFields: [String]

    init(_ endpoint: Endpoint, in spec: Spec) {
        self.endpoint = endpoint
        host = endpoint.host.isEmpty ? spec.service.hosts.first?.name ?? "" : endpoint.host
        var issued: String?
        for scheme in spec.service.authSchemes {
            if case let .sessionToken(issuedBy, tokenField, _) = scheme.kind, issuedBy == endpoint.name {
                issued = tokenField
            }
        }
        issuedSessionField = issued
        let names = endpoint.auth?.map { ($0.name, $0.optional) } ?? spec.service.defaultAuth.map { ($0, false) }
        credentials = names.compactMap { name, optional in
            guard let scheme = spec.service.authSchemes.first(where: { $0.name == name }) else { return nil }
            // An endpoint that issues a session cannot need one.
            if case .sessionToken = scheme.kind, issued != nil { return nil }
            return Credential(scheme: scheme.name, requirement: scheme.requirement(optional: optional))
        }
        let paths = SensitivePaths(spec: spec)
        sensitiveRequestPaths = endpoint.request.map { paths.in($0, prefix: "") } ?? []
        sensitiveResponsePaths =
            endpoint.response.map { paths.in($0, prefix: spec.service.envelope.dataField ?? "") } ?? []
        sensitiveErrorPaths = spec.service.errorBody.map { paths.in(.named($0.name), prefix: "") } ?? []
        sensitiveHeaders = endpoint.parameters.filter { $0.location == .header && spec.isSensitive($0.type) }
            .map(\.wireName)
        // A list parameter (`?cards=…&cards=…`) is sensitive when its elements are.
        sensitiveParameters = endpoint.parameters.filter { parameter in
            guard parameter.location != .header else { return false }
            if case let .array(element) = parameter.type.unwrapped { return spec.isSensitive(element) }
            return spec.isSensitive(parameter.type)
        }.map(\.wireName)
        var files: [String] = []
        if endpoint.requestMediaType == "multipart/form-data", case let .named(name)? = endpoint.request?.unwrapped,
            case let .structure(decl)? = spec.type(named: name)?.kind
        {
            files = decl.fields.filter { $0.type.holdsFile }.map(\.wireName)
        }
        fileFields = files
    }
}

/// A parameter of a generated client's initialiser that carries one app key.
public struct KeyParameter: Sendable, Equatable {
    /// The parameter's label: `appKey` for the app client's first scheme, else the scheme's name.
    public let label: String
    /// The header the key travels in.
    public let header: String
    /// The scheme's documentation.
    public let doc: String
    /// Whether the key is a user-id and password (HTTP Basic) rather than one string.
    public var isBasic = false
}

/// A credential an endpoint sends: its scheme's name in the spec and the runtime's own
/// requirement, which generated code hands to the runtime as it is.
public struct Credential: Sendable, Equatable {
    /// The auth scheme's name in the spec.
    public let scheme: String
    /// The header it travels in and, for a session, the prefix before the token.
    public let requirement: AuthRequirement

    /// The header the credential travels in, or `?name` for a key in the query.
    public var header: String {
        requirement.header ?? requirement.keyName ?? ""
    }

    /// Whether it is the session token an issuing endpoint returned.
    public var isSession: Bool {
        if case .session = requirement.unwrappedOptional { true } else { false }
    }
}
