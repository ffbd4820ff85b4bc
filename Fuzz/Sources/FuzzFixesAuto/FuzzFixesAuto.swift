import FuzzInputs

/// libFuzzer's entry point for the `fixes-auto` target: the bytes go to `FuzzInputs.fixesAuto`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.fixesAuto(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
