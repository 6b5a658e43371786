// Hand-written: a backend links this library and not the app's, and its code names the spec's types
// (`OpenNotification.NotificationRequest`, `OpenNotification.Failure`), which live in the wire client's module.
@_exported import OpenNotificationCore
