import Foundation
import OpenNotification
import Testing

/// `OpenNotificationMessage(userInfo:)` reads every shape APNs and the server produce, and never traps.
@Suite struct MessageParsingTests {
    @Test func completePayloadReadsEveryField() {
        let userInfo: [AnyHashable: Any] = [
            "aps": ["alert": ["title": "Sale", "body": "Half price"], "mutable-content": 1, "category": "on_cmp-1"],
            "on": [
                "i": "msg-7", "c": "cmp-1", "img": "https://cdn.example.com/a.png", "u": "shop://sale",
                "a": [["i": "buy", "t": "Buy", "u": "shop://buy"], ["i": "later", "t": "Later"]],
                "d": ["sku": "42", "count": 3, "vip": true],
            ],
        ]
        let message = OpenNotificationMessage(userInfo: userInfo, actionId: "buy")
        #expect(
            message
                == OpenNotificationMessage(
                    msgId: "msg-7", campaignId: "cmp-1", title: "Sale", body: "Half price",
                    image: "https://cdn.example.com/a.png", url: "shop://sale",
                    actions: [
                        NotificationAction(id: "buy", title: "Buy", url: "shop://buy"),
                        NotificationAction(id: "later", title: "Later"),
                    ],
                    actionId: "buy", data: ["sku": "42", "count": "3", "vip": "true"], silent: false))
        #expect(message.tappedAction?.url == "shop://buy")
    }

    @Test func alertAsAStringIsTheBody() {
        let message = OpenNotificationMessage(userInfo: ["aps": ["alert": "Hello"], "on": ["i": "m1"]])
        #expect(message.title == "")
        #expect(message.body == "Hello")
        #expect(message.msgId == "m1")
        #expect(!message.silent)
    }

    @Test func silentPushHasNoAlertAndContentAvailable() {
        let message = OpenNotificationMessage(userInfo: [
            "aps": ["content-available": 1], "on": ["i": "m2", "d": ["sync": "inbox"]],
        ])
        #expect(message.silent)
        #expect(message.data == ["sync": "inbox"])
    }

    @Test func contentAvailableWithAnAlertIsNotSilent() {
        let message = OpenNotificationMessage(userInfo: ["aps": ["content-available": 1, "alert": "Hi"]])
        #expect(!message.silent)
    }

    @Test(arguments: [
        #"{}"#,
        #"{"aps": "not a dictionary", "on": 7}"#,
        #"{"aps": {"alert": 12}, "on": {"i": 5, "c": ["x"], "img": false, "u": 3.5, "a": "buttons", "d": [1, 2]}}"#,
        #"{"aps": {"alert": {"title": 1, "body": ["x"]}}, "on": {"i": "", "a": [{"i": "x"}]}}"#,
        #"{"aps": null, "on": {"i": null, "a": [null], "d": null}}"#,
    ])
    func missingOrWrongKeysGiveAnEmptyMessage(json: String) throws {
        let userInfo = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(OpenNotificationMessage(userInfo: userInfo) == OpenNotificationMessage())
    }

    @Test func malformedActionsAreSkippedAndTheRestKept() {
        let message = OpenNotificationMessage(userInfo: [
            "on": [
                "a": [
                    ["i": "ok", "t": "OK"], "text", ["i": "no-title"], ["t": "no id"], ["i": "", "t": "empty id"],
                    ["i": 3, "t": "number id"], ["i": "ok", "t": "duplicate"], ["i": "url", "t": "URL", "u": 9],
                ]
            ]
        ])
        #expect(
            message.actions == [NotificationAction(id: "ok", title: "OK"), NotificationAction(id: "url", title: "URL")])
    }

    @Test func jsonDecodedPayloadReadsBooleansAndNumbersAsStrings() throws {
        let json = #"{"aps":{"content-available":1},"on":{"i":"m3","d":{"flag":false,"n":2.5,"s":"x","null":null}}}"#
        let userInfo = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let message = OpenNotificationMessage(userInfo: userInfo)
        #expect(message.data == ["flag": "false", "n": "2.5", "s": "x"])
        #expect(message.silent)
    }

    @Test func categoryIdentifierNamesTheCampaign() {
        #expect(OpenNotificationMessage.categoryIdentifier(campaignId: "cmp-9") == "on_cmp-9")
    }
}
