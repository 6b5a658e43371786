@_spi(Generated) import SpecsmithRuntime

/// Which declared error answers a refusal the mock makes by itself, by one rule for every spec.
extension MockRouter {
    /// The error the spec declares for a refusal with `status`:
    /// - a `401` or `403` takes the first error of that status that `operation` documents, a
    ///   `session` one first (the error a client of that operation is told to expect);
    /// - any status takes the error the spec tells apart by that status alone (`"NOT_FOUND":
    ///   {"status": 404}`), since that status is its identity;
    /// - a `401` left over takes the lowest-coded `session` error of status `401`.
    ///
    /// A code-based error of another status is never borrowed: "no route" is not `CARD_NOT_FOUND`.
    /// `nil` when the spec declares none; lint asks for one (`declare an error for 400`).
    public func declaredError(status: Int, for operation: WireOperation?) -> (
        code: ErrorCodeValue, info: ErrorCodeInfo
    )? {
        if status == 401 || status == 403, let operation {
            // An error told apart by a condition is a handler's to answer, never a refusal's.
            let documented = operation.errors.compactMap { code in errors[code].map { (code: code, info: $0) } }
                .filter { $0.info.status == status && $0.info.condition == nil }
            if let pick = documented.first(where: { $0.info.category == .session }) ?? documented.first { return pick }
        }
        if let info = errors[.number(status)], info.byStatus { return (.number(status), info) }
        if status == 401 {
            return errors.filter {
                $0.value.status == 401 && $0.value.category == .session && $0.value.condition == nil
            }
            .min { $0.key < $1.key }.map { (code: $0.key, info: $0.value) }
        }
        return nil
    }

    /// Gives a refusal of the mock's own the declared error for its status: that error's code (none
    /// for one told apart by status), and for a credential its message, which is what the client
    /// shows; an invalid request keeps the mock's message, which lists what is wrong. Without a
    /// declared error, a service whose errors carry a whole body sends no code.
    func declare(_ failure: inout MockFailure, for operation: WireOperation?) {
        guard let (code, info) = declaredError(status: failure.status, for: operation) else {
            if errorBody != nil { failure.code = nil }
            return
        }
        failure.code = info.byStatus ? nil : code
        if failure.takesDeclaredMessage { failure.message = info.message }
    }
}
