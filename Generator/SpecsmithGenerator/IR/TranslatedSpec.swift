/// A spec translated: the pipeline's IR stage, between the resolved spec and the text. Every Swift
/// file and reference article, in the order they are written, before any layout.
///
/// `Equatable`, so translation is tested on structure and text only in golden files.
public struct TranslatedSpec: Sendable, Equatable {
    /// One Swift file and the module it belongs in.
    public struct ModuleFile: Sendable, Equatable {
        public var module: SpecsmithGenerator.File.Module
        public var file: SwiftFile
    }

    /// The service namespace, which names a module's single-file output.
    public var namespace: String
    public var files: [ModuleFile]
    public var articles: [Article]
}
