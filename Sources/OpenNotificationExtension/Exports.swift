// Hand-written: an extension imports this module alone, and its code names the spec's types
// (`OpenNotification.Failure`, the generated client) as the app's does.
@_exported import OpenNotificationCore
