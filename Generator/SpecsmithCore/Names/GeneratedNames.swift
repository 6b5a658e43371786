/// Every name generated code declares or refers to without qualification, in one table.
///
/// Translators spell these names through this table, and the validator refuses a spec type that
/// would take one: inside the service namespace such a type would shadow what generated code means
/// by the name, and the module would not compile.
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

    /// The type names the generator declares in the namespace.
    public static let namespaceTypes: [String] = [
        client, backendClient, failure, errorCode, environment, otp, operations,
    ]

    // MARK: - The runtime (SpecsmithRuntime)

    public static let clientCore = "ClientCore"
    public static let wireOperation = "WireOperation"
    public static let wireEnvelope = "WireEnvelope"
    public static let otpState = "OTPState"
    public static let otpVariant = "OTPVariant"
    public static let noContent = "NoContent"
    public static let serviceFailure = "ServiceFailure"
    public static let clientFailure = "ClientFailure"
    public static let classifiedFailure = "ClassifiedFailure"
    public static let serviceErrorCode = "ServiceErrorCode"
    public static let failureKind = "FailureKind"
    public static let failureMessages = "FailureMessages"
    public static let errorCodeInfo = "ErrorCodeInfo"
    public static let ruleCheckedValue = "RuleCheckedValue"
    public static let valueRule = "ValueRule"
    public static let valueRuleFailure = "ValueRuleFailure"
    public static let wireCoding = "WireCoding"
    public static let parameterValue = "ParameterValue"
    public static let unknownDiscriminator = "UnknownDiscriminator"
    public static let httpTransport = "HTTPTransport"
    public static let urlSessionTransport = "URLSessionTransport"
    public static let clientMiddleware = "ClientMiddleware"
    public static let retryPolicy = "RetryPolicy"

    /// The module generated SDK code imports, and the SPI group its plumbing is in.
    public static let runtimeModule = "SpecsmithRuntime"
    public static let generatedSPI = "Generated"
    /// The attribute that puts a generated declaration in that SPI group.
    public static let generatedSPIAttribute = "@_spi(\(generatedSPI))"

    // MARK: - The mock (SpecsmithMock)

    public static let mockModule = "SpecsmithMock"
    public static let mockRoute = "MockRoute"
    public static let mockRouter = "MockRouter"
    public static let mockFailure = "MockFailure"
    public static let wireCodec = "WireCodec"
    public static let wireSchema = "WireSchema"
    public static let wireValidated = "WireValidated"

    /// The runtime and mock names generated code refers to.
    public static let libraryTypes: [String] = [
        clientCore, wireOperation, wireEnvelope, otpState, otpVariant, noContent, serviceFailure, clientFailure,
        classifiedFailure, serviceErrorCode,
        failureKind, failureMessages, errorCodeInfo, ruleCheckedValue, valueRule, valueRuleFailure, wireCoding,
        parameterValue, unknownDiscriminator, httpTransport, urlSessionTransport, clientMiddleware, retryPolicy,
        mockRoute, mockRouter, mockFailure, wireCodec, wireSchema, wireValidated,
    ]

    /// Swift and Foundation types generated code names without a module prefix: the primitives'
    /// Swift types and the protocols and helpers generated declarations use.
    public static let standardTypes: [String] = [
        "String", "Int", "Bool", "Decimal", "Double", "Date", "URL", "UUID", "Data", "Sendable", "Codable",
        "Encodable", "Decodable", "Hashable", "Equatable", "CaseIterable", "RawRepresentable", "CodingKey",
        "CustomStringConvertible", "CustomDebugStringConvertible", "CustomReflectable", "LocalizedError", "Error",
        "Mirror", "KeyValuePairs", "Decoder", "Encoder", "Hasher", "Optional", "Array", "Dictionary", "Never",
        "TimeInterval", "Foundation",
    ]

    /// Every top-level name a spec type may not take.
    public static let reservedTypeNames: Set<String> = Set(namespaceTypes + libraryTypes + standardTypes)

    /// Members generated code adds to a struct with a sensitive field (its redacted descriptions and
    /// mirror); a field of such a struct may not take them. Other structs declare none of them.
    public static let reservedFieldNames: Set<String> = ["description", "debugDescription", "customMirror"]
}
