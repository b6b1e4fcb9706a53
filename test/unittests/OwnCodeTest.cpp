//===- OwnCodeTest.cpp ----------------------------------------------------===//
//
// OwnCodeScope tells whether a crash recovered by llvm::CrashRecoveryContext
// happened in our code: the recovery jumps out of the crashed code without
// closing the scopes that were open (UpcFrontend.cpp relies on it).
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Support/OwnCode.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include "gtest/gtest.h"

using namespace upc;

namespace {

TEST(OwnCodeTest, ScopesNest) {
  EXPECT_FALSE(OwnCodeScope::isActive());
  {
    OwnCodeScope Outer;
    EXPECT_TRUE(OwnCodeScope::isActive());
    {
      OwnCodeScope Inner;
      EXPECT_TRUE(OwnCodeScope::isActive());
    }
    EXPECT_TRUE(OwnCodeScope::isActive());
  }
  EXPECT_FALSE(OwnCodeScope::isActive());
}

TEST(OwnCodeTest, RecoveredCrashLeavesTheScopeOpen) {
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext CRC;
  EXPECT_FALSE(CRC.RunSafely([] {
    OwnCodeScope Own;
    // As a crash does, without running destructors.
    llvm::CrashRecoveryContext::GetCurrent()->HandleExit(1);
  }));
  EXPECT_TRUE(OwnCodeScope::isActive());
  OwnCodeScope::resetAfterCrash();
  EXPECT_FALSE(OwnCodeScope::isActive());
}

TEST(OwnCodeTest, CrashOutsideOurCode) {
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext CRC;
  EXPECT_FALSE(CRC.RunSafely([] {
    { OwnCodeScope Own; }
    llvm::CrashRecoveryContext::GetCurrent()->HandleExit(1);
  }));
  EXPECT_FALSE(OwnCodeScope::isActive());
}

} // namespace
