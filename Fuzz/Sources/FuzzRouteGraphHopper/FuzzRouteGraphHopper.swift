import FuzzInputs

/// libFuzzer's entry point for the `route-graphhopper` target: the bytes go to `FuzzInputs.routeGraphHopper`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.routeGraphHopper(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
