/// The hash RSA-OAEP uses for its label and mask: SHA-256 (JOSE's RSA-OAEP-256), or SHA-1 for legacy
/// backends that still require it.
public enum RSAOAEPDigest: String, Sendable, Hashable {
    case sha256
    case sha1
}
