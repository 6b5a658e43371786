import Foundation
import SpecsmithCore
import SpecsmithRuntime

/// What `specsmith verify` was asked to do: the spec, the server, and the credentials to send.
struct VerifySettings {
    /// A command line `verify` cannot run with, said for its user.
    struct Problem: Error {
        var message: String
    }

    var specPath: String
    /// Where every host of the spec is served, unless ``hosts`` names another address for it.
    var baseURL: URL
    /// Addresses of single hosts, by the spec's host name.
    var hosts: [String: URL]
    /// App keys by scheme name (`--key merchantKey=…`).
    var keys: [String: String]
    /// Session tokens by scheme name (`--token session=…`), used instead of calling the issuing endpoint.
    var tokens: [String: String]
    /// Seconds to wait for one answer.
    var timeout: TimeInterval

    /// The settings `arguments` give.
    init(_ arguments: Arguments) throws(Problem) {
        guard arguments.positional.count == 1, let spec = arguments.positional.first else {
            throw Problem(message: "verify takes exactly one spec")
        }
        specPath = spec
        guard let base = arguments.options["base-url"] else { throw Problem(message: "verify needs --base-url") }
        baseURL = try Self.url(base, for: "--base-url")
        hosts = [:]
        for (name, address) in try Self.pairs(arguments.repeated["host"] ?? [], option: "--host") {
            hosts[name] = try Self.url(address, for: "--host \(name)")
        }
        keys = try Self.pairs(arguments.repeated["key"] ?? [], option: "--key")
        tokens = try Self.pairs(arguments.repeated["token"] ?? [], option: "--token")
        let seconds = arguments.options["timeout"] ?? "10"
        guard let timeout = TimeInterval(seconds), timeout > 0, timeout <= 300 else {
            throw Problem(message: "--timeout takes a number of seconds from 0 to 300, not \"\(seconds)\"")
        }
        self.timeout = timeout
    }

    /// Refuses a key or token for a scheme `spec` lacks or of the wrong kind, and a host it does not name.
    func check(against spec: Spec) throws(Problem) {
        let schemes = spec.service.authSchemes
        let keySchemes = schemes.filter { $0.kind == .appKey }.map(\.name)
        let sessionSchemes = schemes.filter { $0.kind != .appKey }.map(\.name)
        for name in keys.keys.sorted() where !keySchemes.contains(name) {
            throw Problem(
                message: "--key \(name): the spec has no app-key scheme \"\(name)\" (it has: \(Self.list(keySchemes)))")
        }
        for name in tokens.keys.sorted() where !sessionSchemes.contains(name) {
            throw Problem(
                message:
                    "--token \(name): the spec has no session-token scheme \"\(name)\" (it has: \(Self.list(sessionSchemes)))"
            )
        }
        for scheme in schemes where scheme.isBasic {
            guard let key = keys[scheme.name] else { continue }
            if (try? Self.basicCredential(key)) == nil {
                // The value is a secret: the message says what is wrong, never what was given.
                throw Problem(
                    message:
                        "--key \(scheme.name): HTTP Basic takes <user-id>:<password>, the user-id without a colon or control character"
                )
            }
        }
        let hostNames = spec.service.hosts.map(\.name)
        for name in hosts.keys.sorted() where !hostNames.contains(name) {
            throw Problem(message: "--host \(name): the spec has no host \"\(name)\" (it has: \(Self.list(hostNames)))")
        }
    }

    /// The keys and tokens by scheme name, each as its scheme sends it: a `basic` scheme's
    /// `<user-id>:<password>` base64-encoded (``check(against:)`` has refused one it cannot carry).
    func secrets(for spec: Spec) -> [String: String] {
        var secrets = keys.merging(tokens) { key, _ in key }
        for scheme in spec.service.authSchemes where scheme.isBasic {
            if let key = secrets[scheme.name] { secrets[scheme.name] = (try? Self.basicCredential(key)) ?? nil }
        }
        return secrets
    }

    /// What a `basic` scheme's `--key` (`<user-id>:<password>`) sends after `Basic `.
    /// - Throws: ``ValueRuleFailure`` for a user-id or password HTTP Basic cannot carry; `nil` when
    ///   `key` has no colon.
    private static func basicCredential(_ key: String) throws(ValueRuleFailure) -> String? {
        guard let colon = key.firstIndex(of: ":") else { return nil }
        let credentials = try BasicCredentials(
            username: String(key[..<colon]), password: String(key[key.index(after: colon)...]))
        return credentials.encoded
    }

    // MARK: - Private helpers

    private static func url(_ text: String, for option: String) throws(Problem) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw Problem(
                message: "\(option) takes an http or https URL such as http://127.0.0.1:8080, not \"\(text)\"")
        }
        return url
    }

    private static func pairs(_ values: [String], option: String) throws(Problem) -> [String: String] {
        var result: [String: String] = [:]
        for value in values {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                // The value may be a secret: the message names the option, never what was given.
                throw Problem(message: "\(option) takes <name>=<value>")
            }
            result[String(value[..<equals])] = String(value[value.index(after: equals)...])
        }
        return result
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}
