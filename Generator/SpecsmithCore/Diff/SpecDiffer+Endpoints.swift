import SpecsmithRuntime

/// Endpoints: added, removed, renamed, moved; their auth, parameters, bodies, idempotency and paging.
extension SpecDiffer {
    func endpointChanges() -> [SpecChange] {
        let endpoints = match(old.endpoints, new.endpoints, by: [wireKey, { $0.name }])
        var changes: [SpecChange] = []
        for (before, after) in endpoints.pairs { changes += endpointChanges(before, after) }
        for endpoint in endpoints.added {
            changes.append(
                SpecChange(
                    "endpoint.added", endpoint.name,
                    "Endpoint `\(endpoint.name)` (\(endpoint.method.rawValue) \(endpoint.path)) is added.",
                    wire: WireVerdict(
                        newClients: .potentially(
                            "an old server does not serve \(endpoint.method.rawValue) \(endpoint.path)")),
                    new: endpoint.location))
        }
        for endpoint in endpoints.removed {
            changes.append(
                SpecChange(
                    "endpoint.removed", endpoint.name,
                    "Endpoint `\(endpoint.name)` (\(endpoint.method.rawValue) \(endpoint.path)) is removed.",
                    wire: WireVerdict(
                        oldClients: .breaking(
                            "the new server no longer serves \(endpoint.method.rawValue) \(endpoint.path)")
                    ),
                    swift: .breaking("`\(endpoint.name)(…)` is gone"),
                    migration: "Stop calling `\(endpoint.name)(…)`.", old: endpoint.location))
        }
        return changes
    }

    /// Method and path, with path parameters unnamed: what the server routes by.
    private func wireKey(_ endpoint: Endpoint) -> String? {
        var path = ""
        var inParameter = false
        for character in endpoint.path {
            if character == "{" {
                inParameter = true
                path += "{}"
            } else if character == "}" {
                inParameter = false
            } else if !inParameter {
                path.append(character)
            }
        }
        return "\(endpoint.method.rawValue) \(endpoint.host) \(path)"
    }

    private func endpointChanges(_ before: Endpoint, _ after: Endpoint) -> [SpecChange] {
        var changes: [SpecChange] = []
        let name = after.name
        func change(
            _ kind: String, _ summary: String, wire: WireVerdict = .compatible, swift: Verdict = .compatible,
            migration: String = "", old: SourcePosition? = nil, new: SourcePosition? = nil
        ) {
            changes.append(
                SpecChange(
                    kind, name, summary, wire: wire, swift: swift, migration: migration, old: old ?? before.location,
                    new: new ?? after.location))
        }
        if before.name != after.name {
            change(
                "endpoint.renamed", "`\(before.name)(…)` is now `\(after.name)(…)`; the wire is unchanged.",
                swift: .breaking("`\(before.name)(…)` is gone"),
                migration: "Call `\(after.name)(…)` instead of `\(before.name)(…)`.")
        }
        if before.method != after.method || before.path != after.path, wireKey(before) != wireKey(after) {
            let from = "\(before.method.rawValue) \(before.path)"
            let to = "\(after.method.rawValue) \(after.path)"
            change(
                "endpoint.route.changed", "`\(name)` moves from \(from) to \(to).",
                wire: WireVerdict(
                    oldClients: .breaking("old clients call \(from), which the new server does not serve"),
                    newClients: .breaking("new clients call \(to), which an old server does not serve")),
                old: before.pathLocation, new: after.pathLocation)
        }
        if before.host != after.host {
            change(
                "endpoint.host.changed", "`\(name)` moves from host `\(before.host)` to `\(after.host)`.",
                wire: .breaking("each client calls the host its spec names"), old: before.hostLocation,
                new: after.hostLocation)
        }
        changes += authChanges(before, after)
        if before.backendOnly != after.backendOnly {
            change(
                "endpoint.backendOnly.changed",
                after.backendOnly
                    ? "`\(name)` moves to the backend client: an app can no longer call it."
                    : "`\(name)` moves from the backend client to the app's client.",
                swift: .breaking("`\(name)(…)` is on another client, in another module, now"),
                migration: after.backendOnly
                    ? "Call `\(name)(…)` from your backend, with `BackendClient`."
                    : "Call `\(name)(…)` on the app's client instead of `BackendClient`.")
        }
        changes += bodyChanges(before, after)
        changes += parameterChanges(before, after)
        if before.successStatus != after.successStatus {
            change(
                "endpoint.status.changed",
                "`\(name)` answers \(after.successStatus) instead of \(before.successStatus).",
                wire: WireVerdict(
                    oldClients: .potentially("old clients expect \(before.successStatus)"),
                    newClients: .potentially("new clients expect \(after.successStatus)")))
        }
        changes += behaviourChanges(before, after)
        changes += documentedErrorChanges(before, after)
        if before.deprecated == nil, let message = after.deprecated {
            change(
                "endpoint.deprecated", "`\(name)(…)` is deprecated: \(message)",
                swift: .compatible, migration: "Move off `\(name)(…)`: \(message)")
        }
        return changes
    }

    /// The schemes an endpoint sends, each with whether it may go without.
    private func effectiveAuth(_ endpoint: Endpoint, in spec: Spec) -> [String: Bool] {
        guard let auth = endpoint.auth else {
            return Dictionary(spec.service.defaultAuth.map { ($0, false) }, uniquingKeysWith: { $1 })
        }
        return Dictionary(auth.map { ($0.name, $0.optional) }, uniquingKeysWith: { $1 })
    }

    private func authChanges(_ before: Endpoint, _ after: Endpoint) -> [SpecChange] {
        // A scheme renamed with its wire kept reads under its new name, so only real changes show.
        let renames = Dictionary(
            matchSchemes().pairs.map { ($0.old.name, $0.new.name) }, uniquingKeysWith: { first, _ in first })
        let was = Dictionary(
            effectiveAuth(before, in: old).map { (renames[$0.key] ?? $0.key, $0.value) }, uniquingKeysWith: { $1 })
        let now = effectiveAuth(after, in: new)
        var changes: [SpecChange] = []
        for (scheme, optional) in now.sorted(by: { $0.key < $1.key }) {
            let required = !optional
            if let previous = was[scheme] {
                if previous, required {
                    changes.append(
                        SpecChange(
                            "endpoint.auth.required", after.name, "`\(after.name)` requires `\(scheme)` now.",
                            wire: WireVerdict(oldClients: .breaking("old clients call it without `\(scheme)`")),
                            old: before.location, new: after.location))
                } else if !previous, !required {
                    changes.append(
                        SpecChange(
                            "endpoint.auth.optional", after.name, "`\(after.name)` may go without `\(scheme)` now.",
                            wire: WireVerdict(
                                newClients: .potentially(
                                    "new clients may call it without `\(scheme)`, which an old server refuses")),
                            old: before.location, new: after.location))
                }
            } else {
                changes.append(
                    SpecChange(
                        "endpoint.auth.added", after.name,
                        "`\(after.name)` sends `\(scheme)`\(required ? "" : " when it has one").",
                        wire: WireVerdict(
                            oldClients: required ? .breaking("old clients call it without `\(scheme)`") : .compatible),
                        old: before.location, new: after.location))
            }
        }
        for (scheme, optional) in was.sorted(by: { $0.key < $1.key }) where now[scheme] == nil {
            changes.append(
                SpecChange(
                    "endpoint.auth.removed", after.name, "`\(after.name)` no longer sends `\(scheme)`.",
                    wire: WireVerdict(
                        newClients: optional
                            ? .compatible
                            : .breaking("new clients call it without `\(scheme)`, which an old server requires")),
                    old: before.location, new: after.location))
        }
        return changes
    }

    private func bodyChanges(_ before: Endpoint, _ after: Endpoint) -> [SpecChange] {
        var changes: [SpecChange] = []
        for (label, was, now, oldAt, newAt) in [
            ("request", before.request, after.request, before.requestLocation, after.requestLocation),
            ("response", before.response, after.response, before.responseLocation, after.responseLocation),
        ] {
            let renamedWas = was.map(renamed)
            guard renamedWas != now else { continue }
            let from = was.map { "`\($0)`" } ?? "none"
            let to = now.map { "`\($0)`" } ?? "none"
            let sameWire = was.flatMap { was in now.map { wireShapesMatch(was, $0) } } ?? false
            changes.append(
                SpecChange(
                    "endpoint.\(label).changed", after.name,
                    "The \(label) of `\(after.name)` is \(to) instead of \(from).",
                    wire: sameWire ? .compatible : .breaking("the \(label) body has another shape"),
                    swift: .breaking(
                        label == "request"
                            ? "`\(after.name)(…)` takes another request type"
                            : "`\(after.name)(…)` returns another type"),
                    migration: "Adapt your calls of `\(after.name)(…)` to \(to).", old: oldAt, new: newAt))
        }
        return changes
    }

    private func parameterChanges(_ before: Endpoint, _ after: Endpoint) -> [SpecChange] {
        let parameters = match(
            before.parameters, after.parameters, by: [{ "\($0.location.rawValue) \($0.wireName)" }, { $0.name }])
        let method = "`\(after.name)(…)`"
        var changes: [SpecChange] = []
        func change(
            _ kind: String, _ subject: String, _ summary: String, wire: WireVerdict = .compatible,
            swift: Verdict = .compatible, migration: String = "", old: SourcePosition? = nil, new: SourcePosition? = nil
        ) {
            changes.append(
                SpecChange(
                    kind, "\(after.name)(\(subject):)", summary, wire: wire, swift: swift, migration: migration,
                    old: old,
                    new: new))
        }
        for parameter in parameters.added {
            let required = !parameter.type.isOptional
            change(
                "parameter.added", parameter.name,
                "\(method) takes \(required ? "a required" : "an optional") \(parameter.location.rawValue) parameter `\(parameter.name)`.",
                wire: WireVerdict(
                    oldClients: required ? .breaking("old clients do not send `\(parameter.wireName)`") : .compatible),
                swift: required
                    ? .breaking("every call of \(method) lacks the argument `\(parameter.name):`") : .compatible,
                migration: required ? "Pass `\(parameter.name):` to \(method)." : "", new: parameter.sourceLocation)
        }
        for parameter in parameters.removed {
            let required = !parameter.type.isOptional
            change(
                "parameter.removed", parameter.name, "\(method) no longer takes `\(parameter.name)`.",
                wire: WireVerdict(
                    newClients: required
                        ? .breaking("new clients do not send `\(parameter.wireName)`, which an old server requires")
                        : .compatible),
                swift: .breaking("calls of \(method) that pass `\(parameter.name):` no longer compile"),
                migration: "Stop passing `\(parameter.name):` to \(method).", old: parameter.sourceLocation)
        }
        for (was, now) in parameters.pairs {
            let at = (old: was.sourceLocation, new: now.sourceLocation)
            if was.name != now.name {
                change(
                    "parameter.renamed", was.name, "\(method) calls its `\(was.name)` argument `\(now.name)` now.",
                    swift: .breaking("the argument label `\(was.name):` is gone"),
                    migration: "Write `\(now.name):` instead of `\(was.name):` in calls of \(method).", old: at.old,
                    new: at.new)
            }
            if was.wireName != now.wireName || was.location != now.location {
                change(
                    "parameter.wire.renamed", now.name,
                    "\(method) sends `\(now.name)` as \(now.location.rawValue) `\(now.wireName)` instead of \(was.location.rawValue) `\(was.wireName)`.",
                    wire: .breaking("each side looks for the value under its own name"), old: at.old, new: at.new)
            }
            let (wasType, nowType) = (renamed(was.type), now.type)
            if wasType.unwrapped != nowType.unwrapped {
                change(
                    "parameter.type.changed", now.name,
                    "`\(now.name)` of \(method) is `\(now.type)` instead of `\(was.type)`.",
                    wire: wireShapesMatch(was.type.unwrapped, now.type.unwrapped)
                        ? .compatible : .breaking("the value is spelled differently"),
                    swift: .breaking("arguments of the old type no longer compile"),
                    migration: "Pass a `\(now.type.unwrapped)` as `\(now.name):`.", old: at.old, new: at.new)
            } else if wasType.isOptional, !nowType.isOptional {
                change(
                    "parameter.required", now.name, "`\(now.name)` of \(method) is required now.",
                    wire: WireVerdict(oldClients: .breaking("old clients may call it without `\(now.wireName)`")),
                    swift: .breaking("calls that leave out `\(now.name):` or pass an optional no longer compile"),
                    migration: "Always pass `\(now.name):` to \(method).", old: at.old, new: at.new)
            } else if !wasType.isOptional, nowType.isOptional {
                change(
                    "parameter.optional", now.name, "`\(now.name)` of \(method) is optional now.",
                    wire: WireVerdict(
                        newClients: .breaking(
                            "new clients may leave out `\(now.wireName)`, which an old server requires")),
                    old: at.old, new: at.new)
            }
        }
        return changes
    }

    private func behaviourChanges(_ before: Endpoint, _ after: Endpoint) -> [SpecChange] {
        var changes: [SpecChange] = []
        let name = after.name
        if before.idempotent != after.idempotent {
            changes.append(
                SpecChange(
                    "endpoint.idempotent.changed", name,
                    after.idempotent
                        ? "`\(name)` is idempotent now: the client retries it after a transport failure."
                        : "`\(name)` is no longer idempotent: the client does not retry it.",
                    wire: after.idempotent
                        ? WireVerdict(
                            newClients: .potentially("new clients repeat calls an old server may not treat as repeats"))
                        : .compatible,
                    swift: after.idempotent
                        ? .compatible : .potentially("failures that a retry used to hide reach the app"),
                    migration: after.idempotent
                        ? "" : "Be ready to retry `\(name)(…)` yourself after a transport failure.",
                    old: before.location, new: after.location))
        }
        if before.idempotencyKey != after.idempotencyKey {
            let summary: String
            var wire = WireVerdict.compatible
            switch (before.idempotencyKey, after.idempotencyKey) {
            case (nil, let header?):
                summary = "`\(name)` sends an idempotency key in `\(header)` now."
                wire.oldClients = .potentially("old clients send no key; a server that demands one refuses them")
            case (let header?, nil):
                summary = "`\(name)` no longer sends an idempotency key in `\(header)`."
                wire.newClients = .potentially("a repeated call is no longer recognised as a repeat")
            case let (was?, now?):
                summary = "`\(name)` sends its idempotency key in `\(now)` instead of `\(was)`."
                wire = .breaking("the key is sent in a header the other side does not read")
            case (nil, nil):
                summary = ""
            }
            changes.append(
                SpecChange(
                    "endpoint.idempotencyKey.changed", name, summary, wire: wire,
                    old: before.idempotencyKeyLocation ?? before.location,
                    new: after.idempotencyKeyLocation ?? after.location))
        }
        if before.answersNotModified != after.answersNotModified {
            let now = after.answersNotModified
            changes.append(
                SpecChange(
                    "endpoint.notModified.changed", name,
                    now
                        ? "`\(name)` answers 304 Not Modified as an outcome now."
                        : "`\(name)` no longer answers 304 Not Modified as an outcome.",
                    wire: now
                        ? WireVerdict(oldClients: .potentially("old clients read a 304 as a failed call"))
                        : WireVerdict(newClients: .potentially("new clients read a 304 as a failed call")),
                    swift: .init(
                        .breaking,
                        "the method returns \(now ? "a `Conditional` of" : "no `Conditional` around") what it returned"),
                    migration: now
                        ? "Read `\(name)(…)`'s answer with `.value`, or switch over `.modified` and `.notModified`."
                        : "Use `\(name)(…)`'s answer itself where you read `.value`.",
                    old: before.notModifiedLocation ?? before.location, new: after.notModifiedLocation ?? after.location
                ))
        }
        if before.requestMediaType != after.requestMediaType, before.request != nil, after.request != nil {
            changes.append(
                SpecChange(
                    "endpoint.contentType.changed", name,
                    "`\(name)` sends its body as \(after.requestMediaType) instead of \(before.requestMediaType).",
                    wire: .breaking("the body is written in a media type the other side does not read"),
                    old: before.requestMediaTypeLocation ?? before.location,
                    new: after.requestMediaTypeLocation ?? after.location))
        }
        switch (before.pagination, after.pagination) {
        case (nil, let pagination?):
            changes.append(
                SpecChange(
                    "endpoint.pagination.added", name, "`\(name)` is paginated (\(pagination.style.rawValue)) now.",
                    wire: WireVerdict(
                        oldClients: .potentially("old clients see only the first page of the collection")),
                    swift: .potentially("the endpoint's `…Pages` method is new; one call returns one page only"),
                    migration: "Iterate every page of `\(name)` with its pages method.", old: before.location,
                    new: pagination.location))
        case (let pagination?, nil):
            changes.append(
                SpecChange(
                    "endpoint.pagination.removed", name, "`\(name)` is no longer paginated.",
                    wire: WireVerdict(
                        newClients: .potentially("new clients see only the first page an old server answers")),
                    swift: .breaking("the pages method of `\(name)` is gone"),
                    migration: "Call `\(name)(…)` once instead of iterating its pages.", old: pagination.location,
                    new: after.location))
        case let (was?, now?):
            if was.style != now.style || was.page != now.page || was.size != now.size || was.cursor != now.cursor
                || was.next != now.next || was.items != now.items || was.itemID != now.itemID
                || was.hasMore != now.hasMore || was.offset != now.offset
            {
                changes.append(
                    SpecChange(
                        "endpoint.pagination.changed", name,
                        "`\(name)` pages differently (\(was.style.rawValue) → \(now.style.rawValue)).",
                        wire: .breaking("clients ask for pages in a way the other side does not follow"),
                        swift: .potentially("the pages method's parameters may differ"), old: was.location,
                        new: now.location))
            }
        case (nil, nil): break
        }
        return changes
    }

    private func documentedErrorChanges(_ before: Endpoint, _ after: Endpoint) -> [SpecChange] {
        let was = Set(before.errors.map(\.name))
        let now = Set(after.errors.map(\.name))
        var changes: [SpecChange] = []
        for error in after.errors where !was.contains(error.name) {
            changes.append(
                SpecChange(
                    "endpoint.error.added", after.name, "`\(after.name)` may fail with `\(error.name)`.",
                    migration: "Handle `\(error.name)` where you call `\(after.name)(…)`.", old: before.location,
                    new: error.location))
        }
        for error in before.errors where !now.contains(error.name) {
            changes.append(
                SpecChange(
                    "endpoint.error.removed", after.name, "`\(after.name)` no longer documents `\(error.name)`.",
                    old: error.location, new: after.location))
        }
        return changes
    }
}
