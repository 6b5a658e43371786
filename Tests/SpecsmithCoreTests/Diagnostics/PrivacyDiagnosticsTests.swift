import SpecsmithCore
import Testing

/// Lint refuses a privacy declaration the App Store would not accept, at the value that is wrong,
/// with the fix.
@Suite struct PrivacyDiagnosticsTests {
    static func field(_ collects: String) -> SpecFixture {
        SpecFixture(
            types: #""SignIn": {"kind": "struct", "fields": {"phone": {"type": "string", "collects": \#(collects)}}}"#,
            endpoints: #""signIn": {"method": "POST", "path": "/sign-in", "request": "SignIn"}"#)
    }

    static func service(_ privacy: String) -> SpecFixture {
        SpecFixture(serviceExtra: #", "privacy": \#(privacy)"#)
    }

    @Test func aMisspelledDataTypeSuggestsApplesName() {
        Self.field(
            #"{"type": »"NSPrivacyCollectedDataTypePhoneNumbr", "linked": true, "purposes": ["NSPrivacyCollectedDataTypePurposeAppFunctionality"]}"#
        ).expect(
            #"unknown collected data type "NSPrivacyCollectedDataTypePhoneNumbr" in field "phone" of type "SignIn""#,
            note: #"did you mean "NSPrivacyCollectedDataTypePhoneNumber"?"#)
    }

    @Test func aShortNameSuggestsTheFullValue() {
        Self.field(
            #"{"type": »"PhoneNumber", "linked": true, "purposes": ["NSPrivacyCollectedDataTypePurposeAppFunctionality"]}"#
        ).expect(#"unknown collected data type "PhoneNumber""#, note: #""NSPrivacyCollectedDataTypePhoneNumber""#)
    }

    @Test func anUnknownPurposeIsRefused() {
        Self.field(
            #"{"type": "NSPrivacyCollectedDataTypePhoneNumber", "linked": true, "purposes": [»"NSPrivacyCollectedDataTypePurposeMarketing"]}"#
        ).expect(
            #"unknown collection purpose "NSPrivacyCollectedDataTypePurposeMarketing""#,
            note: "NSPrivacyCollectedDataTypePurposeAppFunctionality")
    }

    @Test func linkedMustBeSaid() {
        Self.field(
            #"»{"type": "NSPrivacyCollectedDataTypePhoneNumber", "purposes": ["NSPrivacyCollectedDataTypePurposeAppFunctionality"]}"#
        ).expect(#"is missing the required key "linked""#, note: #""linked": true or false"#)
    }

    @Test func noPurposeIsRefused() {
        Self.field(#"»{"type": "NSPrivacyCollectedDataTypePhoneNumber", "linked": true, "purposes": []}"#).expect(
            "lists no purpose", note: "NSPrivacyCollectedDataTypePurposeAppFunctionality")
    }

    @Test func dataUsedToTrackNeedsAServiceThatTracks() {
        Self.field(
            #"»{"type": "NSPrivacyCollectedDataTypePhoneNumber", "linked": true, "tracking": true, "purposes": ["NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising"]}"#
        ).expect("for tracking, but the service's privacy does not track", note: #"set "tracking": true"#)
    }

    @Test func aReasonOfAnotherCategoryNamesItsOwner() {
        Self.service(#"{"accessedAPIs": {"NSPrivacyAccessedAPICategoryUserDefaults": [»"35F9.1"]}}"#).expect(
            #"reason "35F9.1" belongs to NSPrivacyAccessedAPICategorySystemBootTime, not NSPrivacyAccessedAPICategoryUserDefaults"#,
            note: "Apple approves CA92.1, 1C8F.1, C56D.1, AC6B.1")
    }

    @Test func anUnknownReasonIsRefused() {
        Self.service(#"{"accessedAPIs": {"NSPrivacyAccessedAPICategoryDiskSpace": [»"E174.2"]}}"#).expect(
            #"unknown reason "E174.2" for NSPrivacyAccessedAPICategoryDiskSpace"#,
            note: "85F4.1, E174.1, 7D9E.1, B728.1")
    }

    @Test func anUnknownCategorySuggestsTheClosest() {
        Self.service(#"{"accessedAPIs": {»"NSPrivacyAccessedAPICategoryUserDefault": ["CA92.1"]}}"#).expect(
            #"unknown required-reason API category "NSPrivacyAccessedAPICategoryUserDefault""#,
            note: #"did you mean "NSPrivacyAccessedAPICategoryUserDefaults"?"#)
    }

    @Test func aCategoryNeedsAReason() {
        Self.service(#"{"accessedAPIs": {»"NSPrivacyAccessedAPICategoryFileTimestamp": []}}"#).expect(
            "lists no reason", note: "DDA9.1, C617.1, 3B52.1, 0A2A.1")
    }

    @Test func trackingNeedsItsDomains() {
        Self.service(#"»{"tracking": true}"#).expect(
            #"the service's privacy tracks but lists no "trackingDomains""#)
    }

    @Test func aTrackingDomainWithoutTrackingIsRefused() {
        Self.service(#"{"trackingDomains": [»"ads.example.com"]}"#).expect(
            #"tracking domain "ads.example.com" is listed, but the service's privacy does not track"#)
    }

    @Test func aTrackingDomainIsAHostName() {
        Self.service(#"{"tracking": true, "trackingDomains": [»"https://ads.example.com/t"]}"#).expect(
            "is not a domain name", note: "without a scheme")
    }

    @Test func theServiceDeclaresADataTypeOnce() {
        let entry =
            #"{"type": "NSPrivacyCollectedDataTypeCrashData", "linked": false, "purposes": ["NSPrivacyCollectedDataTypePurposeAnalytics"]}"#
        Self.service(
            #"{"collects": [\#(entry), {"type": »"NSPrivacyCollectedDataTypeCrashData", "linked": false, "purposes": ["NSPrivacyCollectedDataTypePurposeOther"]}]}"#
        ).expect(#""NSPrivacyCollectedDataTypeCrashData" is collected twice"#, note: "keep one entry")
    }

    @Test func aMisspelledKeyInPrivacyIsAnError() {
        Self.service(#"{»"traking": true}"#).expect(#"unknown key "traking""#, note: #"did you mean "tracking"?"#)
    }

    @Test func correctDeclarationsLintClean() {
        let fixture = SpecFixture(
            types: #"""
                "SignIn": {"kind": "struct", "fields": {"phone": {"type": "string", "collects": {"type": "NSPrivacyCollectedDataTypePhoneNumber", "linked": true, "purposes": ["NSPrivacyCollectedDataTypePurposeAppFunctionality"]}}}}
                """#,
            endpoints: #""signIn": {"method": "POST", "path": "/sign-in", "request": "SignIn"}"#,
            serviceExtra: #"""
                , "privacy": {"tracking": true, "trackingDomains": ["ads.example.com"],
                  "collects": [{"type": "NSPrivacyCollectedDataTypeAdvertisingData", "linked": false, "tracking": true, "purposes": ["NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising"]}],
                  "accessedAPIs": {"NSPrivacyAccessedAPICategoryUserDefaults": ["CA92.1", "1C8F.1"], "NSPrivacyAccessedAPICategorySystemBootTime": ["35F9.1"]}}
                """#)
        #expect(fixture.diagnostics.isEmpty, "\(fixture.diagnostics.map { $0.rendered(file: "Spec/shop.json") })")
    }
}
