/// The values Apple documents for a privacy manifest, so lint refuses a name the App Store would
/// not recognise. From "Describing data use in privacy manifests" and "Describing use of required
/// reason API" (Apple's Bundle Resources documentation); a new value Apple adds is added here.
public enum PrivacyVocabulary {
    /// Every `NSPrivacyCollectedDataType` value, in the order of Apple's list.
    public static let dataTypes: [String] = [
        // Contact info
        "Name", "EmailAddress", "PhoneNumber", "PhysicalAddress", "OtherUserContactInfo",
        // Health and fitness
        "Health", "Fitness",
        // Financial info
        "PaymentInfo", "CreditInfo", "OtherFinancialInfo",
        // Location
        "PreciseLocation", "CoarseLocation",
        // Sensitive info, contacts
        "SensitiveInfo", "Contacts",
        // User content
        "EmailsOrTextMessages", "PhotosorVideos", "AudioData", "GameplayContent", "CustomerSupport",
        "OtherUserContent",
        // Browsing and search history
        "BrowsingHistory", "SearchHistory",
        // Identifiers
        "UserID", "DeviceID",
        // Purchases
        "PurchaseHistory",
        // Usage data
        "ProductInteraction", "AdvertisingData", "OtherUsageData",
        // Diagnostics
        "CrashData", "PerformanceData", "OtherDiagnosticData",
        // Surroundings, body
        "EnvironmentScanning", "Hands", "Head",
        // Other
        "OtherDataTypes",
    ].map { "NSPrivacyCollectedDataType" + $0 }

    /// Every `NSPrivacyCollectedDataTypePurposes` value.
    public static let purposes: [String] = [
        "ThirdPartyAdvertising", "DeveloperAdvertising", "Analytics", "ProductPersonalization",
        "AppFunctionality", "Other",
    ].map { "NSPrivacyCollectedDataTypePurpose" + $0 }

    /// Every required-reason API category (`NSPrivacyAccessedAPIType`) with the reasons Apple
    /// approves for it (`NSPrivacyAccessedAPITypeReasons`). A reason belongs to one category only.
    public static let apiCategories: [(category: String, reasons: [String])] = [
        ("NSPrivacyAccessedAPICategoryFileTimestamp", ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]),
        ("NSPrivacyAccessedAPICategorySystemBootTime", ["35F9.1", "8FFB.1", "3D61.1"]),
        ("NSPrivacyAccessedAPICategoryDiskSpace", ["85F4.1", "E174.1", "7D9E.1", "B728.1"]),
        ("NSPrivacyAccessedAPICategoryActiveKeyboards", ["3EC4.1", "54BD.1"]),
        ("NSPrivacyAccessedAPICategoryUserDefaults", ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]),
    ]

    /// The approved reasons of `category`, or `nil` when Apple documents no such category.
    public static func reasons(of category: String) -> [String]? {
        apiCategories.first { $0.category == category }?.reasons
    }
}
