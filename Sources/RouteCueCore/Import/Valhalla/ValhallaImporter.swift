/// Placeholder: replaced by the real importer in this same change.
public enum ValhallaImporter {
    /// Reads a parsed document into a route.
    public static func read(_ root: JSONNode, options: ImportOptions) throws(RouteImportError) -> Route {
        throw root.error("ValhallaImporter is not written yet")
    }
}
