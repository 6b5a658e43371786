/// A struct's fields: added, removed, renamed on either side, required or optional, nullable,
/// retyped, defaulted.
extension SpecDiffer {
    func fieldChanges(_ was: StructDecl, _ now: StructDecl, of type: TypeDecl, usage: Usage) -> [SpecChange] {
        let name = type.name
        let fields = match(was.fields, now.fields, by: [{ $0.wireName }, { $0.name }])
        var changes: [SpecChange] = []
        for field in fields.added {
            let demanded = demands(field)
            let inInit = !field.type.isOptional && !field.nullable && field.defaultValue == nil
            changes.append(
                SpecChange(
                    "field.added", "\(name).\(field.name)",
                    "`\(name)` has a new \(demanded ? "required" : "optional") field `\(field.name)`"
                        + (field.wireName == field.name ? "." : " (wire `\(field.wireName)`)."),
                    wire: wire(
                        usage,
                        request: WireVerdict(
                            oldClients: demanded
                                ? .breaking("old clients do not send `\(field.wireName)`") : .compatible,
                            newClients: .potentially(
                                "an old server that refuses unknown members (the generated mock does) refuses `\(field.wireName)`"
                            )),
                        response: WireVerdict(
                            newClients: demanded
                                ? .breaking(
                                    "an old server does not send `\(field.wireName)`, which new clients require")
                                : .compatible)),
                    swift: inInit
                        ? .breaking("`\(name)(…)` takes a new argument `\(field.name):` without a default")
                        : .compatible,
                    migration: inInit ? "Pass `\(field.name):` where you create a `\(name)`." : "",
                    new: field.location))
        }
        for field in fields.removed {
            let demanded = demands(field)
            changes.append(
                SpecChange(
                    "field.removed", "\(name).\(field.name)", "`\(name).\(field.name)` is removed.",
                    wire: wire(
                        usage,
                        request: WireVerdict(
                            oldClients: .potentially(
                                "old clients still send `\(field.wireName)`; a server that refuses unknown members refuses them"
                            ),
                            newClients: demanded
                                ? .breaking("new clients do not send `\(field.wireName)`, which an old server requires")
                                : .compatible),
                        response: WireVerdict(
                            oldClients: demanded
                                ? .breaking(
                                    "the new server does not send `\(field.wireName)`, which old clients require")
                                : .compatible)),
                    swift: .breaking("`\(name).\(field.name)` and its initialiser argument are gone"),
                    migration: "Stop reading `\(field.name)` of `\(name)` and passing it to `\(name)(…)`.",
                    old: field.location))
        }
        for (before, after) in fields.pairs { changes += fieldChanges(before, after, of: name, usage: usage) }
        return changes
    }

    /// Whether a receiver fails without the member: not optional, and no default fills it.
    func demands(_ field: Field) -> Bool { !field.type.isOptional && field.defaultValue == nil }

    /// The field's Swift type, as the generator spells its shape: `Nullable<T>`, `T?` or `T`.
    private func swiftShape(_ field: Field) -> String {
        if field.isThreeState { return "Nullable<\(field.type.unwrapped)>" }
        if field.isRequiredNullable { return "\(field.type)?" }
        return field.type.description
    }

    private func fieldChanges(_ before: Field, _ after: Field, of name: String, usage: Usage) -> [SpecChange] {
        var changes: [SpecChange] = []
        let subject = "\(name).\(after.name)"
        let at = (old: before.location, new: after.location)
        func change(
            _ kind: String, _ summary: String, wire: WireVerdict = .compatible, swift: Verdict = .compatible,
            migration: String = ""
        ) {
            changes.append(
                SpecChange(
                    kind, subject, summary, wire: wire, swift: swift, migration: migration, old: at.old, new: at.new))
        }
        if before.name != after.name {
            changes.append(
                SpecChange(
                    "field.renamed", "\(name).\(before.name)",
                    "`\(name).\(before.name)` is now `\(after.name)`; the wire name `\(after.wireName)` is unchanged.",
                    swift: .breaking("`\(name).\(before.name)` is gone"),
                    migration: "Write `\(after.name)` instead of `\(before.name)` for `\(name)`.", old: at.old,
                    new: at.new))
        }
        if before.wireName != after.wireName {
            change(
                "field.wire.renamed",
                "`\(subject)` travels as `\(after.wireName)` instead of `\(before.wireName)`; its Swift name is unchanged.",
                wire: wire(
                    usage,
                    request: WireVerdict(
                        oldClients: demands(after)
                            ? .breaking("old clients send `\(before.wireName)`, not `\(after.wireName)`")
                            : .potentially("old clients' value goes unread"),
                        newClients: demands(before)
                            ? .breaking("an old server requires `\(before.wireName)`")
                            : .potentially("an old server does not read `\(after.wireName)`")),
                    response: WireVerdict(
                        oldClients: demands(before)
                            ? .breaking("old clients require `\(before.wireName)`")
                            : .potentially("old clients no longer see the value"),
                        newClients: demands(after)
                            ? .breaking("an old server sends `\(before.wireName)`, not `\(after.wireName)`")
                            : .potentially("new clients do not see an old server's value"))))
        }
        let (wasType, nowType) = (renamed(before.type), after.type)
        if wasType.unwrapped != nowType.unwrapped {
            let sameWire = wireShapesMatch(before.type.unwrapped, after.type.unwrapped)
            change(
                "field.type.changed", "`\(subject)` is `\(after.type)` instead of `\(before.type)`.",
                wire: sameWire || usage.isEmpty ? .compatible : .breaking("its value is spelled differently"),
                swift: .breaking("code that reads or passes a `\(before.type.unwrapped)` no longer compiles"),
                migration: "Treat `\(subject)` as a `\(after.type.unwrapped)`.")
        } else if wasType.isOptional != nowType.isOptional {
            let required = !nowType.isOptional
            change(
                required ? "field.required" : "field.optional",
                required ? "`\(subject)` is required now." : "`\(subject)` is optional now.",
                wire: required
                    ? wire(
                        usage,
                        request: WireVerdict(
                            oldClients: demands(after)
                                ? .breaking("old clients may leave out `\(after.wireName)`") : .compatible),
                        response: WireVerdict(
                            newClients: demands(after)
                                ? .breaking(
                                    "an old server may leave out `\(after.wireName)`, which new clients require")
                                : .compatible))
                    : wire(
                        usage,
                        request: WireVerdict(
                            newClients: demands(before)
                                ? .breaking(
                                    "new clients may leave out `\(after.wireName)`, which an old server requires")
                                : .compatible),
                        response: WireVerdict(
                            oldClients: demands(before)
                                ? .breaking(
                                    "the new server may leave out `\(after.wireName)`, which old clients require")
                                : .compatible)),
                swift: required
                    ? .breaking("`\(subject)` is not optional: optional chaining and `nil` arguments no longer compile")
                    : (usage == .request
                        ? .potentially("code that reads `\(subject)` must unwrap it")
                        : .breaking("code that reads `\(subject)` must unwrap it")),
                migration: required
                    ? "Pass a value for `\(after.name):`; stop unwrapping `\(subject)`."
                    : "Unwrap `\(subject)` where you read it; it may be `nil`.")
        }
        if before.nullable != after.nullable {
            change(
                after.nullable ? "field.nullable" : "field.nonNullable",
                after.nullable ? "`\(subject)` may be `null` now." : "`\(subject)` is never `null` now.",
                wire: after.nullable
                    ? wire(
                        usage,
                        request: WireVerdict(
                            newClients: .breaking("new clients may send `null`, which an old server refuses")),
                        response: WireVerdict(
                            oldClients: .breaking("the new server may send `null`, which old clients refuse")))
                    : wire(
                        usage,
                        request: WireVerdict(
                            oldClients: .breaking("old clients may send `null`, which the new server refuses")),
                        response: WireVerdict(
                            newClients: .breaking("an old server may send `null`, which new clients refuse"))),
                swift: swiftShape(before) == swiftShape(after)
                    ? .compatible
                    : .breaking("its Swift type is `\(swiftShape(after))` instead of `\(swiftShape(before))`"),
                migration: swiftShape(before) == swiftShape(after)
                    ? "" : "Treat `\(subject)` as `\(swiftShape(after))`.")
        }
        changes += defaultChanges(before, after, subject: subject, usage: usage)
        if before.sdkOnly != after.sdkOnly {
            change(
                "field.access.changed",
                after.sdkOnly ? "`\(subject)` is for the SDK's own code now." : "`\(subject)` is public now.",
                swift: after.sdkOnly ? .breaking("app code can no longer read `\(subject)`") : .compatible,
                migration: after.sdkOnly ? "Stop reading `\(subject)`." : "")
        }
        if before.deprecated == nil, let message = after.deprecated {
            change(
                "field.deprecated", "`\(subject)` is deprecated: \(message)",
                migration: "Move off `\(subject)`: \(message)")
        }
        return changes
    }

    private func defaultChanges(_ before: Field, _ after: Field, subject: String, usage: Usage) -> [SpecChange] {
        let at = (old: before.location, new: after.location)
        let inInit = !after.type.isOptional && !after.nullable
        switch (before.defaultValue, after.defaultValue) {
        case (nil, let value?):
            return [
                SpecChange(
                    "field.default.added", subject, "`\(subject)` defaults to \(literal(value)).",
                    swift: .compatible, old: at.old, new: at.new)
            ]
        case (let value?, nil):
            return [
                SpecChange(
                    "field.default.removed", subject, "`\(subject)` no longer defaults to \(literal(value)).",
                    wire: wire(
                        usage, request: .compatible,
                        response: WireVerdict(
                            newClients: demands(after)
                                ? .breaking("an old server may leave it out, and new clients require it") : .compatible)
                    ),
                    swift: inInit ? .breaking("calls that leave out `\(after.name):` no longer compile") : .compatible,
                    migration: inInit ? "Pass `\(after.name):` wherever you relied on its default." : "", old: at.old,
                    new: at.new)
            ]
        case let (was?, now?) where was.value != now.value:
            return [
                SpecChange(
                    "field.default.changed", subject,
                    "`\(subject)` defaults to \(literal(now)) instead of \(literal(was)).",
                    wire: wire(
                        usage,
                        request: WireVerdict(
                            oldClients: .potentially("a left-out value means \(literal(now)) to the new server")),
                        response: WireVerdict(newClients: .potentially("a left-out value reads as \(literal(now)) now"))
                    ),
                    swift: .potentially("code that leaves out `\(after.name):` gets \(literal(now)) now"),
                    migration: "Pass `\(after.name): \(literal(was))` where you need the old default.", old: at.old,
                    new: at.new)
            ]
        default:
            return []
        }
    }

    func literal(_ node: JSONNode) -> String {
        switch node.value {
        case let .string(text): "\"\(text)\""
        case let .number(text): text
        case let .bool(flag): flag ? "true" : "false"
        case .null: "null"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
