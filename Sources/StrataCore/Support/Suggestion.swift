/// "Did you mean" for names: the closest candidate within a small edit distance.
public enum Suggestion {
    /// The candidate nearest to `name`, ignoring case, when it is close enough to be a typo.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased())
        let limit = max(1, min(3, target.count / 3))
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// " (did you mean 'x'?)" or "".
    public static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// " (did you mean 'x'?)", or with the candidate as `written` spells it where that differs from the name
    /// (" (did you mean `Calories-Table`?)": a name in backticks needs no quotes around it); or "".
    public static func hint(for name: String, in candidates: some Sequence<String>, written: (String) -> String) -> String {
        guard let closest = closest(to: name, in: candidates) else { return "" }
        let spelled = written(closest)
        return spelled == closest ? " (did you mean '\(closest)'?)" : " (did you mean \(spelled)?)"
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
