import FuzzInputs

/// libFuzzer's entry point for the `route-routecue` target: the bytes go to `FuzzInputs.routeRouteCue`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.routeRouteCue(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
