// Hand-written: a presenter without a screen, for servers, tests and examples. It plays the payer in
// a browser: loads the page, submits its form with the fields it is given, follows redirects, and
// reports when navigation reaches the return URL.
import Foundation
import PaymentKit
import SpecsmithRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``ChallengePresenter`` that answers pages over HTTP with scripted actions, one per page.
public final class HeadlessChallengePresenter: ChallengePresenter {
    /// What the payer does on one page.
    public enum Action: Sendable, Hashable {
        /// Submits the page's form with these fields (its hidden fields are sent too).
        case submit([String: String])
        /// Closes the page without answering.
        case close
    }

    /// Misbehaviour to test the SDK against.
    public enum Quirk: Sendable, Hashable {
        /// Behaves.
        case none
        /// Calls the completion twice.
        case reportsTwice
        /// Never calls the completion.
        case neverReports
    }

    private struct Record {
        var presented: [URL] = []
        var dismissals = 0
    }

    private let actions: [Action]
    private let quirk: Quirk
    private let record = Locked(Record())

    /// - Parameters:
    ///   - actions: One per page, in order; when they run out before the return URL, the page is closed.
    ///   - quirk: Misbehaviour for tests.
    public init(actions: [Action], quirk: Quirk = .none) {
        self.actions = actions
        self.quirk = quirk
    }

    /// The pages presented so far.
    public var presentedPages: [URL] { record.withLock { $0.presented } }
    /// How many times the SDK dismissed.
    public var dismissals: Int { record.withLock { $0.dismissals } }

    // MARK: - ChallengePresenter

    /// Plays the actions on the page, then reports where navigation ended (or `.closed`).
    public func present(_ page: PagePresentation, completion: @escaping @Sendable (PageResult) -> Void) {
        record.withLock { $0.presented.append(page.url) }
        let actions = actions
        let quirk = quirk
        Task {
            let result = await Self.run(actions, on: page)
            switch quirk {
            case .none: completion(result)
            case .reportsTwice:
                completion(result)
                completion(.closed)
            case .neverReports: break
            }
        }
    }

    /// Counts the dismissal and calls `completion` at once.
    public func dismiss(completion: @escaping @Sendable () -> Void) {
        record.withLock { $0.dismissals += 1 }
        completion()
    }

    // MARK: - Playing the payer

    private static func run(_ actions: [Action], on page: PagePresentation) async -> PageResult {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        guard var (url, html) = try? await load(URLRequest(url: page.url), session) else { return .closed }
        for action in actions {
            if page.isReturn(url) { return .returned(url) }
            guard case let .submit(fields) = action, let form = Form(html: html, base: url) else { return .closed }
            var request = URLRequest(url: form.action)
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(Form.encode(form.hiddenFields.merging(fields) { $1 }).utf8)
            guard let next = try? await load(request, session) else { return .closed }
            (url, html) = next
        }
        return page.isReturn(url) ? .returned(url) : .closed
    }

    private static func load(_ request: URLRequest, _ session: URLSession) async throws -> (URL, String) {
        let (data, response) = try await session.data(for: request)
        return (response.url ?? request.url!, String(decoding: data, as: UTF8.self))
    }
}

/// The first form of an HTML page, read well enough for the mock's simple pages.
private struct Form {
    var action: URL
    var hiddenFields: [String: String]

    init?(html: String, base: URL) {
        guard let tag = Self.firstMatch(#"<form[^>]*>"#, in: html),
            let action = Self.attribute("action", in: tag).flatMap({ URL(string: $0, relativeTo: base) })
        else { return nil }
        self.action = action.absoluteURL
        hiddenFields = [:]
        for input in Self.matches(#"<input[^>]*type="hidden"[^>]*>"#, in: html) {
            if let name = Self.attribute("name", in: input) {
                hiddenFields[name] = Self.attribute("value", in: input) ?? ""
            }
        }
    }

    static func encode(_ fields: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.sorted { $0.key < $1.key }.map { name, value in
            let encoded = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            return "\(name)=\(encoded)"
        }.joined(separator: "&")
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let match = firstMatch(" \(name)=\"[^\"]*\"", in: tag) else { return nil }
        return String(match.dropFirst(name.count + 3).dropLast())
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func firstMatch(_ pattern: String, in text: String) -> String? {
        matches(pattern, in: text).first
    }

    private static func matches(_ pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else {
            return []
        }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }
}

extension ChallengePresenter where Self == HeadlessChallengePresenter {
    /// Approves an issuer challenge.
    public static var approve: HeadlessChallengePresenter {
        HeadlessChallengePresenter(actions: [.submit(["decision": "approve"])])
    }
    /// Fails an issuer challenge.
    public static var deny: HeadlessChallengePresenter {
        HeadlessChallengePresenter(actions: [.submit(["decision": "deny"])])
    }
    /// Presses Cancel on the issuer's page.
    public static var cancelOnPage: HeadlessChallengePresenter {
        HeadlessChallengePresenter(actions: [.submit(["decision": "cancel"])])
    }
    /// Closes the page at once.
    public static var close: HeadlessChallengePresenter { HeadlessChallengePresenter(actions: [.close]) }
}
