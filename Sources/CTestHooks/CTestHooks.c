// The test bundle's load hook: swift-corelibs-xctest has no principal class, so an ELF constructor is the one place
// that runs before the first test on Linux. It hands over to TestSupport at once.
#include "CTestHooks.h"

__attribute__((constructor)) static void routecue_test_bundle_constructor(void) {
    routecue_test_bundle_loaded();
}
