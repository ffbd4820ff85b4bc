/// Placeholder: replaced by the real importer in this same change.
public enum GPXRouteImporter {
    /// Reads a GPX document into a route.
    public static func read(_ bytes: [UInt8], options: ImportOptions) throws(RouteImportError) -> Route {
        throw RouteImportError(message: "GPXRouteImporter is not written yet")
    }
}
