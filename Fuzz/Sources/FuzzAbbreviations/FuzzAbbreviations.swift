import FuzzInputs

/// libFuzzer's entry point for the `abbreviations` target: the bytes go to `FuzzInputs.abbreviations`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.abbreviations(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
