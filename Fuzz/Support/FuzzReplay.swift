import Foundation

/// What every fuzz target does when built without libFuzzer: its check over the files it is given
/// (a corpus folder, a crash libFuzzer wrote), so the corpus and every past finding run as
/// regression cases in a plain build.
public enum FuzzReplay {
    /// Runs `check` on each file under the paths given on the command line; `check` traps on a
    /// broken invariant, as it does under libFuzzer.
    public static func run(_ name: String, _ check: (Data) -> Void) {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            for file in files(at: path) {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                check(data)
                count += 1
            }
        }
        print("\(name): \(count) input(s) replayed, every invariant held")
    }

    private static func files(at path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }

    /// Splits `count` bytes into pieces whose sizes the fuzzer's own bytes choose (1 to 16 each),
    /// so a parser is fed the same input however it may arrive.
    public static func pieces(of count: Int, seed: UInt8) -> [Int] {
        var state = UInt32(seed) &* 2_654_435_761 &+ 1
        var sizes: [Int] = []
        var left = count
        while left > 0 {
            state = state &* 1_103_515_245 &+ 12_345
            let size = min(left, Int(state >> 16) % 16 + 1)
            sizes.append(size)
            left -= size
        }
        return sizes
    }
}
