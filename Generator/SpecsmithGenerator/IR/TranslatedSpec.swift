/// A spec translated: the pipeline's IR stage, between the resolved spec and the text. Every Swift
/// file and reference article, in the order they are written, before any layout.
///
/// `Equatable`, so translation is tested on structure and text only in golden files.
public struct TranslatedSpec: Sendable, Equatable {
    /// One Swift file and the module it belongs in.
    public struct ModuleFile: Sendable, Equatable {
        /// The module the file is generated into.
        public var module: SpecsmithGenerator.File.Module
        /// The file's imports and declarations.
        public var file: SwiftFile
    }

    /// The service namespace, which names a module's single-file output.
    public var namespace: String
    /// The Swift files, SDK first, then mock, then backend.
    public var files: [ModuleFile]
    /// The reference articles written beside the SDK's code.
    public var articles: [Article]
    /// The SDK's privacy manifest, a resource of the SDK module.
    public var privacyManifest: PrivacyManifest
}
