// Hand-written: the app's `import OpenNotification` keeps the whole manual's API, so the part an
// extension links (message parsing, the service extension's handler, the generated client) is
// re-exported from here.
@_exported import OpenNotificationCore
@_exported import OpenNotificationExtension
