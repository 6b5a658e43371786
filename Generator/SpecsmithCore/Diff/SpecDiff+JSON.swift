import Foundation

extension SpecDiff {
    /// The report for tools: every change with its kind, verdicts, reasons and locations, the
    /// counts and the bump, as sorted-key JSON so equal diffs print equal bytes.
    public func json(_ sides: DiffSides) -> String {
        func position(_ file: String, _ location: SourcePosition?) -> Any {
            guard let location else { return NSNull() }
            return ["file": file, "line": location.line, "column": location.column]
        }
        func verdict(_ verdict: Verdict) -> [String: Any] {
            ["verdict": verdict.compatibility.rawValue, "reason": verdict.reason]
        }
        let entries: [[String: Any]] = changes.map { change in
            [
                "kind": change.kind,
                "subject": change.subject,
                "summary": change.summary,
                "verdict": change.compatibility.rawValue,
                "wire": [
                    "verdict": change.wire.compatibility.rawValue,
                    "oldClientsNewServer": verdict(change.wire.oldClients),
                    "newClientsOldServer": verdict(change.wire.newClients),
                ],
                "swift": verdict(change.swift),
                "migration": change.migration,
                "old": position(sides.old, change.oldLocation),
                "new": position(sides.new, change.newLocation),
            ]
        }
        let report: [String: Any] = [
            "old": sides.old,
            "new": sides.new,
            "changes": entries,
            "bump": bump.rawValue,
            "bumpReason": bumpReason,
            "counts": Dictionary(
                uniqueKeysWithValues: Compatibility.allCases.map { level in
                    (level.rawValue, changes.filter { $0.compatibility == level }.count)
                }),
        ]
        // Only strings, numbers, arrays, dictionaries and NSNull above: serialisation cannot fail.
        let data =
            (try? JSONSerialization.data(
                withJSONObject: report, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
