/// What a spec says for its SDK's privacy manifest (`PrivacyInfo.xcprivacy`) beyond the fields
/// that declare `collects`: whether the SDK tracks, where, the data no field carries, and the
/// required-reason APIs its sources call with the reasons it calls them for.
///
/// The names are Apple's, spelled as the manifest spells them (``PrivacyVocabulary``).
public struct PrivacyDeclarations: Sendable {
    /// `NSPrivacyTracking`: whether the SDK uses data for tracking as App Tracking Transparency defines it.
    public var tracking: Bool = false
    /// `NSPrivacyTrackingDomains`: the internet domains the SDK connects to for tracking.
    public var trackingDomains: [(domain: String, location: SourcePosition)] = []
    /// Collected data that no wire field carries, such as product interaction counted from events.
    public var collects: [CollectedData] = []
    /// The required-reason API categories the SDK's sources call, each with its reasons.
    public var accessedAPIs: [AccessedAPI] = []
    /// Where the spec writes `"privacy"`, or the service's position when it does not.
    public var location: SourcePosition

    public init(location: SourcePosition) {
        self.location = location
    }
}

/// One kind of data an SDK collects: an `NSPrivacyCollectedDataTypes` entry of the manifest.
public struct CollectedData: Sendable {
    /// `NSPrivacyCollectedDataType`, such as `NSPrivacyCollectedDataTypePhoneNumber`.
    public var type: String
    public var typeLocation: SourcePosition
    /// `NSPrivacyCollectedDataTypeLinked`: whether the data is linked to the user's identity.
    public var linked: Bool
    /// `NSPrivacyCollectedDataTypeTracking`: whether the data is used to track.
    public var tracking: Bool
    /// `NSPrivacyCollectedDataTypePurposes`, such as `NSPrivacyCollectedDataTypePurposeAppFunctionality`.
    public var purposes: [(purpose: String, location: SourcePosition)]
    /// Where the declaration is written.
    public var location: SourcePosition

    public init(
        type: String, typeLocation: SourcePosition, linked: Bool, tracking: Bool,
        purposes: [(purpose: String, location: SourcePosition)], location: SourcePosition
    ) {
        self.type = type
        self.typeLocation = typeLocation
        self.linked = linked
        self.tracking = tracking
        self.purposes = purposes
        self.location = location
    }
}

/// One category of required-reason API and the approved reasons the SDK calls it for: an
/// `NSPrivacyAccessedAPITypes` entry of the manifest.
public struct AccessedAPI: Sendable {
    /// `NSPrivacyAccessedAPIType`, such as `NSPrivacyAccessedAPICategoryUserDefaults`.
    public var category: String
    /// `NSPrivacyAccessedAPITypeReasons`, such as `CA92.1`.
    public var reasons: [(reason: String, location: SourcePosition)]
    public var location: SourcePosition

    public init(
        category: String, reasons: [(reason: String, location: SourcePosition)], location: SourcePosition
    ) {
        self.category = category
        self.reasons = reasons
        self.location = location
    }
}
