import SpecsmithRuntime

/// Error codes (added, removed, renamed, retryability, status) and OTP variants.
extension SpecDiffer {
    func errorChanges() -> [SpecChange] {
        let errors = match(
            old.errors, new.errors, by: [{ "\($0.byStatus ? "status" : "code") \($0.code)" }, { $0.name }])
        var changes: [SpecChange] = []
        for (before, after) in errors.pairs {
            let subject = "ErrorCode.\(after.swiftName)"
            let at = (old: before.location, new: after.location)
            if before.swiftName != after.swiftName {
                changes.append(
                    SpecChange(
                        "error.renamed", "ErrorCode.\(before.swiftName)",
                        "`ErrorCode.\(before.swiftName)` is now `.\(after.swiftName)`; code \(after.code) is unchanged.",
                        swift: .breaking("`ErrorCode.\(before.swiftName)` is gone"),
                        migration: "Write `.\(after.swiftName)` instead of `.\(before.swiftName)`.", old: at.old,
                        new: at.new))
            }
            if before.code != after.code || before.byStatus != after.byStatus {
                changes.append(
                    SpecChange(
                        "error.code.changed", subject,
                        "`\(after.name)` has code \(after.code) instead of \(before.code).",
                        wire: .breaking("each side names the error by a code the other does not use"), old: at.old,
                        new: at.new))
            }
            if before.condition != after.condition {
                let said = { (condition: ErrorCondition?) in condition.map { "when \($0)" } ?? "by its status alone" }
                changes.append(
                    SpecChange(
                        "error.condition.changed", subject,
                        "`\(after.name)` is told apart \(said(after.condition)) instead of \(said(before.condition)).",
                        wire: .breaking("each side tells the error apart by something the other does not send"),
                        old: before.conditionLocation ?? at.old, new: after.conditionLocation ?? at.new))
            }
            if before.name != after.name {
                changes.append(
                    SpecChange(
                        "error.wire.renamed", subject,
                        "Code \(after.code) is named `\(after.name)` on the wire instead of `\(before.name)`.",
                        wire: WireVerdict(
                            oldClients: .potentially("code that reads the wire name sees another one"),
                            newClients: .potentially("code that reads the wire name sees another one")),
                        old: at.old, new: at.new))
            }
            if before.retryable != after.retryable {
                changes.append(
                    SpecChange(
                        "error.retryable.changed", subject,
                        after.retryable
                            ? "`\(after.name)` is retryable now: new clients retry calls that fail with it."
                            : "`\(after.name)` is no longer retryable: new clients stop retrying it.",
                        wire: after.retryable
                            ? WireVerdict(newClients: .potentially("new clients repeat calls that fail with it"))
                            : .compatible,
                        swift: after.retryable
                            ? .compatible : .potentially("failures a retry used to hide reach the app"),
                        migration: after.retryable
                            ? "" : "Retry calls that fail with `\(subject)` yourself if you need to.",
                        old: at.old, new: at.new))
            }
            if before.status != after.status {
                changes.append(
                    SpecChange(
                        "error.status.changed", subject,
                        "`\(after.name)` answers with status \(after.status) instead of \(before.status).",
                        wire: after.byStatus || before.byStatus
                            ? .breaking("the error is known by its status")
                            : WireVerdict(oldClients: .potentially("old clients may classify it by the old status")),
                        old: before.statusLocation ?? at.old, new: after.statusLocation ?? at.new))
            }
            if before.category != after.category {
                changes.append(
                    SpecChange(
                        "error.category.changed", subject, "`\(after.name)` is classified differently now.",
                        swift: .potentially("code that switches on the failure's kind takes another branch"),
                        migration: "Check where you switch on the kind of a failure with `\(subject)`.", old: at.old,
                        new: at.new))
            }
            if before.message != after.message {
                changes.append(
                    SpecChange(
                        "error.message.changed", subject, "The default message of `\(after.name)` changed.",
                        old: at.old,
                        new: at.new))
            }
        }
        for error in errors.added {
            changes.append(
                SpecChange(
                    "error.added", "ErrorCode.\(error.swiftName)", "Error `\(error.name)` (\(error.code)) is added.",
                    migration: "Handle `ErrorCode.\(error.swiftName)` where it matters to your app.",
                    new: error.location))
        }
        for error in errors.removed {
            changes.append(
                SpecChange(
                    "error.removed", "ErrorCode.\(error.swiftName)",
                    "Error `\(error.name)` (\(error.code)) is removed.",
                    swift: .breaking("`ErrorCode.\(error.swiftName)` is gone"),
                    migration: "Stop comparing failures with `ErrorCode.\(error.swiftName)`.", old: error.location))
        }
        return changes
    }

    func otpChanges() -> [SpecChange] {
        let was = old.otps?.variants ?? []
        let now = new.otps?.variants ?? []
        let variants = match(was, now, by: [{ $0.name }])
        var changes: [SpecChange] = []
        if let before = old.otps, let after = new.otps {
            if renamed(.named(before.info)) != .named(after.info) {
                changes.append(
                    SpecChange(
                        "otp.info.changed", "OTP", "OTPs are described by `\(after.info)` instead of `\(before.info)`.",
                        wire: wireShapesMatch(.named(before.info), .named(after.info))
                            ? .compatible : .breaking("an issued OTP has another shape"),
                        swift: .breaking("every OTP variant exposes another type"),
                        old: before.infoLocation, new: after.infoLocation))
            }
            if before.idField != after.idField || before.codeField != after.codeField {
                changes.append(
                    SpecChange(
                        "otp.fields.changed", "OTP",
                        "OTP verify and resend requests carry the id or code in another field.",
                        wire: .breaking("the server looks for the id or code where the client does not put it"),
                        old: before.location, new: after.location))
            }
        }
        for variant in variants.added {
            changes.append(
                SpecChange("otp.added", variant.name, "OTP variant `\(variant.name)` is added.", new: variant.location))
        }
        for variant in variants.removed {
            changes.append(
                SpecChange(
                    "otp.removed", variant.name, "OTP variant `\(variant.name)` is removed.",
                    swift: .breaking("`\(variant.name)` is gone"), migration: "Stop using `\(variant.name)`.",
                    old: variant.location))
        }
        for (before, after) in variants.pairs {
            if before.verify != after.verify || before.resend != after.resend {
                changes.append(
                    SpecChange(
                        "otp.endpoints.changed", after.name,
                        "`\(after.name)` verifies with `\(after.verify)` and resends with `\(after.resend)` (was `\(before.verify)`, `\(before.resend)`).",
                        wire: WireVerdict(
                            oldClients: .potentially("old clients call the endpoints the old spec names")),
                        old: before.verifyLocation, new: after.verifyLocation))
            }
            if before.result != after.result {
                changes.append(
                    SpecChange(
                        "otp.result.changed", after.name,
                        "`\(after.name).verify(code:)` returns \(after.result.map { "the response's `\($0)`" } ?? "the whole response") instead of \(before.result.map { "its `\($0)`" } ?? "the whole response").",
                        swift: .breaking("`verify(code:)` returns another type"),
                        migration: "Adapt your uses of `\(after.name).verify(code:)`'s result.",
                        old: before.resultLocation, new: after.resultLocation))
            }
        }
        return changes
    }
}
