extension SpecValidator {
    /// A spec whose errors carry a whole body must be able to say the answers its mock writes by
    /// itself: a body of its error type with the mock's message, and a declared error for each
    /// status the mock refuses with (400 for an invalid request, 401 for a missing credential, 404
    /// for no route), else the client sees those answers as untyped failures.
    mutating func checkMockAnswers() {
        guard let body = spec.service.errorBody, case .structure? = spec.type(named: body.name)?.kind else { return }
        if ErrorBodyShape(spec: spec) == nil {
            diagnostics.warning(
                "the mock cannot make a valid \"\(body.name)\" for the errors it answers by itself: a required member has no value it can draw",
                at: body.location,
                note: "give the member a default or a constant, or make it optional")
        }
        let declared = Set(spec.errors.map(\.status))
        var owned: [(status: Int, when: String, example: String)] = [(404, "no route matches", "NOT_FOUND")]
        if spec.endpoints.contains(where: { $0.request != nil || !$0.parameters.isEmpty }) {
            owned.insert((400, "a request is not valid", "INVALID_REQUEST"), at: 0)
        }
        if spec.endpoints.contains(where: { !($0.auth?.isEmpty ?? spec.service.defaultAuth.isEmpty) }) {
            owned.insert((401, "a credential is missing", "UNAUTHORIZED"), at: owned.count - 1)
        }
        for answer in owned where !declared.contains(answer.status) {
            diagnostics.warning(
                "the mock answers \(answer.status) when \(answer.when), but no error declares status \(answer.status); clients see it as an untyped failure",
                at: body.location,
                note:
                    "declare an error for \(answer.status): \"\(answer.example)\": { \"status\": \(answer.status), \"message\": \"…\" }"
            )
        }
    }
}
