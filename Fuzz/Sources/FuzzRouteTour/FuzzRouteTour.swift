import FuzzInputs

/// libFuzzer's entry point for the `route-tour` target: the bytes go to `FuzzInputs.routeTour`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.routeTour(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
