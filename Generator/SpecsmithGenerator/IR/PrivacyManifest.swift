/// An SDK's privacy manifest before it becomes a property list: what ``Renderer`` writes to
/// `PrivacyInfo.xcprivacy`. Each member is one of Apple's top-level keys, in the order written.
public struct PrivacyManifest: Sendable, Equatable {
    /// One `NSPrivacyCollectedDataTypes` entry.
    public struct CollectedDataType: Sendable, Equatable {
        /// `NSPrivacyCollectedDataType`.
        public var type: String
        /// `NSPrivacyCollectedDataTypeLinked`.
        public var linked: Bool
        /// `NSPrivacyCollectedDataTypeTracking`.
        public var tracking: Bool
        /// `NSPrivacyCollectedDataTypePurposes`.
        public var purposes: [String]

        public init(type: String, linked: Bool, tracking: Bool, purposes: [String]) {
            self.type = type
            self.linked = linked
            self.tracking = tracking
            self.purposes = purposes
        }
    }

    /// One `NSPrivacyAccessedAPITypes` entry.
    public struct AccessedAPIType: Sendable, Equatable {
        /// `NSPrivacyAccessedAPIType`.
        public var category: String
        /// `NSPrivacyAccessedAPITypeReasons`.
        public var reasons: [String]

        public init(category: String, reasons: [String]) {
            self.category = category
            self.reasons = reasons
        }
    }

    /// `NSPrivacyTracking`.
    public var tracking: Bool
    /// `NSPrivacyTrackingDomains`.
    public var trackingDomains: [String]
    /// `NSPrivacyCollectedDataTypes`.
    public var collectedDataTypes: [CollectedDataType]
    /// `NSPrivacyAccessedAPITypes`.
    public var accessedAPITypes: [AccessedAPIType]

    /// The file name Apple looks for.
    public static let fileName = "PrivacyInfo.xcprivacy"

    public init(
        tracking: Bool, trackingDomains: [String], collectedDataTypes: [CollectedDataType],
        accessedAPITypes: [AccessedAPIType]
    ) {
        self.tracking = tracking
        self.trackingDomains = trackingDomains
        self.collectedDataTypes = collectedDataTypes
        self.accessedAPITypes = accessedAPITypes
    }
}
