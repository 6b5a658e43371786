// The manual's lines where apps write them today: inside `async` functions (a SwiftUI `.task`, an
// async sign-in handler) and with a main-actor router. This file compiling is the check: the
// fire-and-forget calls must not be taken for their awaited forms, and `onOpen` must be able to call
// main-actor code in Swift 6 language mode. Compiled, not run.
import Foundation
import OpenNotification

/// An app's router, isolated to the main actor as UI code is.
@MainActor
enum MainActorRouter {
    static func open(_ url: String?, data: [String: String]) {}
}

/// What a SwiftUI view's `.task { … }` or an async sign-in handler does.
func signInHandler() async {
    OpenNotification.shared.login("user_123")
    OpenNotification.shared.setTags(["plan": "platinum", "streak": 42])
    OpenNotification.shared.removeTags(["streak"])
    OpenNotification.shared.setLanguage("tr")
    OpenNotification.shared.logout()
    OpenNotification.shared.unsubscribe()
    OpenNotification.shared.optIn()
    OpenNotification.shared.trackSession()
}

/// The same calls on the main actor, as a view model's async method makes them.
@MainActor
func mainActorTask() async {
    OpenNotification.shared.login("user_123")
    OpenNotification.shared.setTags(["plan": "platinum"])
    OpenNotification.shared.logout()
    OpenNotification.shared.onOpen = { message in
        MainActorRouter.open(message.url, data: message.data)
    }
    OpenNotification.shared.onReceive = { message in
        if message.silent { MainActorRouter.open(nil, data: message.data) }
    }
}

/// The awaited forms, under their own names.
func awaitedForms() async throws {
    try await OpenNotification.shared.loginAndWait("user_123")
    try await OpenNotification.shared.setTagsAndWait(["plan": "platinum"])
    try await OpenNotification.shared.removeTagsAndWait(["plan"])
    try await OpenNotification.shared.setLanguageAndWait("tr")
    try await OpenNotification.shared.logoutAndWait()
    try await OpenNotification.shared.unsubscribeAndWait()
    try await OpenNotification.shared.optInAndWait()
    try await OpenNotification.shared.trackSessionAndWait()
    do {
        try await OpenNotification.shared.loginAndWait("user_123")
    } catch {
        if error.isStillQueued { return }
    }
}

/// The manual's AppDelegate sets onOpen from a non-isolated launch method with a main-actor router.
func launchWithMainActorRouter() {
    OpenNotification.shared.onOpen = { message in
        MainActorRouter.open(message.url, data: message.data)
    }
}
