//===- UpcLibraryTest.cpp -------------------------------------------------===//
//
// The translator's view of the library table agrees with the GASP events it
// knows, and every lowering names what the runtime provides.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Instrumentation/GaspEvents.h"
#include "upc-instrument/Library/UpcLibrary.h"

#include "gtest/gtest.h"

using namespace upc;

namespace {

TEST(UpcLibraryTest, EveryEventIsOneTheTranslatorRaises) {
  for (const LibraryFunction &F : libraryFunctions()) {
    if (F.Event.empty()) {
      EXPECT_TRUE(F.Instrumented.empty()) << F.Name.str();
      continue;
    }
    EXPECT_TRUE(findGaspEvent(F.Event).has_value())
        << F.Name.str() << ": " << F.Event.str();
    EXPECT_EQ(F.Instrumented, "upcr_gasp_" + F.Name.drop_front(4).str());
  }
}

TEST(UpcLibraryTest, LoweringsNameTheirEntries) {
  for (const LibraryFunction &F : libraryFunctions()) {
    ASSERT_TRUE(F.Name.starts_with("upc_")) << F.Name.str();
    switch (F.Lowering) {
    case LibraryLowering::Runtime:
      EXPECT_EQ(F.Runtime, "upcr_" + F.Name.drop_front(4).str());
      break;
    case LibraryLowering::Inline:
      EXPECT_TRUE(F.Runtime.starts_with("upcr_")) << F.Name.str();
      break;
    case LibraryLowering::Plain:
    case LibraryLowering::Custom:
      EXPECT_TRUE(F.Runtime.empty()) << F.Name.str();
      break;
    }
  }
}

TEST(UpcLibraryTest, Lookup) {
  const LibraryFunction *Lock = findLibraryFunction("upc_lock");
  ASSERT_NE(Lock, nullptr);
  EXPECT_EQ(Lock->Runtime, "upcr_lock");
  EXPECT_EQ(findGaspEvent(Lock->Event), GaspEvent::Lock);
  // Expanded over the reduction types.
  const LibraryFunction *Reduce = findLibraryFunction("upc_all_reduceLD");
  ASSERT_NE(Reduce, nullptr);
  EXPECT_EQ(findGaspEvent(Reduce->Event), GaspEvent::AllReduce);
  EXPECT_EQ(Reduce->Instrumented, "upcr_gasp_all_reduceLD");
  // upc_ticks_now (upc_tick.h) is an ordinary C function, not a table entry.
  EXPECT_EQ(findLibraryFunction("upc_ticks_now"), nullptr);
  EXPECT_EQ(findLibraryFunction("upcr_lock"), nullptr);
}

} // namespace
