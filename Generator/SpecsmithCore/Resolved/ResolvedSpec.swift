/// A valid spec with everything derived from it worked out once: each endpoint's effective host,
/// the credentials it sends, the session it issues, the wire paths of its sensitive values, the
/// endpoints each OTP variant calls, and the shape each type travels in. The Swift translators and
/// the OpenAPI exporter both read this, so no rule is computed in two places.
///
/// It is the pipeline's second stage (spec → resolved spec → IR → text): made from a spec only once
/// validation found no error (``SpecLoader/Result/resolved``), so what comes after it assumes a
/// valid spec and checks nothing again.
public struct ResolvedSpec: Sendable {
    public let spec: Spec
    /// The endpoints in spec order.
    public let endpoints: [ResolvedEndpoint]
    /// Every declared type a request body carries, directly or nested.
    public let requestTypes: Set<String>
    /// Types that only ever travel inside request bodies: messages the client sends, not values an
    /// app keeps. Swift makes them `Equatable` rather than `Hashable` (hashing them is never needed
    /// and costs compile time), and OpenAPI marks their sensitive members `writeOnly`. A type no
    /// endpoint carries that holds one of them is one too, since it cannot be `Hashable`.
    public let requestOnlyTypes: Set<String>
    /// Every declared type an app endpoint (one not `backendOnly`) carries: what the app's SDK sends
    /// and receives, and so the fields whose `collects` its privacy manifest lists.
    public let appTypes: Set<String>

    /// One app-client parameter per app-key scheme, in spec order: the first is `appKey`, each
    /// further one takes its scheme's name (`serverKey`), so a client can hold every key the app
    /// may send. A scheme only `backendOnly` endpoints use is left out: the app never holds it.
    public let keyParameters: [KeyParameter]
    /// The backend client's parameters: one per app-key scheme its endpoints use, each labelled by
    /// its scheme's name (`serverKey`, `merchantKey`), since a backend's keys are never "the app's".
    public let backendKeyParameters: [KeyParameter]
    /// Each OTP variant with the endpoints it calls, in spec order.
    public let otpVariants: [ResolvedOTPVariant]
    /// Where types contain themselves, and so which fields are stored indirectly.
    public let recursion: TypeRecursion

    /// Resolves `spec`, which the caller vouches is valid: the loader, after validation, and tests
    /// that generate code lint refuses on purpose.
    package init(assumingValid spec: Spec) {
        self.spec = spec
        // Validation refuses a variant that names an endpoint the spec lacks.
        otpVariants =
            spec.otps?.variants.compactMap { variant in
                guard let verify = spec.endpoint(named: variant.verify),
                    let resend = spec.endpoint(named: variant.resend)
                else { return nil }
                return ResolvedOTPVariant(variant: variant, verify: verify, resend: resend, in: spec)
            } ?? []
        let endpoints = spec.endpoints.map { ResolvedEndpoint($0, in: spec) }
        self.endpoints = endpoints
        let keySchemes = spec.service.authSchemes.filter { $0.kind == .appKey }
        let usedBy = { (backend: Bool) in
            Set(endpoints.filter { $0.endpoint.backendOnly == backend }.flatMap(\.credentials).map(\.scheme))
        }
        let (appUses, backendUses) = (usedBy(false), usedBy(true))
        let appSchemes = keySchemes.filter { appUses.contains($0.name) || !backendUses.contains($0.name) }
        // The first key the app is given alone is its `appKey`; a user-id and password (HTTP Basic)
        // and every further key go by their scheme's name.
        let firstKey = appSchemes.first { !$0.isBasic }?.name
        keyParameters = appSchemes.map { scheme in
            KeyParameter(
                label: scheme.name == firstKey ? GeneratedNames.ClientParameter.firstAppKey : scheme.name,
                header: scheme.requirement().keyName ?? scheme.header, doc: scheme.doc, isBasic: scheme.isBasic)
        }
        backendKeyParameters = keySchemes.filter { backendUses.contains($0.name) }.map { scheme in
            KeyParameter(
                label: scheme.name, header: scheme.requirement().keyName ?? scheme.header, doc: scheme.doc,
                isBasic: scheme.isBasic)
        }
        requestTypes = Self.reachable(from: spec.endpoints.compactMap(\.request), in: spec)
        var roots = spec.endpoints.compactMap(\.response) + spec.endpoints.flatMap { $0.parameters.map(\.type) }
        if let otps = spec.otps { roots.append(.named(otps.info)) }
        let reachable = Self.reachable(from: roots, in: spec)
        var requestOnly = requestTypes.subtracting(reachable)
        // A type no endpoint carries that holds a request-only one cannot be `Hashable` either.
        var grew = true
        while grew {
            grew = false
            for type in spec.types where !requestOnly.contains(type.name) && !reachable.contains(type.name) {
                if !Self.memberTypes(of: type).isDisjoint(with: requestOnly) {
                    requestOnly.insert(type.name)
                    grew = true
                }
            }
        }
        requestOnlyTypes = requestOnly
        appTypes = Self.appTypes(in: spec)
        recursion = TypeRecursion(spec)
    }

    /// The declared types app endpoints carry in requests, responses and parameters, and the OTP
    /// info the app's OTP variants answer with.
    public static func appTypes(in spec: Spec) -> Set<String> {
        let app = spec.endpoints.filter { !$0.backendOnly }
        var roots = app.compactMap(\.request) + app.compactMap(\.response) + app.flatMap { $0.parameters.map(\.type) }
        if let otps = spec.otps { roots.append(.named(otps.info)) }
        return reachable(from: roots, in: spec)
    }

    /// The named types a declaration's fields or payloads mention directly.
    static func memberTypes(of type: TypeDecl) -> Set<String> {
        switch type.kind {
        case let .structure(decl): Set(decl.fields.flatMap(\.type.namedTypes))
        case let .union(decl): Set(decl.cases.compactMap(\.payload).flatMap(\.namedTypes))
        case .enumeration, .value: []
        }
    }

    /// Every declared type `roots` mention, directly or through fields, payloads and nesting.
    static func reachable(from roots: [TypeRef], in spec: Spec) -> Set<String> {
        var seen: Set<String> = []
        var pending = roots.flatMap(\.namedTypes)
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let type = spec.type(named: name) else { continue }
            pending += memberTypes(of: type)
        }
        return seen
    }

    /// The resolution of the endpoint named `name`.
    public func endpoint(named name: String) -> ResolvedEndpoint? {
        endpoints.first { $0.endpoint.name == name }
    }

    /// The declared type a value named `name` travels as: an OTP variant travels as its info, every
    /// other type as itself.
    public func wireTypeName(_ name: String) -> String {
        guard let otps = spec.otps, otps.variants.contains(where: { $0.name == name }) else { return name }
        return otps.info
    }
}
