/// Where the REPL keeps its history: `STRATA_HISTORY`, else `$XDG_STATE_HOME/strata/history`, else
/// `~/.local/state/strata/history`.
public enum HistoryFile {
    /// The history path for an environment; nil when there is no home to put it in.
    public static func path(environment: (String) -> String?) -> String? {
        if let explicit = environment("STRATA_HISTORY"), !explicit.isEmpty { return explicit }
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/strata/history" }
        if let home = environment("HOME"), !home.isEmpty { return home + "/.local/state/strata/history" }
        return nil
    }

    /// Lines kept in the file, the newest last.
    public static let limit = 1000
}
