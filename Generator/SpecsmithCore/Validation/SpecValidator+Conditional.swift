extension SpecValidator {
    /// The validator headers a conditional GET sends, any one of which can bring a `304`.
    static let conditionalRequestHeaders = ["If-None-Match", "If-Modified-Since"]

    /// `notModified` declares a `304` that only a conditional GET of a resource can answer: a GET
    /// with a body to hold on to, one of whose header parameters is a validator, and not a pages
    /// method, whose pages are fetched for the caller.
    mutating func checkNotModified(of endpoint: Endpoint) {
        guard endpoint.answersNotModified, let at = endpoint.notModifiedLocation else { return }
        let subject = "\"notModified\" of \"\(endpoint.name)\""
        if endpoint.method != .get {
            diagnostics.error(
                "\(subject) needs a GET: only a conditional GET answers 304 Not Modified", at: at,
                note: "a conditional write fails with 412 instead; declare that as an error")
        }
        if endpoint.response == nil {
            diagnostics.error(
                "\(subject) needs a response: a 304 says the copy the caller holds is current", at: at)
        }
        if endpoint.pagination != nil {
            diagnostics.error(
                "\(subject) cannot combine with pagination: the pages method fetches pages the caller holds no copy of",
                at: at)
        }
        let validators = endpoint.parameters.filter { parameter in
            parameter.location == .header
                && Self.conditionalRequestHeaders.contains {
                    $0.caseInsensitiveCompare(parameter.wireName) == .orderedSame
                }
        }
        if validators.isEmpty {
            diagnostics.error(
                "\(subject) needs a header parameter that makes the GET conditional", at: at,
                note:
                    "such as \"ifNoneMatch\": {\"in\": \"header\", \"wire\": \"If-None-Match\", \"type\": \"string?\"}")
        }
    }
}
