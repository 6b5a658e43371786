@_spi(Generated) import SpecsmithRuntime

extension SpecReader {
    mutating func readService(_ node: JSONNode) -> Service? {
        guard var object = ObjectReader(node, what: "the service", diagnostics: &diagnostics) else { return nil }
        let name = object.requiredString("name", diagnostics: &diagnostics)
        let module = object.requiredString("module", diagnostics: &diagnostics)
        let mockModule = object.requiredString("mockModule", diagnostics: &diagnostics)
        let backendModule = object.string("backendModule", diagnostics: &diagnostics)?.0
        var clientIsPublic = true
        if let (access, at) = object.string("clientAccess", diagnostics: &diagnostics) {
            switch access {
            case "public": break
            case "package": clientIsPublic = false
            default:
                diagnostics.error(
                    "unknown client access \"\(access)\"", at: at,
                    note: "use \"public\" (the default) or \"package\" (the client is not part of the SDK's API)")
            }
        }
        if let (text, at) = object.string("wireNaming", diagnostics: &diagnostics) {
            if let naming = WireNaming(rawValue: text) {
                wireNaming = naming
            } else {
                diagnostics.error(
                    "unknown wire naming \"\(text)\"", at: at,
                    note: "use \"camelCase\" (the default: the wire name is the field's name) or \"snake_case\"")
            }
        }
        let doc = object.string("doc", diagnostics: &diagnostics)?.0 ?? ""
        let hosts = object.object("hosts", diagnostics: &diagnostics).map { readHosts($0) } ?? []
        if object.members.first(where: { $0.key == "hosts" }) == nil {
            diagnostics.error("the service is missing the required key \"hosts\"", at: node.location)
        }
        let environments = object.object("environments", diagnostics: &diagnostics).map { readEnvironments($0) } ?? []
        let auth = object.object("auth", diagnostics: &diagnostics).map { readAuth($0) } ?? []
        let defaultAuth = object.strings("defaultAuth", diagnostics: &diagnostics)?.map(\.0) ?? []
        let read = object.object("envelope", diagnostics: &diagnostics).flatMap { readEnvelope($0) }
        var messages: [String: String] = [:]
        if let messagesNode = object.object("messages", diagnostics: &diagnostics),
            var reader = ObjectReader(messagesNode, what: "the messages", diagnostics: &diagnostics)
        {
            for (key, _) in Service.messageKeys {
                if let (text, _) = reader.string(key, diagnostics: &diagnostics) { messages[key] = text }
            }
            reader.finish(diagnostics: &diagnostics, keys: &keysRead)
        }
        let privacy = object.value("privacy").map { readPrivacy($0) }
        let idempotency = object.object("idempotency", diagnostics: &diagnostics).map { readIdempotency($0) }
        let constantHeaders = object.object("headers", diagnostics: &diagnostics).map { readConstantHeaders($0) } ?? []
        var shouldRetryHeader: (String, SourcePosition)? = nil
        if let retryNode = object.object("retry", diagnostics: &diagnostics),
            var reader = ObjectReader(retryNode, what: "the retry rules", diagnostics: &diagnostics)
        {
            shouldRetryHeader = reader.string("shouldRetryHeader", diagnostics: &diagnostics)
            reader.finish(diagnostics: &diagnostics, keys: &keysRead)
        }
        var responseHeaders: [Parameter] = []
        for member in object.object("responseHeaders", diagnostics: &diagnostics)?.members ?? [] {
            if let header = readParameter(
                name: member.key, location: member.keyLocation, member.value, owner: "the service", fixedAt: .header)
            {
                responseHeaders.append(header)
            }
        }
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        guard let name, let module, let mockModule else { return nil }
        var service = Service(
            name: name.0, module: module.0, mockModule: mockModule.0, doc: doc, hosts: hosts,
            environments: environments, authSchemes: auth, defaultAuth: defaultAuth,
            envelope: read?.envelope
                ?? WireEnvelope(
                    dataField: nil, successMarker: nil, errorContainer: "error", codeField: "code",
                    messageField: "message", errorMarker: nil),
            messages: messages, backendModule: backendModule, location: node.location)
        service.clientIsPublic = clientIsPublic
        service.constantHeaders = constantHeaders
        service.shouldRetryHeader = shouldRetryHeader.map { (name: $0.0, location: $0.1) }
        service.responseHeaders = responseHeaders
        service.errorBody = read?.errorBody
        if let idempotency { service.idempotency = idempotency }
        if let privacy { service.privacy = privacy }
        return service
    }

    /// The service's `headers`: a name and the one string value sent with it on every call.
    private mutating func readConstantHeaders(_ node: JSONNode) -> [Service.ConstantHeader] {
        var seen: [String: SourcePosition] = [:]
        return namedObjects(node, what: "the service's headers").compactMap { name, location, value in
            guard case let .string(text) = value.value else {
                diagnostics.error(
                    "the value of header \"\(name)\" must be a string", at: value.location,
                    note: "write the value the client sends on every call, such as \"2024-06-20\"")
                return nil
            }
            if let first = seen[name.lowercased()] {
                diagnostics.error(
                    "header \"\(name)\" is written twice", at: location,
                    note: "header names ignore case; first written at \(first)")
                return nil
            }
            seen[name.lowercased()] = location
            return Service.ConstantHeader(name: name, value: text, location: location)
        }
    }

    /// The service's `idempotency`: the scope of a key, the header marking a replay, a key's lifetime.
    private mutating func readIdempotency(_ node: JSONNode) -> Service.IdempotencyRules {
        var rules = Service.IdempotencyRules()
        guard var object = ObjectReader(node, what: "the idempotency rules", diagnostics: &diagnostics) else {
            return rules
        }
        if let (text, at) = object.string("scope", diagnostics: &diagnostics) {
            if let scope = Service.IdempotencyRules.Scope(rawValue: text) {
                rules.scope = scope
            } else {
                diagnostics.error(
                    "unknown idempotency scope \"\(text)\"", at: at,
                    note: "use \"service\" (the default: a key names one request across the service) or \"operation\"")
            }
        }
        if let (header, at) = object.string("replayedHeader", diagnostics: &diagnostics) {
            if HTTPHeaderName.isToken(header) {
                rules.replayedHeader = header
            } else {
                diagnostics.error("\"\(header)\" is not an HTTP header name", at: at)
            }
        }
        if let (seconds, at) = object.int("keyLifetime", diagnostics: &diagnostics) {
            if seconds > 0 {
                rules.keyLifetime = Double(seconds)
            } else {
                diagnostics.error("keyLifetime must be a number of seconds above 0", at: at)
            }
        }
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        return rules
    }

    private mutating func readHosts(_ node: JSONNode) -> [Host] {
        namedObjects(node, what: "hosts").compactMap { name, location, value in
            guard var object = ObjectReader(value, what: "host \"\(name)\"", diagnostics: &diagnostics) else {
                return nil
            }
            let doc = object.string("doc", diagnostics: &diagnostics)?.0 ?? ""
            object.finish(diagnostics: &diagnostics, keys: &keysRead)
            return Host(name: name, doc: doc, location: location)
        }
    }

    private mutating func readEnvironments(_ node: JSONNode) -> [Environment] {
        namedObjects(node, what: "environments").compactMap { name, location, value in
            guard var object = ObjectReader(value, what: "environment \"\(name)\"", diagnostics: &diagnostics) else {
                return nil
            }
            let doc = object.string("doc", diagnostics: &diagnostics)?.0 ?? ""
            var urls: [(host: String, url: String, location: SourcePosition)] = []
            if let urlNode = object.object("urls", diagnostics: &diagnostics) {
                for member in urlNode.members ?? [] {
                    guard let text = member.value.string else {
                        diagnostics.error(
                            "the URL of host \"\(member.key)\" must be a string, not \(member.value.kindName)",
                            at: member.value.location)
                        continue
                    }
                    urls.append((member.key, text, member.keyLocation))
                }
            } else {
                diagnostics.error("environment \"\(name)\" is missing the required key \"urls\"", at: value.location)
            }
            object.finish(diagnostics: &diagnostics, keys: &keysRead)
            return Environment(name: name, doc: doc, urls: urls, location: location)
        }
    }

    private mutating func readAuth(_ node: JSONNode) -> [AuthScheme] {
        namedObjects(node, what: "auth").compactMap { name, location, value in
            guard var object = ObjectReader(value, what: "auth scheme \"\(name)\"", diagnostics: &diagnostics) else {
                return nil
            }
            let kindName = object.requiredString("kind", diagnostics: &diagnostics)
            // An app key travels in a header or in the query; a session token in a header. A scheme
            // of an unknown kind is reported once, for its kind, not for the keys that kind lacks.
            // HTTP Basic travels in `Authorization` after `Basic `, as RFC 7617 has it: nothing to name.
            let knownKind = kindName.map { ["appKey", "sessionToken", "basic"].contains($0.0) } ?? true
            let isBasic = kindName?.0 == "basic"
            let query = kindName?.0 == "appKey" ? object.string("query", diagnostics: &diagnostics) : nil
            let header =
                isBasic
                ? ("Authorization", location)
                : query == nil && knownKind
                    ? object.requiredString("header", diagnostics: &diagnostics)
                    : object.string("header", diagnostics: &diagnostics)
            if let query, header != nil {
                diagnostics.error(
                    "auth scheme \"\(name)\" names both a header and a query parameter", at: query.1,
                    note: "an app key travels in one of them")
            }
            let doc = object.string("doc", diagnostics: &diagnostics)?.0 ?? ""
            var keyPrefix = ""
            if kindName?.0 == "appKey", let prefix = object.string("prefix", diagnostics: &diagnostics) {
                keyPrefix = prefix.0
                if query != nil { diagnostics.error("an app key in the query has no prefix", at: prefix.1) }
            }
            var kind: AuthScheme.Kind?
            switch kindName {
            case ("sessionToken", _)?:
                let issuedBy = object.requiredString("issuedBy", diagnostics: &diagnostics)
                let tokenField = object.requiredString("tokenField", diagnostics: &diagnostics)
                let prefix = object.string("prefix", diagnostics: &diagnostics)?.0 ?? ""
                if let issuedBy, let tokenField {
                    kind = .sessionToken(issuedBy: issuedBy.0, tokenField: tokenField.0, prefix: prefix)
                }
            case ("appKey", _)?, ("basic", _)?:
                kind = .appKey
            case let (other, at)?:
                diagnostics.error(
                    "unknown auth kind \"\(other)\"", at: at, note: "use \"sessionToken\", \"appKey\" or \"basic\"")
            case nil:
                break
            }
            object.finish(diagnostics: &diagnostics, keys: &keysRead)
            guard let kind, header != nil || query != nil else { return nil }
            var scheme = AuthScheme(name: name, kind: kind, header: header?.0 ?? "", doc: doc, location: location)
            scheme.prefix = isBasic ? "Basic " : keyPrefix
            scheme.query = query?.0
            scheme.isBasic = isBasic
            return scheme
        }
    }

    private mutating func readEnvelope(
        _ node: JSONNode
    ) -> (envelope: WireEnvelope, errorBody: (name: String, location: SourcePosition)?)? {
        guard var object = ObjectReader(node, what: "the envelope", diagnostics: &diagnostics) else { return nil }
        var dataField: String?
        var successMarker: WireEnvelope.Marker?
        if let success = object.object("success", diagnostics: &diagnostics),
            var reader = ObjectReader(success, what: "the success envelope", diagnostics: &diagnostics)
        {
            dataField = reader.string("data", diagnostics: &diagnostics)?.0
            successMarker = marker(&reader)
            reader.finish(diagnostics: &diagnostics, keys: &keysRead)
        }
        var container: String?
        var code = "code"
        var message = "message"
        var errorMarker: WireEnvelope.Marker?
        var headers: [String] = []
        var body: (name: String, location: SourcePosition)?
        if let error = object.object("error", diagnostics: &diagnostics),
            var reader = ObjectReader(error, what: "the error envelope", diagnostics: &diagnostics)
        {
            container = reader.string("container", diagnostics: &diagnostics)?.0
            code = reader.string("code", diagnostics: &diagnostics)?.0 ?? code
            message = reader.string("message", diagnostics: &diagnostics)?.0 ?? message
            errorMarker = marker(&reader)
            headers = reader.strings("headers", diagnostics: &diagnostics)?.map(\.0) ?? []
            body = reader.string("body", diagnostics: &diagnostics).map { (name: $0.0, location: $0.1) }
            reader.finish(diagnostics: &diagnostics, keys: &keysRead)
        }
        object.finish(diagnostics: &diagnostics, keys: &keysRead)
        let envelope = WireEnvelope(
            dataField: dataField, successMarker: successMarker, errorContainer: container, codeField: code,
            messageField: message, errorMarker: errorMarker, errorHeaders: headers)
        return (envelope, body)
    }

    private mutating func marker(_ reader: inout ObjectReader) -> WireEnvelope.Marker? {
        guard let node = reader.object("marker", diagnostics: &diagnostics), let members = node.members else {
            return nil
        }
        let value: WireEnvelope.Marker.Value? =
            switch members.first?.value.value {
            case let .string(text)?: .text(text)
            case let .bool(flag)?: .flag(flag)
            default: nil
            }
        guard members.count == 1, let only = members.first, let value else {
            diagnostics.error(
                "a marker must be an object with exactly one member, a string or true or false", at: node.location,
                note: "for example {\"result\": \"ok\"} or {\"ok\": true}")
            return nil
        }
        return WireEnvelope.Marker(field: only.key, value: value)
    }
}
