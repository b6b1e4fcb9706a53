//===- UpcConstraintCheckerTest.cpp ---------------------------------------===//
//
// The UPC 1.3 constraints Clang's C semantics do not catch, as the front end
// reports them: each ^ of a snippet marks where one diagnostic is expected,
// and the comment on its line is the diagnostic ("error: ..."). Lines with
// no ^ must draw no diagnostic at all, so a check that fires too often
// fails as surely as one that is missed.
//
//===----------------------------------------------------------------------===//

#include "Annotated.h"
#include "FrontEndFixture.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace upc;

namespace {

/// Expects the diagnostics on \p Marked to be exactly those its points mark.
void expectDiagnostics(llvm::StringRef Marked,
                       ThreadsEnvironment Threads = {}) {
  Annotated A(Marked);
  std::vector<std::string> Expected;
  for (unsigned P : A.Points)
    Expected.push_back(A.position(P) + ": " +
                       expectationOnLine(A.Text, A.lineOf(P)));
  std::vector<std::string> Actual = diagnosticsOf(A.Text, Threads);
  // Held diagnostics are printed in the order reported, not source order.
  std::sort(Expected.begin(), Expected.end());
  std::sort(Actual.begin(), Actual.end());
  EXPECT_EQ(Actual, Expected);
}

TEST(UpcConstraintCheckerTest, Declarations) {
  expectDiagnostics(R"(
struct s { shared int ^m; };        // error: member 'm' cannot have shared-qualified type 'shared int'; declare the whole structure shared, or use a pointer-to-shared member
strict relaxed shared int ^both;    // error: type 'strict relaxed shared int' is qualified both 'strict' and 'relaxed'
strict int ^not_shared;             // error: 'strict' applies only to shared-qualified types, not 'strict int'
shared [*] int *^star_pointer;      // error: the layout qualifier '[*]' applies only to arrays; pointer-to-shared to 'shared [*] int' needs a definite or indefinite block size
typedef shared [*] int ^star_type;  // error: the layout qualifier '[*]' cannot appear in a typedef (star_type); write it in the declaration of the array
shared int fine;
void f(void) {
  shared int ^automatic;            // error: shared object 'automatic' cannot have automatic storage duration; declare it 'static' or at file scope
  static shared int kept;
  extern shared int elsewhere;
  shared int *private_pointer = &kept;
  (void)private_pointer;
}
)");
}

TEST(UpcConstraintCheckerTest, ThreadsInDimensions) {
  const char *Snippet = R"(
shared int ^two[THREADS][THREADS];  // error: THREADS appears 2 times in the dimensions of 'two'; in the dynamic THREADS environment it may appear once
shared int plus[THREADS ^+ 1];      // error: THREADS in an array dimension must appear alone or multiplied by an integer constant expression
shared [] int ^indefinite[THREADS]; // error: shared array 'indefinite' has an indefinite block size and cannot have THREADS in its dimensions
int ^private_static[2*THREADS];     // error: array 'private_static' with static storage duration cannot depend on THREADS in the dynamic THREADS environment
shared [4] int ^none[8];            // error: in the dynamic THREADS environment, shared array 'none' with a definite block size must have THREADS in exactly one dimension (as in '[N*THREADS]')
shared int alone[THREADS];
shared [2] int multiple[3][4*THREADS];
shared int commuted[THREADS*5];
shared [] int constant[10];
)";
  expectDiagnostics(Snippet);
  // With -T 4, THREADS is a constant: every declaration is fine.
  Annotated A(Snippet);
  EXPECT_EQ(diagnosticsOf(A.Text, ThreadsEnvironment{4u}),
            std::vector<std::string>());
}

TEST(UpcConstraintCheckerTest, PointerConversions) {
  // Implicit conversions are reported at their operator, casts at the cast.
  expectDiagnostics(R"(
shared [4] int *p4;
shared [8] int *p8;
shared int *p1;
shared void *pv;
int *ip;
void f(void) {
  p4 ^= p8;                         // error: implicit conversion from 'shared [8] int *' to 'shared [4] int *' changes the block size of a pointer-to-shared; use an explicit cast
  int c = (p4 ^== ip);              // error: comparison of a pointer-to-shared ('shared [4] int *') with a private pointer ('int *'); convert one of them explicitly
  p1 = ^(shared int *)ip;           // error: cannot convert 'int *' to pointer-to-shared 'shared int *': a private address has no affinity
  p4 = pv;
  pv = p8;
  p4 = (shared [4] int *)p8;
  p1 = (shared int *)0;
  c += (p4 == 0);
  (void)c;
}
)");
}

TEST(UpcConstraintCheckerTest, Statements) {
  expectDiagnostics(R"(
shared int a[10*THREADS];
struct point { int x, y; } pt;
void f(void) {
  int i;
  double d = 1.0;
  upc_forall (i = 0; i < 10; i++; ^d) ; // error: affinity of 'upc_forall' must be an integer or a pointer-to-shared, not 'double'
  upc_forall (i = 0; i < 10; i++; &a[i]) ;
  upc_forall (i = 0; i < 10; i++; i) ;
  upc_forall (i = 0; i < 10; i++; continue) ;
  upc_barrier ^pt;                  // error: expression of 'upc_barrier' must have arithmetic type, not 'struct point'
  upc_notify i;
  upc_wait;
}
)");
}

} // namespace
