@_spi(Generated) import SpecsmithRuntime

/// Every name generated code declares or refers to without qualification, in one table.
///
/// Translators spell these names through this table, and the validator refuses a spec type that
/// would take one: inside the service namespace such a type would shadow what generated code means
/// by the name, and the module would not compile. The runtime's names are read from its types, so
/// renaming one there is a compile error here, not a stale string; the mock's, which the generator
/// does not link, are checked against its types by a test.
public enum GeneratedNames {
    // MARK: - Declared in every service namespace

    /// The wire client.
    public static let client = "Client"
    /// The backend's wire client, in the backend module: the `backendOnly` endpoints.
    public static let backendClient = "BackendClient"
    /// The typed failure every call throws.
    public static let failure = "Failure"
    /// The error codes, by name.
    public static let errorCode = "ErrorCode"
    /// Where the service runs.
    public static let environment = "Environment"
    /// The protocol every OTP variant shares.
    public static let otp = "OTP"
    /// The operation table the client and the mock share.
    public static let operations = "Operations"
    /// The static wire envelope of the namespace.
    public static let envelope = "envelope"
    /// The namespace's sessions, as its `sessionToken` auth schemes describe them.
    public static let wireSessions = "wireSessions"

    /// The type names the generator declares in every namespace.
    public static let namespaceTypes: [String] = [client, backendClient, failure, errorCode, environment, operations]

    // MARK: - The runtime (SpecsmithRuntime)

    public static let clientCore = name(of: ClientCore.self)
    public static let wireOperation = name(of: WireOperation.self)
    public static let wireEnvelope = name(of: WireEnvelope.self)
    public static let wireSession = name(of: WireSession.self)
    public static let otpState = name(of: OTPState<Never>.self)
    public static let otpVariant = name(of: (any SpecsmithRuntime.OTPVariant).self)
    public static let noContent = name(of: NoContent.self)
    public static let serviceFailure = name(of: (any ServiceFailure).self)
    public static let clientFailure = name(of: ClientFailure.self)
    public static let classifiedFailure = name(of: (any ClassifiedFailure).self)
    public static let serviceErrorCode = name(of: (any ServiceErrorCode).self)
    public static let failureKind = name(of: FailureKind.self)
    public static let failureMessages = name(of: FailureMessages.self)
    public static let errorCodeInfo = name(of: ErrorCodeInfo.self)
    public static let errorCodeValue = name(of: ErrorCodeValue.self)
    public static let conditional = name(of: Conditional<Int>.self)
    public static let filePart = name(of: FilePart.self)
    public static let ruleCheckedValue = name(of: (any RuleCheckedValue).self)
    public static let valueRule = name(of: ValueRule.self)
    public static let valueRuleFailure = name(of: ValueRuleFailure.self)
    public static let wireCoding = name(of: WireCoding.self)
    public static let wireJSONWritable = name(of: (any WireJSONWritable).self)
    public static let wireJSONWriter = name(of: WireJSONWriter.self)
    public static let parameterValue = name(of: (any ParameterValue).self)
    public static let parameterList = name(of: ParameterList.self)
    public static let jsonValue = name(of: JSONValue.self)
    public static let unknownDiscriminator = name(of: UnknownDiscriminator.self)
    public static let wireShape = name(of: WireShape.self)
    public static let httpTransport = name(of: (any HTTPTransport).self)
    public static let urlSessionHTTPTransport = name(of: URLSessionHTTPTransport.self)
    public static let transportMiddleware = name(of: (any TransportMiddleware).self)
    public static let retryPolicy = name(of: RetryPolicy.self)
    /// Spelled with its module (`SpecsmithRuntime.BasicCredentials`), so no spec type hides it.
    public static let basicCredentials = name(of: BasicCredentials.self)
    public static let reply = name(of: Reply<Int, NoHeaders>.self)
    /// The members a reply keeps for itself (its body, headers and status), read from the type: a
    /// body member of one of these names could not be read through the reply.
    public static let replyMembers = Mirror(reflecting: Reply(0, headers: NoHeaders())).children.compactMap(\.label)
    public static let nullable = name(of: Nullable<Int>.self)
    public static let indirect = name(of: Indirect<Int>.self)
    public static let wireTime = name(of: WireTime<UnixSeconds>.self)
    public static let unixSeconds = name(of: UnixSeconds.self)
    public static let unixMilliseconds = name(of: UnixMilliseconds.self)
    public static let httpDate = name(of: HTTPDate.self)
    public static let pages = name(of: Pages<Int, Int, Never>.self)
    public static let responseHeaders = name(of: (any ResponseHeaders).self)
    public static let headerFields = name(of: HeaderFields.self)
    /// The member of every response headers struct that writes its headers.
    public static let headerFieldsMember = "headerFields"

    /// The module generated SDK code imports, and the SPI group its plumbing is in.
    public static let runtimeModule = module(of: WireCoding.self)
    public static let generatedSPI = "Generated"

    // MARK: - The mock (SpecsmithMock)

    // Spelled here, as the generator does not link the mock (it reads specs, and serves nothing);
    // GeneratedNamesTests checks each against the mock's own type, so a rename there fails a test.
    public static let mockModule = "SpecsmithMock"
    public static let mockRoute = "MockRoute"
    public static let mockRouter = "MockRouter"
    public static let mockFailure = "MockFailure"
    public static let mockErrorBody = "MockErrorBody"
    public static let mockIdempotency = "MockIdempotency"
    public static let wireCodec = "WireCodec"
    public static let wireSchema = "WireSchema"
    public static let wireValidated = "WireValidated"

    public static let mockRequest = "MockRequest"
    public static let mockHeadedAnswer = "MockHeadedAnswer"

    /// The runtime names SDK and backend code spells inside `extension Namespace`, where a spec type
    /// of the same name would be found first.
    public static let sdkLibraryTypes: [String] = [
        clientCore, wireOperation, wireEnvelope, classifiedFailure, serviceErrorCode, failureKind, failureMessages,
        errorCodeInfo, errorCodeValue, httpTransport, urlSessionHTTPTransport, transportMiddleware, retryPolicy,
    ]

    /// What a spec with OTP variants adds: the shared protocol it declares and the runtime types
    /// its variants use. A spec without OTPs leaves these names free.
    public static let otpTypes: [String] = [otp, otpState, otpVariant]

    /// The mock's names. Mock code spells them at the top level or inside extensions of a spec
    /// type, where a namespace's own types are not looked up: only a type nested in a spec type can
    /// hide one.
    public static let mockLibraryTypes: [String] = [
        mockRoute, mockRouter, mockFailure, wireCodec, wireSchema, wireValidated, mockRequest,
    ]

    /// Swift and Foundation types every generated SDK names without a module prefix: in its
    /// environments, client, failure and error codes.
    public static let standardTypes: [String] = [
        "String", "Int", "URL", "TimeInterval", "Sendable", "Codable", "Hashable", "Equatable", "RawRepresentable",
        "CustomStringConvertible", "LocalizedError",
    ]

    /// The standard protocols only model declarations spell, as conformances: the client, its
    /// methods' bodies and the mock's routes never do.
    public static let modelConformances: [String] = [
        "Codable", "Hashable", "Equatable", "RawRepresentable", "CustomStringConvertible", "LocalizedError",
    ]

    /// Swift and Foundation types generated code names only when a spec has what needs them.
    public enum Feature: Sendable, CaseIterable {
        /// Each primitive but string and int, by the Swift type it becomes.
        case bool, int64, uint64, double, decimal, date, uuid, data
        /// Free-form JSON fields are the runtime's JSON value.
        case json
        /// Closed enums are `CaseIterable`.
        case closedEnum
        /// Unions and structs with defaults or wire names have coding keys and decode by hand.
        case codingKeys
        /// Sensitive values get redacted descriptions and mirrors.
        case redaction
        /// Value types check rules; those with rules list them; enums and values are parameters.
        case valueTypes, valueRules, parameterValues
        /// Unions refuse an unknown discriminator.
        case unions
        /// Unions chosen by shape read the value's shape, and decode and encode by hand.
        case shapeUnions
        /// Dates written as literals and decimals with a scale use the runtime's wire coding.
        case wireCoding
        /// An endpoint that answers nothing, or an OTP verified without a request.
        case noContent
        /// A list in the query travels as a runtime parameter list.
        case queryLists
        /// An endpoint that declares response headers answers a runtime reply.
        case responseHeaders
        /// A field that is optional and nullable is the runtime's three-state value.
        case nullable
        /// A paginated endpoint has a method that answers the runtime's pages.
        case pagination
        /// A struct that holds itself stores the field that closes the loop in the runtime's box.
        case indirect
        /// A date in unix time or HTTP-date form travels as the runtime's wire time of its format,
        /// and a struct holding one encodes by hand.
        case wireTime
        /// A conditional GET answers the runtime's conditional value.
        case conditional
        /// A file of a multipart body is the runtime's file part.
        case files
        /// A service that issues sessions lists them in its namespace, as the runtime's wire sessions.
        case sessions

        /// The names generated code spells for the feature.
        public var typeNames: [String] {
            switch self {
            case .bool: ["Bool"]
            case .int64: ["Int64"]
            case .json: [GeneratedNames.jsonValue]
            case .uint64: ["UInt64"]
            case .double: ["Double"]
            case .decimal: ["Decimal"]
            case .date: ["Date"]
            case .uuid: ["UUID"]
            case .data: ["Data"]
            case .closedEnum: ["CaseIterable"]
            case .codingKeys: ["CodingKey", "Decoder", "Encoder", "container", "decoder", "encoder"]
            case .redaction: ["CustomDebugStringConvertible", "CustomReflectable", "Mirror", "KeyValuePairs", redacted]
            case .valueTypes: [GeneratedNames.ruleCheckedValue, GeneratedNames.valueRuleFailure]
            case .valueRules: [GeneratedNames.valueRule]
            case .parameterValues: [GeneratedNames.parameterValue, "rawValue"]
            case .unions: [GeneratedNames.unknownDiscriminator]
            case .shapeUnions: [GeneratedNames.wireShape, "Decoder", "Encoder"]
            case .wireCoding: [GeneratedNames.wireCoding]
            case .noContent: [GeneratedNames.noContent]
            case .queryLists: [GeneratedNames.parameterList]
            case .nullable: [GeneratedNames.nullable]
            case .pagination: [GeneratedNames.pages]
            case .indirect: [GeneratedNames.indirect]
            case .conditional: [GeneratedNames.conditional]
            case .files: [GeneratedNames.filePart]
            case .sessions: [GeneratedNames.wireSession, GeneratedNames.wireSessions]
            case .wireTime:
                [
                    GeneratedNames.wireTime, GeneratedNames.unixSeconds, GeneratedNames.unixMilliseconds,
                    GeneratedNames.httpDate, "Encoder", "container", "encoder",
                ]
            case .responseHeaders:
                [
                    GeneratedNames.reply, GeneratedNames.responseHeaders, GeneratedNames.headerFields,
                    GeneratedNames.mockHeadedAnswer, "Void",
                ]
            }
        }
    }

    /// Every name a top-level spec type may not take: the namespace's own declarations (its types
    /// and its static `envelope`) and what SDK code names without qualification there.
    public static func reservedTypeNames(withOTPs: Bool, features: Set<Feature> = Set(Feature.allCases)) -> Set<
        String
    > {
        Set(
            namespaceTypes + [envelope] + sdkLibraryTypes + standardTypes + (withOTPs ? otpTypes : [])
                + features.flatMap(\.typeNames))
    }

    /// Every name a nested spec type (`Card.ID`) may not take: what generated code spells inside
    /// its parent's declaration and extensions, the parent's coding keys included.
    public static func reservedNestedTypeNames(features: Set<Feature> = Set(Feature.allCases)) -> Set<String> {
        Set(
            sdkLibraryTypes + mockLibraryTypes + standardTypes + features.flatMap(\.typeNames) + ["CodingKeys"])
    }

    /// The wire client's engine, a stored property of every client.
    public static let clientCoreMember = "core"
    /// The client method that restores a session, in a service that issues one.
    public static let restoreSession = "restoreSession"

    /// The labels of the client initialiser's parameters, which the client translator declares and
    /// documents and the validator keeps key schemes away from. The key parameters sit between
    /// `transport` and `timeout`: `appKey` for the first app-key scheme, then each later scheme's name.
    public enum ClientParameter {
        public static let environment = "environment"
        public static let transport = "transport"
        public static let firstAppKey = "appKey"
        public static let timeout = "timeout"
        public static let middlewares = "middlewares"
        public static let retry = "retry"

        /// Every label a later app-key scheme's name may not take, the client's engine included.
        public static let taken: Set<String> = [
            environment, transport, firstAppKey, timeout, middlewares, retry, clientCoreMember,
        ]
    }

    /// Locals and members generated bodies spell bare (decoding containers, raw values): a type of
    /// such a name would be found in their stead, so the features whose code has them reserve them.
    public static let bodyNames: [String] = ["container", "decoder", "encoder", "rawValue"]

    /// Static members of every value type: a constant may not take one.
    public static let valueTypeStatics: Set<String> = ["rules", "isSensitive", "rawValue"]

    /// Static members of every `ErrorCode`, and the runtime types its declaration spells: an
    /// error's Swift name may not take one.
    public static let errorCodeStatics: Set<String> = ["catalog", errorCodeInfo, errorCodeValue]

    /// The runtime's placeholder for a sensitive value, which redacted descriptions spell bare.
    public static let redacted = "redacted"

    /// Names a field of a struct with a sensitive field may not take: the members generated code
    /// adds to it (its redacted descriptions and mirror), and `redacted`, which those members mean
    /// as the runtime's placeholder: a field of that name would be printed in its stead, a
    /// sensitive one in clear. Other structs declare and use none of them.
    public static let reservedFieldNames: Set<String> = ["description", "debugDescription", "customMirror", redacted]

    /// The module `type` is declared in.
    static func module(of type: Any.Type) -> String {
        String(String(reflecting: type).prefix { $0 != "." })
    }

    /// The name Swift declares `type` under: without its module, generic arguments or `any`.
    static func name<Named: ~Copyable>(of type: Named.Type) -> String {
        var text = String(describing: type)
        if text.hasPrefix("any ") { text.removeFirst("any ".count) }
        if let angle = text.firstIndex(of: "<") { text = String(text[..<angle]) }
        return text
    }
}

/// The headers of no endpoint: what the reply's name is read from.
private struct NoHeaders: ResponseHeaders {
    init() {}
    init(from fields: HeaderFields) {}
    var headerFields: [String: String] { [:] }
}
