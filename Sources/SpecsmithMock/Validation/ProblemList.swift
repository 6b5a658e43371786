import Foundation

/// The problems of one request body, bounded: the first few in full, each cut to a readable
/// length, and a count of the rest. A hostile body can have a problem per byte; its answer stays
/// small all the same.
struct ProblemList {
    /// Problems listed in full before the rest are only counted.
    static let listed = 10
    /// Characters of one problem kept; a path built from a huge key is cut.
    static let maxProblemLength = 200

    private(set) var kept: [String] = []
    /// Every problem found, listed or not.
    private(set) var count = 0

    mutating func append(_ problem: String) {
        count += 1
        guard kept.count < Self.listed else { return }
        kept.append(
            problem.count > Self.maxProblemLength ? String(problem.prefix(Self.maxProblemLength)) + "…" : problem)
    }

    /// The problems listed, and a last line saying how many more there were.
    var summary: [String] {
        let more = count - kept.count
        guard more > 0 else { return kept }
        return kept + ["and \(more) more problem\(more == 1 ? "" : "s")"]
    }
}
