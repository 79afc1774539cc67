/// Strata's own version: `strata --version`, help, and the history rows migrations write.
public enum Version {
    public static let number = "0.1.0"
}
