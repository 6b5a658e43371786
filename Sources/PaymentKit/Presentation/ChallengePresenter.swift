// Hand-written: how the SDK shows a web page (an issuer challenge, the hosted checkout) without
// knowing the UI: a view controller on iOS, HeadlessChallengePresenter on servers and in tests.
import Foundation

/// A page the SDK asks to show.
public struct PagePresentation: Sendable, Hashable {
    /// The page to load.
    public var url: URL
    /// The page is finished once navigation reaches a URL that starts with this one.
    public var returnURL: URL

    /// A page at `url` that ends at `returnURL`.
    public init(url: URL, returnURL: URL) {
        self.url = url
        self.returnURL = returnURL
    }

    /// Whether `url` is where the page ends.
    public func isReturn(_ url: URL) -> Bool {
        url.absoluteString.hasPrefix(returnURL.absoluteString)
    }
}

/// How a presented page ended.
public enum PageResult: Sendable, Hashable {
    /// Navigation reached the return URL; here it is.
    case returned(URL)
    /// The payer closed the page.
    case closed
}

/// Shows pages for the SDK, modally over what the app passed as `from:`.
///
/// The SDK calls ``present(_:completion:)`` at most once per page and ``dismiss(completion:)``
/// before it gives its result. It tolerates a presenter that reports more than once, or never.
public protocol ChallengePresenter: Sendable {
    /// Shows `page`, and calls `completion` when it returns or the payer closes it.
    func present(_ page: PagePresentation, completion: @escaping @Sendable (PageResult) -> Void)
    /// Removes what ``present(_:completion:)`` showed, then calls `completion`.
    func dismiss(completion: @escaping @Sendable () -> Void)
}
