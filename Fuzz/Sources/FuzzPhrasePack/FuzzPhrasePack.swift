import FuzzInputs

/// libFuzzer's entry point for the `phrase-pack` target: the bytes go to `FuzzInputs.phrasePack`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzInputs.phrasePack(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
