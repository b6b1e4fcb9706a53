//===- StaticDataTest.cpp -------------------------------------------------===//
//
// The static data of a UPC file (StaticData.cpp): which declarations become
// proxies of shared storage (and with which linkage), which unshared data
// becomes per thread, the allocation records the file's ALLOC function gives
// the runtime (representation, block bytes, blocks, THREADS scaling), and
// what its INIT function runs on thread 0 or on every thread. Expectations
// are the comments on the snippets' lines: a marked declaration's C, or the
// record or initializer a line's declaration produces.
//
//===----------------------------------------------------------------------===//

#include "Annotated.h"
#include "LoweringFixture.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace upc;

namespace {

/// The comments of the lines of \p Source, in order (lines without one are
/// left out), sorted.
std::vector<std::string> sortedExpectations(llvm::StringRef Source) {
  std::vector<std::string> Out;
  unsigned Lines = Source.count('\n') + 1;
  for (unsigned L = 1; L <= Lines; ++L) {
    std::string E = expectationOnLine(Source, L);
    if (!E.empty())
      Out.push_back(E);
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

std::vector<std::string> prefixed(llvm::StringRef Prefix,
                                  const std::vector<std::string> &List) {
  std::vector<std::string> Out;
  for (const std::string &S : List)
    Out.push_back(Prefix.str() + " " + S);
  return Out;
}

TEST(StaticDataTest, Declarations) {
  Annotated A(R"(
[[shared int total = 42;]]          // upcr_pshared_ptr_t total = UPCR_INITIALIZED_PSHARED;
[[shared [5] double grid[3][10*THREADS];]] // upcr_shared_ptr_t grid __attribute__((__common__));
[[extern shared int elsewhere;]]    // extern upcr_pshared_ptr_t elsewhere;
[[static shared [] int table[4] = {1, 2, 3, 4};]] // static upcr_pshared_ptr_t table = UPCR_INITIALIZED_PSHARED;
[[int counter = 3;]]                // __thread int counter = 3;
[[const int limit = 7;]]            // const int limit = 7;
[[int *pc = &counter;]]             // __thread int *pc;
[[shared int *nothing = 0;]]        // __thread upcr_pshared_ptr_t nothing = UPCR_NULL_PSHARED_INIT;
int calls(void) {
  [[static int n;]]                 // static __thread int n;
  return ++n;
}
)");
  withLoweredUnit(A.Text, [&](UpcTranslationUnit &, LoweredUnit &Unit) {
    for (size_t I = 0; I < A.Ranges.size(); ++I)
      EXPECT_EQ(loweredText(Unit, A.range(I)),
                expectationOnLine(A.Text, A.lineOf(A.range(I).first)))
          << A.rangeText(I).str();
  });
}

TEST(StaticDataTest, AllocationRecords) {
  // { proxy, block bytes, blocks, scales with THREADS, element size, name,
  //   type }: one record per shared variable, phaseless or phased. Blocks
  // that are not a multiple of THREADS are counted at start-up.
  const char *Source = R"(
shared int total = 42;              // phaseless { &total, sizeof(int), 1, 0, sizeof(int), "total", "shared int" }
shared int a[10*THREADS];           // phaseless { &a, sizeof(int), 10, 1, sizeof(int), "a", "shared int[10*THREADS]" }
static shared [] int table[4];      // phaseless { &table, 4 * sizeof(int), 1, 0, sizeof(int), "table", "shared [] int[4]" }
shared [5] double grid[3][10*THREADS]; // phased { &grid, 5 * sizeof(double), 6, 1, sizeof(double), "grid", "shared [5] double[3][10*THREADS]" }
shared [4] char odd[6*THREADS];     // phased { &odd, 4 * sizeof(char), (6 * THREADS + 3) / 4, 0, sizeof(char), "odd", "shared [4] char[6*THREADS]" }
extern shared int elsewhere;
int private_data;
)";
  withLoweredUnit(Source, [&](UpcTranslationUnit &, LoweredUnit &Unit) {
    std::vector<std::string> Actual =
        prefixed("phaseless", Unit.StaticData.PhaselessRecords);
    for (const std::string &R :
         prefixed("phased", Unit.StaticData.PhasedRecords))
      Actual.push_back(R);
    std::sort(Actual.begin(), Actual.end());
    EXPECT_EQ(Actual, sortedExpectations(Source));
  });
}

TEST(StaticDataTest, RecordsInFunctions) {
  // A function-scope static whose element type the function declares: only
  // the function can name the type, so it holds the allocation record, in
  // the file's section of such records. Another of a file-scope type of the
  // same tag keeps its record in the ALLOC function.
  Annotated A(R"(
struct loc { char c; };
void f(void) {
  struct loc { int a; };
  [[static shared struct loc x[THREADS];]] // static upcr_startup_pshalloc_t upcri_f_x_alloc UPCR_STARTUP_RECORD(UPCRI_PSHALLOC_SECTION) = { &upcri_f_x, sizeof(struct loc), 1, 1, sizeof(struct loc), "x", "shared struct loc[THREADS]" };
  enum color { red, blue };
  [[static shared [2] enum color c[2*THREADS];]] // static upcr_startup_shalloc_t upcri_f_c_alloc UPCR_STARTUP_RECORD(UPCRI_SHALLOC_SECTION) = { &upcri_f_c, 2 * sizeof(enum color), 1, 1, sizeof(enum color), "c", "shared [2] enum color[2*THREADS]" };
}
void g(void) {
  [[static shared struct loc y;]] // (void)0;
}
)");
  withLoweredUnit(A.Text, [&](UpcTranslationUnit &, LoweredUnit &Unit) {
    for (size_t I = 0; I < A.Ranges.size(); ++I)
      EXPECT_EQ(loweredText(Unit, A.range(I)),
                expectationOnLine(A.Text, A.lineOf(A.range(I).first)))
          << A.rangeText(I).str();
    EXPECT_EQ(Unit.StaticData.PhaselessRecords,
              std::vector<std::string>{"{ &upcri_g_y, sizeof(struct loc), 1, "
                                       "0, sizeof(struct loc), \"y\", "
                                       "\"shared struct loc\" }"});
    EXPECT_TRUE(Unit.StaticData.PhasedRecords.empty());
    EXPECT_TRUE(Unit.StaticData.PhaselessRecordsInFunctions);
    EXPECT_TRUE(Unit.StaticData.PhasedRecordsInFunctions);
  });
}

TEST(StaticDataTest, StartupInitializers) {
  // A scalar is initialized by thread 0, a shared array by each thread for
  // its part, per-thread data whose value exists only at run time by every
  // thread.
  const char *Source = R"(
shared int total = 42;              // thread0 UPCR_PUT_PSHARED_VALUE(int, total, 0, 42);
shared int *pt = &total;            // every pt = total;
int counter = 3;
int *pc = &counter;                 // every pc = &counter;
shared int zero;
)";
  withLoweredUnit(Source, [&](UpcTranslationUnit &, LoweredUnit &Unit) {
    std::vector<std::string> Actual =
        prefixed("thread0", Unit.StaticData.Thread0Initializers);
    for (const std::string &S :
         prefixed("every", Unit.StaticData.EveryThreadInitializers))
      Actual.push_back(S);
    std::sort(Actual.begin(), Actual.end());
    EXPECT_EQ(Actual, sortedExpectations(Source));
  });
}

} // namespace
