import Foundation

/// The front end in one call: read the file, parse, read the spec, validate.
public enum SpecLoader {
    /// The outcome of loading one spec file.
    public struct Result: Sendable {
        public let path: String
        public let spec: Spec?
        public let diagnostics: Diagnostics
        /// The spec resolved, when there is one and nothing is wrong with it: the input of every
        /// later stage.
        public let resolved: ResolvedSpec?

        init(path: String, spec: Spec?, diagnostics: Diagnostics) {
            self.path = path
            self.spec = spec
            self.diagnostics = diagnostics
            resolved = diagnostics.hasErrors ? nil : spec.map(ResolvedSpec.init(assumingValid:))
        }

        /// The spec, when there is one and nothing is wrong with it.
        public var validSpec: Spec? { resolved?.spec }
    }

    public static func load(text: String, path: String) -> Result {
        var (spec, diagnostics) = SpecReader.read(text: text)
        if let spec {
            // Each keeps its severity: a validator's warning does not stop generation.
            for diagnostic in SpecValidator.validate(spec).all {
                switch diagnostic.severity {
                case .error: diagnostics.error(diagnostic.message, at: diagnostic.location, note: diagnostic.note)
                case .warning: diagnostics.warning(diagnostic.message, at: diagnostic.location, note: diagnostic.note)
                }
            }
        }
        return Result(path: path, spec: spec, diagnostics: diagnostics)
    }

    public static func load(path: String) -> Result {
        guard let data = FileManager.default.contents(atPath: path) else {
            var diagnostics = Diagnostics()
            diagnostics.error("cannot read the file", at: SourcePosition(line: 1, column: 1))
            return Result(path: path, spec: nil, diagnostics: diagnostics)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            var diagnostics = Diagnostics()
            diagnostics.error("the file is not UTF-8 text", at: SourcePosition(line: 1, column: 1))
            return Result(path: path, spec: nil, diagnostics: diagnostics)
        }
        return load(text: text, path: path)
    }
}
