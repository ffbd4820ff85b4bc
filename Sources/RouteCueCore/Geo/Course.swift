/// Explicit conversions between heading conventions. RouteCue stores every course and bearing as
/// *geographic*: degrees from true north, clockwise, in [0, 360).
public enum Course {
    /// Geographic course (north 0°, clockwise) to a mathematical angle (east 0°, counter-clockwise), degrees.
    public static func mathematicalAngle(fromGeographic course: Double) -> Double {
        GeoMath.normalizedBearing(90 - course)
    }

    /// Mathematical angle (east 0°, counter-clockwise) to geographic course (north 0°, clockwise), degrees.
    public static func geographic(fromMathematical angle: Double) -> Double {
        GeoMath.normalizedBearing(90 - angle)
    }

    /// Normalizes a geographic course into [0, 360), or nil when it is not finite.
    public static func normalized(_ course: Double) -> Double? {
        course.isFinite ? GeoMath.normalizedBearing(course) : nil
    }
}
