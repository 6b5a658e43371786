import Foundation

extension SpecValidator {
    /// Every example fits its endpoint: a request example is a wire value of the request type, a
    /// response example one of the response type, so the docs, the mock's default answers and the
    /// round-trip tests built from examples never carry a value the SDK cannot decode.
    mutating func checkExamples() {
        // A type whose declaration is wrong is reported there; its values are not judged by it.
        let check = WireValueCheck(spec: spec, unjudgedTypes: defectiveTypes)
        for endpoint in spec.endpoints {
            for example in endpoint.examples {
                for (node, ref, role) in [
                    (example.request, endpoint.request, "request"), (example.response, endpoint.response, "response"),
                ] {
                    guard let node else { continue }
                    let what = "the \(role) of example \"\(example.name)\" of \"\(endpoint.name)\""
                    guard let ref else {
                        diagnostics.error(
                            "\(what) has nothing to fit: the endpoint declares no \(role)", at: node.location,
                            note: "remove it, or declare \"\(role)\" on the endpoint")
                        continue
                    }
                    if let problem = check.problem(with: node, as: ref) {
                        diagnostics.error("\(what) does not fit \(ref): \(problem.message)", at: problem.location)
                    }
                }
            }
        }
    }
}
