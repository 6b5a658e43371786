import SpecsmithCore
import SpecsmithTesting

/// One spec the drawer made, with the risky name it put in, if any.
struct DrawnSpec: Sendable {
    var json: DraftJSON
    /// The Swift namespace: unique within a run, so many specs can share one module.
    var service: String
    /// Where the one risky name went (`field of Item`) and the name.
    var risky: (place: String, name: String)?
}

/// Draws specs that the JSON Schema accepts from a seeded generator, using every construct the
/// format has: hosts and environments, both auth kinds, envelopes, structs (defaults, wire names,
/// sensitive and SDK-only fields), open and closed enums, unions with and without payloads, value
/// types with rules and constants, nested types, path, query and header parameters (lists in the
/// query, exploded or joined), 64-bit and unsigned integers, request and
/// response bodies of every shape, backend-only endpoints, OTP variants, errors and examples.
///
/// Names are plain (`f0`, `T1`) except for at most one place per spec that gets a risky name, so
/// whatever lint or the compiler says about the spec is about that one name.
struct SpecDrawer {
    var random: SplitMix
    /// The service's wire naming, drawn first so the examples spell fields as the wire does.
    var wireNaming: WireNaming?

    /// The stream that draws loops between types, apart from `random` so that every other draw of
    /// a seed is what it was before loops were drawn.
    var loops: SplitMix
    /// The stream that draws unix times and HTTP-dates, apart from `random` for the same reason.
    var times: SplitMix
    /// The stream that draws form bodies and pinned headers, apart from `random` for the same reason.
    var wires: SplitMix

    init(seed: UInt64) {
        random = SplitMix(state: seed)
        loops = SplitMix(state: seed ^ 0x5EED_100B)
        times = SplitMix(state: seed ^ 0x7135_DA7E)
        wires = SplitMix(state: seed ^ 0xF0E1_4EAD)
    }

    // MARK: - Randomness

    mutating func chance(_ probability: Double) -> Bool {
        Double(random.next() % 10_000) < probability * 10_000
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[Int(random.next() % UInt64(items.count))]
    }

    // MARK: - The model drawn before it is written

    indirect enum Ref: Equatable {
        case primitive(String)
        case named(String)
        case array(Ref)
        case map(Ref)
        case optional(Ref)

        var text: String {
            switch self {
            case let .primitive(name), let .named(name): name
            case let .array(element): "[\(element.text)]"
            case let .map(value): "[string: \(value.text)]"
            case let .optional(wrapped): "\(wrapped.text)?"
            }
        }

        var isOptional: Bool {
            if case .optional = self { true } else { false }
        }
    }

    struct FieldModel {
        var name: String
        var ref: Ref
        var wire: String?
        var sensitive = false
        var sdkOnly = false
        var deprecated = false
        var defaultValue: DraftJSON?
        var nullable = false
    }

    enum Kind {
        case structure([FieldModel])
        case enumeration(open: Bool, cases: [(name: String, wire: String)])
        /// A union; without a discriminator it is chosen by shape, and every case has a payload.
        case union(discriminator: String?, cases: [(name: String, wire: String, payload: Ref?, field: String?)])
        /// A value type and a sample that keeps its rules.
        case value(base: String, rules: [(String, DraftJSON)], constants: [(String, DraftJSON)], sample: DraftJSON)
    }

    struct TypeModel {
        var name: String
        var kind: Kind
    }

    /// Where the risky name goes: each place is a closure that renames one thing.
    enum Slot: CaseIterable {
        case typeName, nestedTypeName, fieldName, fieldWire, enumCase, unionCase, unionField, discriminator
        case constant, endpoint, parameter, errorName, host, environment, appKeyScheme, otpVariant
    }

    // MARK: - Drawing

    /// A spec whose namespace is `service`, whose modules are `module`, `module + "Mock"` and
    /// `module + "Backend"`.
    ///
    /// `forcing` puts that name in that place, when the spec drawn has such a place.
    mutating func draw(service: String, module: String, forcing: (Slot, String)? = nil) -> DrawnSpec {
        var riskySlot: Slot? = chance(0.7) ? pick(Slot.allCases) : nil
        var riskyName = pick(RiskyNames.all + [service, "\(service)Handler", "\(service)Codecs", module])
        if let (slot, name) = forcing { (riskySlot, riskyName) = (slot, name) }
        wireNaming = chance(0.2) ? pick(WireNaming.allCases) : nil
        var risky: (place: String, name: String)?
        /// The name for a place: the risky one the first time `slot` comes up, a plain one otherwise.
        func name(_ slot: Slot, _ plain: String, _ place: String) -> String {
            guard slot == riskySlot, risky == nil else { return plain }
            risky = (place, riskyName)
            return riskyName
        }

        // Hosts and environments.
        let hostCount = int(1...3)
        let hosts = (0..<hostCount).map { name(.host, "h\($0)", "host \($0)") }
        var environments: [(key: String, value: DraftJSON)] = []
        for index in 0..<int(0...2) {
            let envName = name(.environment, ["live", "sandbox"][index], "environment \(index)")
            let urls = DraftJSON.object(hosts.enumerated().map { ($1, .string("https://e\(index)-\($0).example/v1")) })
            environments.append((envName, .object([("doc", "An environment."), ("urls", urls)])))
        }

        // Types: drawn in order, each referring only to earlier ones; then, now and then, a loop:
        // a struct that refers back to itself or to a later type through an optional field or a list.
        var types: [TypeModel] = []
        for index in 0..<int(1...7) {
            let typeName = name(.typeName, "T\(index)", "type \(index)")
            types.append(drawType(named: typeName, among: types, name: name))
            if case .structure = types.last?.kind, chance(0.2) {
                let child = name(.nestedTypeName, "N\(index)", "nested type of T\(index)")
                types.append(drawType(named: "\(typeName).\(child)", among: types, name: name))
            }
        }
        drawLoop(in: &types)
        drawTimes(in: &types)
        // The models alone, before the session and OTP types join them.
        let models = types

        // Errors.
        var errors: [(key: String, value: DraftJSON)] = []
        for index in 0..<int(0...3) {
            // An error known by its status alone has no code; its status is then its own.
            let byStatus = chance(0.25)
            var error: [(key: String, value: DraftJSON)] = [("message", "Something went wrong.")]
            if !byStatus {
                // A string code (Stripe's `card_declined`), one with a quote and a backslash to
                // escape, from the wires stream so every other draw stays as it was.
                let code: DraftJSON =
                    switch wires.next() % 3 {
                    case 0: .string("card_declined_\(index)")
                    case 1: .string("said \"no\" \\ \(index)")
                    default: .number(String(10 + index))
                    }
                error.append(("code", code))
            }
            if let swiftName = Optional(name(.errorName, "", "error \(index)")), !swiftName.isEmpty {
                error.append(("swiftName", .string(swiftName)))
            }
            if byStatus, wires.next() % 3 == 0 {
                // One of several errors of a status, told apart by a header or a body member.
                let source: (key: String, value: DraftJSON) =
                    wires.next() % 2 == 0 ? ("header", "X-Reason") : ("field", "error.reason")
                error.append(("status", 404))
                error.append(("when", .object([source, ("equals", .string("e\(index)"))])))
            } else if byStatus {
                error.append(("status", .number(String([404, 409, 429, 503][index]))))
            } else if chance(0.3) {
                error.append(("status", .number(String(pick([400, 401, 404, 409, 503])))))
            }
            if chance(0.3) { error.append(("category", .string(pick(["server", "session", "encryption"])))) }
            if chance(0.3) { error.append(("retryable", .bool(chance(0.5)))) }
            if chance(0.3) { error.append(("doc", "When it fails.")) }
            errors.append(("E_\(index)", .object(error)))
        }
        let errorNames = errors.map(\.key)

        // Endpoints.
        var endpoints: [(key: String, value: DraftJSON)] = []
        var auth: [(key: String, value: DraftJSON)] = []
        var defaultAuth: [String] = []
        var otps: DraftJSON?
        var backend = false

        if chance(0.4) {
            // A session issued by one endpoint, sent by the others.
            let sessionType = TypeModel(
                name: "Session",
                kind: .structure([FieldModel(name: "token", ref: .primitive("string"), sensitive: chance(0.5))]))
            types.append(sessionType)
            endpoints.append(
                (
                    "signIn",
                    .object([("method", "POST"), ("path", "/sessions"), ("response", "Session"), ("auth", .array([]))])
                ))
            var scheme: [(key: String, value: DraftJSON)] = [
                ("kind", "sessionToken"), ("header", "Authorization"), ("issuedBy", "signIn"), ("tokenField", "token"),
            ]
            if chance(0.5) { scheme.append(("prefix", "Bearer ")) }
            auth.append(("session", .object(scheme)))
            defaultAuth.append("session")
        }
        for index in 0..<int(0...2) {
            var schemeName = index == 0 ? "appKey" : name(.appKeyScheme, "key\(index)", "app-key scheme \(index)")
            // The first scheme's name: a second key of that name is a duplicate, not a risky name.
            if index > 0, schemeName == "appKey" {
                schemeName = "key\(index)"
                risky = nil
            }
            // A later key may be a user-id and password (HTTP Basic), which always goes by its name;
            // not beside a session in `Authorization`, which one request could not carry both of.
            let scheme: DraftJSON =
                index > 0 && !auth.contains(where: { $0.key == "session" }) && chance(0.3)
                ? .object([("kind", "basic"), ("doc", "An account and its secret.")])
                : .object([("kind", "appKey"), ("header", .string("X-Key-\(index)")), ("doc", "A key.")])
            auth.append((schemeName, scheme))
            if chance(0.5) { defaultAuth.append(schemeName) }
        }

        for index in 0..<int(1...5) {
            let endpointName = name(.endpoint, "op\(index)", "endpoint \(index)")
            endpoints.append(
                (endpointName, drawEndpoint(index: index, types: types, hosts: hosts, errors: errorNames, name: name)))
        }

        if chance(0.25) {
            // A backend-only endpoint with a key only the backend holds.
            backend = true
            auth.append(("serverKey", .object([("kind", "appKey"), ("header", "X-Server-Key")])))
            endpoints.append(
                (
                    "refund",
                    .object([
                        ("method", "POST"), ("path", "/refunds"), ("backendOnly", true),
                        ("auth", .array(["serverKey"])),
                    ])
                ))
        }

        if chance(0.35) {
            // An OTP variant, started by one endpoint, verified and resent by two others.
            let variant = name(.otpVariant, "CodeOTP", "OTP variant")
            types.append(
                TypeModel(
                    name: "OTPInfo",
                    kind: .structure([
                        FieldModel(name: "id", ref: .primitive("string")),
                        FieldModel(name: "length", ref: .primitive("int")),
                    ])))
            types.append(
                TypeModel(
                    name: "VerifyRequest",
                    kind: .structure([
                        FieldModel(name: "otpID", ref: .primitive("string")),
                        FieldModel(name: "code", ref: .primitive("string")),
                    ])))
            types.append(
                TypeModel(
                    name: "ResendRequest", kind: .structure([FieldModel(name: "otpID", ref: .primitive("string"))])))
            types.append(
                TypeModel(name: "Verified", kind: .structure([FieldModel(name: "done", ref: .primitive("bool"))])))
            let viaUnion = chance(0.5)
            if viaUnion {
                types.append(
                    TypeModel(
                        name: "Started",
                        kind: .union(
                            discriminator: "step",
                            cases: [
                                (name: "confirm", wire: "CONFIRM", payload: .named(variant), field: "otp"),
                                (name: "done", wire: "DONE", payload: nil, field: nil),
                            ])))
            }
            endpoints.append(
                (
                    "start",
                    .object([
                        ("method", "POST"), ("path", "/start"), ("response", .string(viaUnion ? "Started" : variant)),
                    ])
                ))
            endpoints.append(
                (
                    "verifyCode",
                    .object([
                        ("method", "POST"), ("path", "/verify"), ("request", "VerifyRequest"), ("response", "Verified"),
                    ])
                ))
            endpoints.append(
                (
                    "resendCode",
                    .object([
                        ("method", "POST"), ("path", "/resend"), ("request", "ResendRequest"), ("response", "OTPInfo"),
                    ])
                ))
            var variantJSON: [(key: String, value: DraftJSON)] = [("verify", "verifyCode"), ("resend", "resendCode")]
            if chance(0.5) { variantJSON.append(("result", "done")) }
            otps = .object([("info", "OTPInfo"), ("variants", .object([(variant, .object(variantJSON))]))])
        }

        // A multipart upload in a fifth of specs, from the wires stream: files beside a form's fields.
        if wires.next() % 5 == 0 {
            var fields = [FieldModel(name: "file", ref: .primitive("file"))]
            if wires.next() % 2 == 0 {
                fields.append(FieldModel(name: "pages", ref: .optional(.array(.primitive("file")))))
            }
            let carried = models.filter { type in
                if case .structure = type.kind { Self.formCarries(.named(type.name), types: types) } else { false }
            }
            if !carried.isEmpty, wires.next() % 2 == 0 {
                let about = carried[Int(wires.next() % UInt64(carried.count))].name
                fields.append(FieldModel(name: "about", ref: .optional(.named(about)), wire: "about_it"))
            }
            fields.append(FieldModel(name: "note", ref: .primitive("string")))
            let response = types.filter { $0.name.contains(".") == false }.map(\.name)
            types.append(TypeModel(name: "Upload", kind: .structure(fields)))
            var upload: [(key: String, value: DraftJSON)] = [
                ("method", "POST"), ("path", "/uploads"), ("request", "Upload"), ("contentType", "multipart/form-data"),
            ]
            if !response.isEmpty, wires.next() % 2 == 0 {
                upload.append(("response", .string(response[Int(wires.next() % UInt64(response.count))])))
            }
            endpoints.append(("upload", .object(upload)))
        }

        // Pages by a cursor the answer names, and by the last item's id while a flag says more
        // follow (Stripe's starting_after and has_more), each in a fifth of specs, from the wires stream.
        if wires.next() % 5 == 0 {
            let item: Ref =
                models.isEmpty ? .primitive("string") : .named(models[Int(wires.next() % UInt64(models.count))].name)
            types.append(
                TypeModel(
                    name: "CursorPage",
                    kind: .structure([
                        FieldModel(name: "entries", ref: .array(item)),
                        FieldModel(name: "next", ref: .optional(.primitive("string")), wire: "next_cursor"),
                    ])))
            endpoints.append(
                (
                    "listByCursor",
                    .object([
                        ("method", "GET"), ("path", "/cursor-items"),
                        (
                            "parameters",
                            .object([
                                ("cursor", .object([("in", "query"), ("type", "string?")])),
                                ("size", .object([("in", "query"), ("type", "int?"), ("wire", "limit")])),
                            ])
                        ),
                        ("response", "CursorPage"),
                        (
                            "pagination",
                            .object([
                                ("style", "cursor"), ("cursor", "cursor"), ("next", "next"), ("items", "entries"),
                                ("size", "size"),
                            ])
                        ),
                    ])
                ))
        }
        if wires.next() % 5 == 0 {
            let idType = ["string", "int64", "uuid"][Int(wires.next() % 3)]
            types.append(
                TypeModel(
                    name: "AfterItem",
                    kind: .structure([
                        FieldModel(name: "key", ref: .primitive(idType)),
                        FieldModel(name: "label", ref: .optional(.primitive("string"))),
                    ])))
            types.append(
                TypeModel(
                    name: "AfterPage",
                    kind: .structure([
                        FieldModel(name: "data", ref: .array(.named("AfterItem"))),
                        FieldModel(name: "hasMore", ref: .primitive("bool"), wire: "has_more"),
                    ])))
            endpoints.append(
                (
                    "listAfter",
                    .object([
                        ("method", "GET"), ("path", "/after-items"),
                        (
                            "parameters",
                            .object([
                                (
                                    "startingAfter",
                                    .object([
                                        ("in", "query"), ("type", .string(idType + "?")), ("wire", "starting_after"),
                                    ])
                                ),
                                ("limit", .object([("in", "query"), ("type", "int?")])),
                            ])
                        ),
                        ("response", "AfterPage"),
                        (
                            "pagination",
                            .object([
                                ("style", "afterLast"), ("cursor", "startingAfter"), ("items", "data"),
                                ("hasMore", "hasMore"), ("itemID", "key"), ("size", "limit"),
                            ])
                        ),
                    ])
                ))
        }
        // The server steers retries with a should-retry header in a fifth of specs.
        let steersRetries = wires.next() % 5 == 0

        var serviceJSON: [(key: String, value: DraftJSON)] = [
            ("name", .string(service)), ("module", .string(module)), ("mockModule", .string(module + "Mock")),
        ]
        if backend { serviceJSON.append(("backendModule", .string(module + "Backend"))) }
        if chance(0.2) { serviceJSON.append(("clientAccess", .string(pick(["public", "package"])))) }
        if let wireNaming { serviceJSON.append(("wireNaming", .string(wireNaming.rawValue))) }
        serviceJSON.append(("doc", "A drawn service."))
        serviceJSON.append(("hosts", .object(hosts.map { ($0, .object(chance(0.5) ? [("doc", "A host.")] : [])) })))
        if !environments.isEmpty { serviceJSON.append(("environments", .object(environments))) }
        if !auth.isEmpty { serviceJSON.append(("auth", .object(auth))) }
        if !defaultAuth.isEmpty { serviceJSON.append(("defaultAuth", .array(defaultAuth.map(DraftJSON.string)))) }
        // Pinned request headers in 30% of specs, an Accept among them now and then.
        if wires.next() % 10 < 3 {
            var pinned: [(key: String, value: DraftJSON)] = [("X-Pinned-Version", "2026-01-01")]
            if wires.next() % 2 == 0 { pinned.append(("Accept", "application/vnd.drawn+json")) }
            serviceJSON.append(("headers", .object(pinned)))
        }
        if steersRetries { serviceJSON.append(("retry", .object([("shouldRetryHeader", "X-Should-Retry")]))) }
        // A response header every answer carries in a fifth of specs, optional or not.
        if wires.next() % 5 == 0 {
            let type: DraftJSON = wires.next() % 2 == 0 ? "string?" : "uuid"
            serviceJSON.append(
                ("responseHeaders", .object([("requestID", .object([("wire", "Request-Id"), ("type", type)]))])))
        }
        if chance(0.5) {
            // An upload's files travel only in its request: it is no error body.
            let structs = types.compactMap { type -> String? in
                if case .structure = type.kind, type.name != "Upload" { return type.name }
                return nil
            }
            serviceJSON.append(("envelope", drawEnvelope(structs: structs)))
        }
        if chance(0.2) {
            serviceJSON.append(("messages", .object([("transport", "Offline."), ("server", "Try later.")])))
        }

        var root: [(key: String, value: DraftJSON)] = [("specsmith", 1), ("service", .object(serviceJSON))]
        root.append(("types", .object(types.map { ($0.name, json(of: $0)) })))
        root.append(("endpoints", .object(endpoints)))
        if let otps { root.append(("otps", otps)) }
        if !errors.isEmpty { root.append(("errors", .object(errors))) }
        var spec = DraftJSON.object(root)
        spec = withExamples(spec, types: types)
        return DrawnSpec(json: spec, service: service, risky: risky)
    }

    // MARK: - Types

    private mutating func drawType(
        named typeName: String, among earlier: [TypeModel], name: (Slot, String, String) -> String
    ) -> TypeModel {
        switch int(0...3) {
        case 0:
            var fields: [FieldModel] = []
            for fieldIndex in 0..<int(0...5) {
                var field = FieldModel(
                    name: name(.fieldName, "f\(fieldIndex)", "field of \(typeName)"), ref: drawRef(among: earlier))
                if chance(0.2) {
                    field.wire = name(.fieldWire, "f\(fieldIndex)_wire", "wire name of a field of \(typeName)")
                }
                field.sensitive = chance(0.15)
                field.sdkOnly = chance(0.05)
                field.deprecated = chance(0.1)
                if chance(0.25) { field.defaultValue = defaultValue(for: field.ref, among: earlier) }
                // Nullable, optional or not; lint refuses it beside a default, for JSON and for OTPs.
                if field.defaultValue == nil, field.ref.text.trimmingCharacters(in: ["?"]) != "json", chance(0.15) {
                    field.nullable = true
                }
                fields.append(field)
            }
            return TypeModel(name: typeName, kind: .structure(fields))
        case 1:
            let cases = (0..<int(1...4)).map { caseIndex in
                (name: name(.enumCase, "c\(caseIndex)", "case of \(typeName)"), wire: "C\(caseIndex)")
            }
            return TypeModel(name: typeName, kind: .enumeration(open: chance(0.5), cases: cases))
        case 2 where chance(0.35):
            return drawShapeUnion(named: typeName, among: earlier, name: name)
        case 2:
            let discriminator = name(.discriminator, "kind", "discriminator of \(typeName)")
            let cases = (0..<int(1...3)).map { caseIndex -> (String, String, Ref?, String?) in
                let payload: Ref? = chance(0.7) ? drawRef(among: earlier, optional: false) : nil
                let field =
                    payload != nil && chance(0.6)
                    ? name(.unionField, "p\(caseIndex)", "payload field of \(typeName)") : nil
                return (name(.unionCase, "u\(caseIndex)", "case of \(typeName)"), "U\(caseIndex)", payload, field)
            }
            return TypeModel(
                name: typeName,
                kind: .union(
                    discriminator: discriminator,
                    cases: cases.map {
                        (name: $0.0, wire: $0.1, payload: $0.2, field: $0.3)
                    }))
        default:
            return drawValue(named: typeName, name: name)
        }
    }

    /// A union chosen by shape: payloads of different JSON kinds, and among the structs drawn before
    /// it as many objects as markers tell apart (each with a required field no other has, but one).
    private mutating func drawShapeUnion(
        named typeName: String, among earlier: [TypeModel], name: (Slot, String, String) -> String
    ) -> TypeModel {
        var strings = ["string", "date", "uuid", "url"].map(Ref.primitive)
        var structs: [(name: String, fields: [FieldModel])] = []
        for type in earlier {
            switch type.kind {
            case .enumeration: strings.append(.named(type.name))
            case let .value(base, _, _, _) where base == "string": strings.append(.named(type.name))
            case let .structure(fields): structs.append((type.name, fields))
            default: break
            }
        }
        var kinds: [[Ref]] = [
            strings, ["int", "int64", "double", "decimal"].map(Ref.primitive), [.primitive("bool")],
            [.array(drawRef(among: earlier, optional: false))],
        ]
        kinds = kinds.shuffled(using: &random)
        var payloads = (0..<int(1...3)).map { kinds[$0] }.map { pick($0) }
        payloads += objectCases(among: structs.shuffled(using: &random), upTo: int(0...3)).map(Ref.named)
        let cases = payloads.shuffled(using: &random).enumerated().map { index, payload in
            (
                name: name(.unionCase, "s\(index)", "case of \(typeName)"), wire: "", payload: Optional(payload),
                field: String?.none
            )
        }
        return TypeModel(name: typeName, kind: .union(discriminator: nil, cases: cases))
    }

    /// Up to `limit` of `structs` that markers tell apart, as lint's rule says: each but one has a
    /// required wire key that no other chosen struct has at all.
    private func objectCases(among structs: [(name: String, fields: [FieldModel])], upTo limit: Int) -> [String] {
        func keys(_ fields: [FieldModel]) -> (required: [String], all: Set<String>) {
            let wire = { (field: FieldModel) in field.wire ?? (wireNaming ?? .camelCase).wireName(for: field.name) }
            return (
                fields.filter { !$0.ref.isOptional && $0.defaultValue == nil }.map(wire), Set(fields.map(wire))
            )
        }
        var chosen: [(name: String, fields: [FieldModel])] = []
        for candidate in structs where chosen.count < limit {
            let trial = chosen + [candidate]
            let unmarked = trial.indices.filter { index in
                let others = trial.indices.filter { $0 != index }.reduce(into: Set<String>()) {
                    $0.formUnion(keys(trial[$1].fields).all)
                }
                return !keys(trial[index].fields).required.contains { !others.contains($0) }
            }
            if trial.count == 1 || unmarked.count <= 1 { chosen = trial }
        }
        return chosen.map(\.name)
    }

    private mutating func drawValue(named typeName: String, name: (Slot, String, String) -> String) -> TypeModel {
        var rules: [(String, DraftJSON)] = []
        var constants: [(String, DraftJSON)] = []
        func constantName() -> String { name(.constant, "k0", "constant of \(typeName)") }
        switch pick(["string", "int", "decimal", "double"]) {
        case "string":
            let luhn = chance(0.2)
            let sample = luhn ? "4242424242424242" : "abc12"
            if chance(0.5) { rules.append(("minLength", 1)) }
            if chance(0.5) { rules.append(("maxLength", 32)) }
            if luhn { rules.append(("luhn", true)) }
            if chance(0.3) { rules.append(("pattern", .string(luhn ? "[0-9]+" : "[a-z0-9]+"))) }
            if chance(0.2) { rules.append(("allowed", .array([.string(sample), "zz9"]))) }
            if chance(0.15) { rules.append(("sensitive", true)) }
            if chance(0.2) { rules.append(("failable", true)) }
            if chance(0.5) { constants.append((constantName(), .string(sample))) }
            return TypeModel(
                name: typeName,
                kind: .value(base: "string", rules: rules, constants: constants, sample: .string(sample)))
        case "int":
            if chance(0.5) { rules.append(("minimum", 1)) }
            if chance(0.5) { rules.append(("maximum", 99)) }
            if chance(0.5) { constants.append((constantName(), 5)) }
            return TypeModel(name: typeName, kind: .value(base: "int", rules: rules, constants: constants, sample: 5))
        case "decimal":
            if chance(0.5) { rules.append(("scale", 2)) }
            if chance(0.5) { rules.append(("minimum", 0)) }
            if chance(0.5) { constants.append((constantName(), .number("2.5"))) }
            return TypeModel(
                name: typeName,
                kind: .value(base: "decimal", rules: rules, constants: constants, sample: .number("2.50")))
        default:
            if chance(0.5) { rules.append(("minimum", .number("0.001"))) }
            if chance(0.5) { constants.append((constantName(), .number("0.25"))) }
            return TypeModel(
                name: typeName,
                kind: .value(base: "double", rules: rules, constants: constants, sample: .number("0.25")))
        }
    }

    private mutating func drawRef(among types: [TypeModel], optional: Bool = true) -> Ref {
        var ref: Ref
        if !types.isEmpty, chance(0.45) {
            ref = .named(pick(types).name)
        } else {
            ref = .primitive(
                pick([
                    "string", "int", "int64", "uint64", "bool", "decimal", "double", "date", "url", "uuid", "bytes",
                    "json",
                ]))
        }
        if chance(0.15) { ref = .array(ref) }
        if chance(0.08) { ref = .map(ref) }
        if optional, chance(0.3) { ref = .optional(ref) }
        return ref
    }

    /// One optional field of a struct that names the struct itself or a later struct or union (or
    /// a list of it), so that a type may hold itself; drawn from `loops` in 40% of specs.
    private mutating func drawLoop(in types: inout [TypeModel]) {
        let holders = types.indices.filter { if case .structure = types[$0].kind { true } else { false } }
        guard loops.next() % 10 < 4, !holders.isEmpty else { return }
        let holder = holders[Int(loops.next() % UInt64(holders.count))]
        let targets = types.indices.filter { index in
            guard index >= holder else { return false }
            switch types[index].kind {
            case .structure, .union: return true
            default: return false
            }
        }
        let target = Ref.named(types[targets[Int(loops.next() % UInt64(targets.count))]].name)
        guard case var .structure(fields) = types[holder].kind else { return }
        // Optional, so the required members that tell a union's shapes apart stay as they were.
        fields.append(FieldModel(name: "loop", ref: .optional(loops.next() % 4 == 0 ? .array(target) : target)))
        types[holder].kind = .structure(fields)
    }

    /// A date in unix time or HTTP-date form, drawn from `times`.
    private mutating func formattedDate() -> Ref {
        .primitive(["unixSeconds", "unixMilliseconds", "httpDate"][Int(times.next() % 3)])
    }

    /// In 40% of specs, one struct gets a field holding a formatted date (alone, optional, nullable,
    /// in a list or a map, or with a default), and ISO dates in struct fields turn into one now and
    /// then; all drawn from `times`.
    private mutating func drawTimes(in types: inout [TypeModel]) {
        let holders = types.indices.filter { if case .structure = types[$0].kind { true } else { false } }
        guard times.next() % 10 < 4, !holders.isEmpty else { return }
        for holder in holders {
            guard case var .structure(fields) = types[holder].kind else { continue }
            for index in fields.indices where fields[index].ref.text.contains("date") && times.next() % 2 == 0 {
                fields[index].ref = retimed(fields[index].ref, as: formattedDate())
            }
            types[holder].kind = .structure(fields)
        }
        let holder = holders[Int(times.next() % UInt64(holders.count))]
        guard case var .structure(fields) = types[holder].kind else { return }
        let leaf = formattedDate()
        var field = FieldModel(name: "when", ref: leaf)
        switch times.next() % 6 {
        case 0: field.ref = .optional(leaf)
        case 1: field.nullable = true
        case 2: field.ref = .array(leaf)
        case 3: field.ref = .optional(.map(leaf))
        case 4:
            field.ref = .optional(leaf)
            field.nullable = true
        default: field.defaultValue = leaf.text == "httpDate" ? "Sun, 06 Nov 1994 08:49:37 GMT" : 1_680_000_000
        }
        fields.append(field)
        types[holder].kind = .structure(fields)
    }

    /// `ref` with its `date` leaf as `leaf`.
    private func retimed(_ ref: Ref, as leaf: Ref) -> Ref {
        switch ref {
        case .primitive("date"): leaf
        case .primitive, .named: ref
        case let .array(inner): .array(retimed(inner, as: leaf))
        case let .map(inner): .map(retimed(inner, as: leaf))
        case let .optional(inner): .optional(retimed(inner, as: leaf))
        }
    }

    /// Whether a form can carry `ref`: no free-form JSON and no union, however deep.
    static func formCarries(_ ref: Ref, types: [TypeModel], seen: Set<String> = []) -> Bool {
        switch ref {
        case let .primitive(name): return name != "json"
        case let .array(inner), let .map(inner), let .optional(inner):
            return formCarries(inner, types: types, seen: seen)
        case let .named(name):
            guard !seen.contains(name), let type = types.first(where: { $0.name == name }) else { return true }
            switch type.kind {
            case let .structure(fields):
                return fields.allSatisfy { formCarries($0.ref, types: types, seen: seen.union([name])) }
            case .union: return false
            case .enumeration, .value: return true
            }
        }
    }

    /// A default lint accepts for `ref`, or `nil` when there is none to write.
    private mutating func defaultValue(for ref: Ref, among types: [TypeModel]) -> DraftJSON? {
        switch ref {
        case .optional: return .null
        case .array: return .array([])
        case .map: return .object([])
        case let .primitive(name):
            switch name {
            case "string": return "text"
            case "int", "int64", "uint64": return 3
            case "json": return .object([("k", .array([1, "v", .null]))])
            case "bool": return .bool(chance(0.5))
            case "decimal", "double": return .number("1.5")
            default: return nil
            }
        case let .named(name):
            switch types.first(where: { $0.name == name })?.kind {
            case let .enumeration(_, cases)?: return .string(cases[0].name)
            case let .value(_, _, _, sample)?: return sample
            default: return nil
            }
        }
    }

    private func json(of type: TypeModel) -> DraftJSON {
        switch type.kind {
        case let .structure(fields):
            let members = fields.map { field -> (String, DraftJSON) in
                var object: [(key: String, value: DraftJSON)] = [("type", .string(field.ref.text))]
                if let wire = field.wire { object.append(("wire", .string(wire))) }
                if field.sensitive { object.append(("sensitive", true)) }
                if field.sdkOnly { object.append(("sdkOnly", true)) }
                if field.deprecated { object.append(("deprecated", "Use another.")) }
                if let value = field.defaultValue { object.append(("default", value)) }
                if field.nullable { object.append(("nullable", true)) }
                return (field.name, object.count == 1 ? .string(field.ref.text) : .object(object))
            }
            return .object([("kind", "struct"), ("doc", "A struct."), ("fields", .object(members))])
        case let .enumeration(open, cases):
            let members = cases.map { item -> (String, DraftJSON) in (item.name, .string(item.wire)) }
            return .object([("kind", "enum"), ("open", .bool(open)), ("cases", .object(members))])
        case let .union(nil, cases):
            let members = cases.map { item -> (String, DraftJSON) in
                (item.name, .object([("payload", .string(item.payload?.text ?? "string"))]))
            }
            return .object([("kind", "union"), ("cases", .object(members))])
        case let .union(discriminator?, cases):
            let members = cases.map { item -> (String, DraftJSON) in
                var object: [(key: String, value: DraftJSON)] = [("wire", .string(item.wire))]
                if let payload = item.payload { object.append(("payload", .string(payload.text))) }
                if let field = item.field { object.append(("field", .string(field))) }
                return (item.name, .object(object))
            }
            return .object([("kind", "union"), ("discriminator", .string(discriminator)), ("cases", .object(members))])
        case let .value(base, rules, constants, _):
            var object: [(key: String, value: DraftJSON)] = [("kind", "value"), ("base", .string(base))]
            object += rules.map { ($0.0, $0.1) }
            if !constants.isEmpty { object.append(("constants", .object(constants.map { ($0.0, $0.1) }))) }
            return .object(object)
        }
    }

    // MARK: - Endpoints

    private mutating func drawEndpoint(
        index: Int, types: [TypeModel], hosts: [String], errors: [String], name: (Slot, String, String) -> String
    ) -> DraftJSON {
        let method = pick(["GET", "POST", "PUT", "PATCH", "DELETE"])
        var endpoint: [(key: String, value: DraftJSON)] = [("method", .string(method))]
        if chance(0.5) { endpoint.append(("doc", "An operation.")) }
        if hosts.count > 1 || chance(0.3) { endpoint.append(("host", .string(pick(hosts)))) }
        let parameterTypes: [Ref] =
            ["string", "int", "int64", "uint64", "bool", "decimal", "double", "date", "url", "uuid"].map(Ref.primitive)
            + types.compactMap { type in
                switch type.kind {
                case .enumeration, .value: .named(type.name)
                default: nil
                }
            }
        var path = "/r\(index)"
        var parameters: [(key: String, value: DraftJSON)] = []
        for parameterIndex in 0..<int(0...3) {
            let place = pick(["path", "query", "header"])
            let parameterName = name(.parameter, "q\(parameterIndex)", "parameter of endpoint \(index)")
            var ref = pick(parameterTypes)
            let isList = place == "query" && chance(0.3)
            if isList { ref = .array(ref) }
            if place != "path", chance(0.5) { ref = .optional(ref) }
            var parameter: [(key: String, value: DraftJSON)] = [("in", .string(place)), ("type", .string(ref.text))]
            if isList, chance(0.6) { parameter.append(("explode", .bool(chance(0.5)))) }
            let wire = place == "header" ? "X-Q\(parameterIndex)" : "w\(parameterIndex)"
            if place == "path" { path += "/{\(wire)}" }
            parameter.append(("wire", .string(wire)))
            if chance(0.3) { parameter.append(("doc", "A parameter.")) }
            parameters.append((parameterName, .object(parameter)))
        }
        // A date in unix time or HTTP-date form, in the query or a header, from `times`.
        if times.next() % 5 == 0 {
            let header = times.next() % 2 == 0
            let leaf = formattedDate()
            let ref =
                times.next() % 2 == 0 ? Ref.optional(leaf) : times.next() % 3 == 0 && !header ? .array(leaf) : leaf
            parameters.append(
                (
                    "t0",
                    .object([
                        ("in", .string(header ? "header" : "query")), ("type", .string(ref.text)),
                        ("wire", .string(header ? "X-T0" : "t0")),
                    ])
                ))
        }
        // A paginated list: by Link or by page number, with a page and a size parameter.
        let paginated = method == "GET" && chance(0.2)
        if paginated {
            parameters.append(("pageNo", .object([("in", "query"), ("type", "int?"), ("wire", "page")])))
            parameters.append(("pageSize", .object([("in", "query"), ("type", "int?"), ("wire", "per_page")])))
        }
        // A conditional GET, whose 304 is an outcome, in a quarter of the GETs that do not page.
        let conditional = method == "GET" && !paginated && wires.next() % 4 == 0
        if conditional {
            let validator =
                wires.next() % 2 == 0
                ? ("ifNoneMatch", "If-None-Match", "string?") : ("since", "If-Modified-Since", "httpDate?")
            parameters.append(
                (
                    validator.0,
                    .object([("in", "header"), ("type", .string(validator.2)), ("wire", .string(validator.1))])
                ))
        }
        endpoint.append(("path", .string(path)))
        if !parameters.isEmpty { endpoint.append(("parameters", .object(parameters))) }
        let structs = types.filter { if case .structure = $0.kind { true } else { false } }
        if method != "GET", wires.next() % 8 == 0 {
            // A body of bytes or text, as it is.
            let bytes = wires.next() % 2 == 0
            endpoint.append(("request", bytes ? "bytes" : "string"))
            endpoint.append(("contentType", bytes ? "application/octet-stream" : "text/plain"))
        } else if method != "GET", !structs.isEmpty, chance(0.6) {
            let request = pick(structs).name
            endpoint.append(("request", .string(request)))
            // A form body in 30% of the requests a form can carry.
            if wires.next() % 10 < 3, Self.formCarries(.named(request), types: types) {
                endpoint.append(("contentType", "application/x-www-form-urlencoded"))
            }
        }
        let hasResponse = paginated || chance(0.7) || conditional
        if paginated {
            endpoint.append(("response", .string(Ref.array(drawRef(among: types, optional: false)).text)))
            let style = pick(["link", "page"])
            // By offset in a quarter of the paginated endpoints, drawn from `wires`.
            let byOffset = wires.next() % 4 == 0
            endpoint.append(
                (
                    "pagination",
                    .object([
                        ("style", .string(byOffset ? "offset" : style)), (byOffset ? "offset" : "page", "pageNo"),
                        ("size", "pageSize"),
                    ])
                ))
        } else if hasResponse, wires.next() % 8 == 0 {
            // A success body of bytes or text, as it is.
            let bytes = wires.next() % 2 == 0
            endpoint.append(("response", bytes ? "bytes" : "string"))
            endpoint.append(("responseContentType", bytes ? "application/octet-stream" : "text/plain"))
        } else if hasResponse {
            let response = drawRef(among: types, optional: false)
            endpoint.append(("response", .string(response.text)))
            // A form answer, as OAuth's token endpoint gives one, in a sixth of the structs a form can write.
            if case let .named(name) = response,
                types.contains(where: { type in
                    if case .structure = type.kind { type.name == name } else { false }
                }), Self.formCarries(response, types: types), wires.next() % 6 == 0
            {
                endpoint.append(("responseContentType", "application/x-www-form-urlencoded"))
            }
        }
        // A declared success status, and response headers read beside the body (or alone, with a 204).
        if chance(0.3) { endpoint.append(("status", .number(String(hasResponse ? pick([200, 201, 202]) : 204)))) }
        // Headers beside pages in a third of the paginated endpoints, drawn from `wires`.
        if paginated ? wires.next() % 3 == 0 : chance(0.3) {
            var headers: [(key: String, value: DraftJSON)] = []
            for headerIndex in 0..<int(1...2) {
                let ref = chance(0.5) ? Ref.optional(pick(parameterTypes)) : pick(parameterTypes)
                var header: [(key: String, value: DraftJSON)] = [
                    ("type", .string(ref.text)), ("wire", .string("X-H\(headerIndex)")),
                ]
                if chance(0.3) { header.append(("doc", "A header.")) }
                headers.append(
                    (name(.parameter, "h\(headerIndex)", "response header of endpoint \(index)"), .object(header)))
            }
            endpoint.append(("responseHeaders", .object(headers)))
        }
        if !errors.isEmpty, chance(0.5) { endpoint.append(("errors", .array([.string(pick(errors))]))) }
        if conditional { endpoint.append(("notModified", true)) }
        if chance(0.2) { endpoint.append(("idempotent", .bool(chance(0.5)))) }
        if method != "GET", chance(0.15) { endpoint.append(("idempotencyKey", "Idempotency-Key")) }
        if chance(0.1) { endpoint.append(("deprecated", "Use another.")) }
        if chance(0.2) { endpoint.append(("auth", .array([]))) }
        return .object(endpoint)
    }

    private mutating func drawEnvelope(structs: [String]) -> DraftJSON {
        var envelope: [(key: String, value: DraftJSON)] = []
        if chance(0.5) {
            var success: [(key: String, value: DraftJSON)] = [("data", "data")]
            if chance(0.5) { success.append(("marker", .object([("result", "ok")]))) }
            envelope.append(("success", .object(success)))
        }
        var error: [(key: String, value: DraftJSON)] = []
        if chance(0.5) { error.append(("container", "error")) }
        if chance(0.5) { error.append(("code", "errorCode")) }
        if chance(0.5) { error.append(("message", "text")) }
        if chance(0.3) { error.append(("marker", .object([("result", "fail")]))) }
        if chance(0.3) { error.append(("headers", .array(["Retry-After", "X-RateLimit-Remaining"]))) }
        if !structs.isEmpty, chance(0.3) { error.append(("body", .string(pick(structs)))) }
        envelope.append(("error", .object(error)))
        return .object(envelope)
    }

    // MARK: - Examples

    /// Adds an example to some endpoints: values that fit the request and response types.
    private mutating func withExamples(_ spec: DraftJSON, types: [TypeModel]) -> DraftJSON {
        guard let endpoints = spec["endpoints"]?.members else { return spec }
        var result = spec
        for (name, endpoint) in endpoints where chance(0.3) {
            var example: [(key: String, value: DraftJSON)] = [("name", "an example")]
            if case let .string(request)? = endpoint["request"], let ref = Self.parse(request) {
                guard let value = sample(of: ref, types: types, depth: 0) else { continue }
                example.append(("request", value))
            }
            if case let .string(response)? = endpoint["response"], let ref = Self.parse(response) {
                guard let value = sample(of: ref, types: types, depth: 0) else { continue }
                example.append(("response", value))
            }
            result = result.updating([.key("endpoints"), .key(name)]) {
                $0.setting("examples", .array([.object(example)]))
            }
        }
        return result
    }

    /// A wire value of `ref`; `nil` where the drawer cannot make one (an OTP variant).
    private mutating func sample(of ref: Ref, types: [TypeModel], depth: Int) -> DraftJSON? {
        switch ref {
        case let .optional(wrapped): return chance(0.3) ? .null : sample(of: wrapped, types: types, depth: depth)
        case let .array(element):
            guard depth < 3, chance(0.7) else { return .array([]) }
            return sample(of: element, types: types, depth: depth + 1).map { .array([$0]) }
        case let .map(value):
            guard depth < 3, chance(0.7) else { return .object([]) }
            return sample(of: value, types: types, depth: depth + 1).map { .object([("k", $0)]) }
        case let .primitive(name):
            switch name {
            case "string": return "text"
            case "int", "int64", "uint64": return 7
            case "json": return .object([("any", .array([true, .number("1.5")]))])
            case "bool": return true
            case "decimal": return .number("10.25")
            case "double": return .number("0.5")
            case "date": return "2026-12-01T10:00:00Z"
            case "unixSeconds": return 1_680_000_000
            case "unixMilliseconds": return 1_680_000_000_123
            case "httpDate": return "Sun, 06 Nov 1994 08:49:37 GMT"
            case "url": return "https://example.com/a"
            case "uuid": return "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
            case "file": return .object([("fileName", "a.bin"), ("contentType", "image/png"), ("data", "AAEC")])
            default: return "AAEC"
            }
        case let .named(name):
            guard let type = types.first(where: { $0.name == name }) else { return nil }
            switch type.kind {
            case let .structure(fields):
                var members: [(key: String, value: DraftJSON)] = []
                // An optional member is drawn now and then, and never deep, so a loop ends.
                for field in fields where !field.ref.isOptional && field.defaultValue == nil || chance(0.3) && depth < 4
                {
                    if field.nullable, chance(0.3) {
                        members.append((field.wire ?? (wireNaming ?? .camelCase).wireName(for: field.name), .null))
                        continue
                    }
                    guard let value = sample(of: field.ref, types: types, depth: depth + 1) else { return nil }
                    members.append((field.wire ?? (wireNaming ?? .camelCase).wireName(for: field.name), value))
                }
                return .object(members)
            case let .enumeration(_, cases): return .string(pick(cases).wire)
            case let .union(nil, cases):
                guard let payload = pick(cases).payload else { return nil }
                return sample(of: payload, types: types, depth: depth + 1)
            case let .union(discriminator?, cases):
                let item = pick(cases)
                var members: [(key: String, value: DraftJSON)] = [(discriminator, .string(item.wire))]
                if let payload = item.payload {
                    guard let value = sample(of: payload, types: types, depth: depth + 1) else { return nil }
                    members.append((item.field ?? item.name, value))
                }
                return .object(members)
            case let .value(_, _, _, sample): return sample
            }
        }
    }

    static func parse(_ text: String) -> Ref? {
        guard let parsed = TypeRef(parsing: text) else { return nil }
        func convert(_ ref: TypeRef) -> Ref {
            switch ref {
            case let .primitive(primitive): .primitive(primitive.rawValue)
            case let .named(name): .named(name)
            case let .array(element): .array(convert(element))
            case let .map(value): .map(convert(value))
            case let .optional(wrapped): .optional(convert(wrapped))
            }
        }
        return convert(parsed)
    }
}
