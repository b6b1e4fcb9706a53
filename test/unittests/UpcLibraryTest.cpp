//===- UpcLibraryTest.cpp -------------------------------------------------===//
//
// The translator's view of the library table agrees with the GASP events it
// knows, and every lowering names what the runtime provides.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Instrumentation/GaspEvents.h"
#include "upc-instrument/Library/UpcLibrary.h"

#include "gtest/gtest.h"
#include <algorithm>
#include <string>
#include <vector>

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
    // upc_X's entry is upcr_X; Berkeley UPC's bupc_X's is upcr_bupc_X.
    ASSERT_TRUE(F.Name.starts_with("upc_") || F.Name.starts_with("bupc_"))
        << F.Name.str();
    llvm::StringRef Name = F.Name;
    llvm::StringRef Stem = Name.starts_with("upc_") ? Name.drop_front(4) : Name;
    switch (F.Lowering) {
    case LibraryLowering::Runtime:
      EXPECT_EQ(F.Runtime, "upcr_" + Stem.str());
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
  // upc_ticks_now (upc_tick.h) is the C function itself.
  const LibraryFunction *Ticks = findLibraryFunction("upc_ticks_now");
  ASSERT_NE(Ticks, nullptr);
  EXPECT_EQ(Ticks->Lowering, LibraryLowering::Plain);
  EXPECT_EQ(Ticks->Header, "upc_tick.h");
  // Berkeley UPC's extensions: runtime entries upcr_bupc_X, no event.
  const LibraryFunction *Vis = findLibraryFunction("bupc_memget_fstrided");
  ASSERT_NE(Vis, nullptr);
  EXPECT_EQ(Vis->Header, "bupc_extensions.h");
  EXPECT_EQ(Vis->Runtime, "upcr_bupc_memget_fstrided");
  EXPECT_TRUE(Vis->Event.empty());
  EXPECT_EQ(findLibraryFunction("upcr_lock"), nullptr);
}


TEST(UpcLibraryTest, ConstantsAreBitsWithAtomicClasses) {
  // A domain's operations are an OR: every upc_op_t value is one bit, and
  // no two share it.
  unsigned Seen = 0;
  for (const LibraryConstant &C : libraryConstants()) {
    if (C.Typedef != "upc_op_t")
      continue;
    EXPECT_EQ(C.Value & (C.Value - 1), 0u) << C.Name.str();
    EXPECT_EQ(Seen & C.Value, 0u) << C.Name.str();
    Seen |= C.Value;
  }
  const LibraryConstant *Add = findLibraryConstant("upc_op_t", 1u);
  ASSERT_NE(Add, nullptr);
  EXPECT_EQ(Add->Name, "UPC_ADD");
  EXPECT_EQ(Add->Atomic, "numeric");
  const LibraryConstant *Pts = findLibraryConstant("upc_type_t", 22u);
  ASSERT_NE(Pts, nullptr);
  EXPECT_EQ(Pts->Name, "UPC_PTS");
  EXPECT_EQ(Pts->Atomic, "pts");
  // UPC_LDOUBLE is a type of the collectives, not of the atomics.
  const LibraryConstant *LDouble = findLibraryConstant("upc_type_t", 21u);
  ASSERT_NE(LDouble, nullptr);
  EXPECT_TRUE(LDouble->Atomic.empty());
  // Element types are distinct positive values: 0 (an uninitialized
  // upc_type_t) is none of them.
  EXPECT_EQ(findLibraryConstant("upc_type_t", 0u), nullptr);
  unsigned TypeCount = 0;
  for (const LibraryConstant &C : libraryConstants())
    if (C.Typedef == "upc_type_t") {
      EXPECT_GT(C.Value, 0u) << C.Name.str();
      EXPECT_EQ(findLibraryConstant("upc_type_t", C.Value), &C) << C.Name.str();
      ++TypeCount;
    }
  EXPECT_EQ(TypeCount, 22u);
}

TEST(UpcLibraryTest, EveryOptionalHeaderHasItsFeatureMacro) {
  std::vector<std::string> Macros;
  for (const LibraryFeature &F : libraryFeatures())
    Macros.push_back(F.Header.str() + " " + F.Macro.str());
  EXPECT_NE(std::find(Macros.begin(), Macros.end(),
                      "upc_atomic.h __UPC_ATOMIC__"),
            Macros.end());
  EXPECT_NE(std::find(Macros.begin(), Macros.end(), "upc_nb.h __UPC_NB__"),
            Macros.end());
  EXPECT_NE(std::find(Macros.begin(), Macros.end(),
                      "upc_tick.h __UPC_TICK__"),
            Macros.end());
  // Every UPC header with functions but upc.h has one (Berkeley UPC's
  // bupc_extensions.h is no UPC library and has none).
  for (const LibraryFunction &F : libraryFunctions()) {
    if (F.Header == "upc.h" || F.Header.starts_with("bupc_"))
      continue;
    bool Found = false;
    for (const LibraryFeature &G : libraryFeatures())
      Found |= G.Header == F.Header;
    EXPECT_TRUE(Found) << F.Header.str();
  }
}

} // namespace
