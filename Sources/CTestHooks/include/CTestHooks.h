// CTestHooks: runs TestSupport's set-up when the test bundle is loaded, before XCTest starts any test.
#ifndef ROUTECUE_CTESTHOOKS_H
#define ROUTECUE_CTESTHOOKS_H
/// Defined in TestSupport (FailureSummary.swift) with @_cdecl.
void routecue_test_bundle_loaded(void);
#endif
