import Foundation

/// The front end in one call: read the file, parse, read the spec, validate.
public enum SpecLoader {
    /// The outcome of loading one spec file.
    public struct Result: Sendable {
        public var path: String
        public var spec: Spec?
        public var diagnostics: Diagnostics

        /// The spec, when there is one and nothing is wrong with it.
        public var validSpec: Spec? { diagnostics.hasErrors ? nil : spec }
    }

    public static func load(text: String, path: String) -> Result {
        var (spec, diagnostics) = SpecReader.read(text: text)
        if let spec {
            for diagnostic in SpecValidator.validate(spec).all {
                diagnostics.error(diagnostic.message, at: diagnostic.location, note: diagnostic.note)
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
