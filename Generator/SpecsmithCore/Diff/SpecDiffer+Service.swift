/// The service's namespace, modules, hosts, environments, auth schemes and envelope.
extension SpecDiffer {
    func serviceChanges() -> [SpecChange] {
        let (was, now) = (old.service, new.service)
        var changes: [SpecChange] = []
        if was.name != now.name {
            changes.append(
                SpecChange(
                    "service.renamed", was.name, "The namespace `\(was.name)` is now `\(now.name)`.",
                    swift: .breaking("every type is spelled `\(now.name).…` now"),
                    migration: "Replace `\(was.name).` with `\(now.name).` in your code.", old: was.location,
                    new: now.location))
        }
        for (label, before, after) in [
            ("module", was.module, now.module), ("mock module", was.mockModule, now.mockModule),
        ] where before != after {
            // The package may keep the old module, re-exporting the new one (OpenNotification does).
            let kept = reexports[before]?.contains(after) == true
            changes.append(
                SpecChange(
                    "service.module.renamed", before, "The \(label) `\(before)` is now `\(after)`.",
                    swift: kept
                        ? Verdict(
                            .compatible, "`\(before)` still re-exports `\(after)`: `import \(before)` keeps working")
                        : .breaking("`import \(before)` no longer finds the module"),
                    migration: kept
                        ? "Nothing to change: `import \(before)` still brings `\(after)`."
                        : "Write `import \(after)` instead of `import \(before)`, and depend on `\(after)`.",
                    old: was.location, new: now.location))
        }
        let hosts = match(was.hosts, now.hosts, by: [{ $0.name }])
        for host in hosts.added {
            changes.append(
                SpecChange(
                    "host.added", host.name, "Host `\(host.name)` is added.",
                    swift: was.hosts.count == 1
                        ? .potentially("`Environment.custom` takes one URL per host, labelled, once there are two")
                        : .potentially("`Environment.custom` takes a URL for `\(host.name)` too"),
                    migration: "Where you build `.custom(…)` environments, pass a URL for `\(host.name)`.",
                    new: host.location))
        }
        for host in hosts.removed {
            changes.append(
                SpecChange(
                    "host.removed", host.name, "Host `\(host.name)` is removed.",
                    wire: WireVerdict(
                        newClients: .potentially("new clients call endpoints on another host than before")),
                    swift: .potentially("`Environment.custom` no longer takes a URL for `\(host.name)`"),
                    migration: "Drop the `\(host.name)` URL from `.custom(…)` environments.", old: host.location))
        }
        changes += environmentChanges()
        changes += authChanges()
        changes += pinnedHeaderChanges()
        if was.envelope != now.envelope {
            changes.append(
                SpecChange(
                    "service.envelope.changed", "envelope", "The wire envelope around bodies changed.",
                    wire: .breaking("every body is wrapped differently"), old: was.location, new: now.location))
        }
        return changes
    }

    /// The headers the service pins: one sent now or no longer, or with another value, may change
    /// what the server answers (an API version), so neither side is sure of the other.
    private func pinnedHeaderChanges() -> [SpecChange] {
        let was = old.service.constantHeaders
        let now = new.service.constantHeaders
        var changes: [SpecChange] = []
        for header in now {
            let before = was.first { $0.name.lowercased() == header.name.lowercased() }
            guard before?.value != header.value else { continue }
            changes.append(
                SpecChange(
                    "service.header.changed", header.name,
                    before.map { "Every call sends `\(header.name): \(header.value)` instead of `\($0.value)`." }
                        ?? "Every call sends `\(header.name): \(header.value)` now.",
                    wire: WireVerdict(
                        oldClients: .potentially(
                            "old clients send \(before?.value ?? "no value"); the server may answer them otherwise"),
                        newClients: .potentially("a server that does not know \(header.value) may refuse it")),
                    old: before?.location, new: header.location))
        }
        for header in was where !now.contains(where: { $0.name.lowercased() == header.name.lowercased() }) {
            changes.append(
                SpecChange(
                    "service.header.changed", header.name, "Calls no longer send `\(header.name)`.",
                    wire: WireVerdict(newClients: .potentially("the server answers new clients in its default")),
                    old: header.location))
        }
        return changes
    }

    private func environmentChanges() -> [SpecChange] {
        var changes: [SpecChange] = []
        let environments = match(old.service.environments, new.service.environments, by: [{ $0.name }])
        for environment in environments.added {
            changes.append(
                SpecChange(
                    "environment.added", environment.name, "Environment `.\(environment.name)` is added.",
                    swift: .potentially("a `switch` over `Environment` that lists every case no longer compiles"),
                    migration: "Handle `.\(environment.name)` where you switch over `Environment`.",
                    new: environment.location))
        }
        for environment in environments.removed {
            changes.append(
                SpecChange(
                    "environment.removed", environment.name, "Environment `.\(environment.name)` is removed.",
                    wire: WireVerdict(oldClients: .potentially("old clients may still call its URLs")),
                    swift: .breaking("`Environment.\(environment.name)` is gone"),
                    migration:
                        "Use another environment, or `.custom(…)` with its URL, instead of `.\(environment.name)`.",
                    old: environment.location))
        }
        for (before, after) in environments.pairs {
            for url in after.urls {
                guard let previous = before.urls.first(where: { $0.host == url.host }), previous.url != url.url
                else { continue }
                changes.append(
                    SpecChange(
                        "environment.url.changed", "\(after.name).\(url.host)",
                        "The `\(url.host)` URL of `.\(after.name)` moves from \(previous.url) to \(url.url).",
                        wire: WireVerdict(oldClients: .potentially("old clients keep calling \(previous.url)")),
                        old: previous.location, new: url.location))
            }
        }
        return changes
    }

    private func authChanges() -> [SpecChange] {
        var changes: [SpecChange] = []
        let schemes = matchSchemes()
        for scheme in schemes.added {
            let isKey = scheme.kind == .appKey
            changes.append(
                SpecChange(
                    "auth.added", scheme.name, "Auth scheme `\(scheme.name)` is added.",
                    swift: isKey
                        ? .potentially("a client may take a key for `\(scheme.name)` when it is created") : .compatible,
                    migration: isKey ? "Pass the `\(scheme.name)` key where you create the client." : "",
                    new: scheme.location))
        }
        for scheme in schemes.removed {
            changes.append(
                SpecChange(
                    "auth.removed", scheme.name, "Auth scheme `\(scheme.name)` is removed.",
                    swift: scheme.kind == .appKey
                        ? .potentially("the client no longer takes a key for `\(scheme.name)`") : .compatible,
                    migration: scheme.kind == .appKey ? "Stop passing the `\(scheme.name)` key to the client." : "",
                    old: scheme.location))
        }
        for (before, after) in schemes.pairs {
            if before.name != after.name {
                changes.append(
                    SpecChange(
                        "auth.renamed", before.name,
                        "Auth scheme `\(before.name)` is now `\(after.name)`; it travels as before.",
                        swift: after.kind == .appKey
                            ? .potentially(
                                "a client that takes its key by the scheme's name takes it as `\(after.name)`")
                            : .compatible,
                        old: before.location, new: after.location))
            }
            let travels =
                before.kind == after.kind && before.header == after.header && before.prefix == after.prefix
                && before.query == after.query
            // HTTP Basic and a key in `Authorization` after `Basic ` travel alike; the client is
            // given a user-id and password for one, one string for the other.
            let given = { (scheme: AuthScheme) in scheme.isBasic ? "a user-id and password" : "one key" }
            let takesOther = before.kind == .appKey && after.kind == .appKey && before.isBasic != after.isBasic
            if !travels || takesOther {
                let how = travels ? "" : "travels differently (\(describe(before)) → \(describe(after)))"
                let what = takesOther ? "takes \(given(after)) instead of \(given(before))" : ""
                changes.append(
                    SpecChange(
                        "auth.changed", after.name,
                        "Auth scheme `\(after.name)` \([how, what].filter { !$0.isEmpty }.joined(separator: " and ")).",
                        wire: travels
                            ? .compatible
                            : .breaking("the credential is sent where the other side does not look for it"),
                        swift: takesOther
                            ? .breaking("the client is created with \(given(after)) for `\(after.name)`") : .compatible,
                        migration: takesOther
                            ? "Pass \(given(after)) for `\(after.name)` where you create the client." : "",
                        old: before.location, new: after.location))
            }
        }
        return changes
    }

    /// Auth schemes paired by how their credential travels, then by name.
    func matchSchemes() -> (
        pairs: [(old: AuthScheme, new: AuthScheme)], removed: [AuthScheme], added: [AuthScheme]
    ) {
        match(
            old.service.authSchemes, new.service.authSchemes,
            by: [{ "\($0.kind) \($0.header) \($0.prefix) \($0.query ?? "")" }, { $0.name }])
    }

    private func describe(_ scheme: AuthScheme) -> String {
        if let query = scheme.query { return "query `\(query)`" }
        return "header `\(scheme.header)`" + (scheme.prefix.isEmpty ? "" : " after `\(scheme.prefix)`")
    }
}
