import FuzzInputs

/// libFuzzer's entry point for the `journal` target: the bytes go to `FuzzInputs.journal`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.journal(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
