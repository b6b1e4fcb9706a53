//===- DormantProbes.h - A probe site on every region --------*- C++ -*-===//
//
// --mir-dormant compiles a dormant probe site around every region of the
// SIR of the kinds asked for, so that an instrumentation request sent to
// the running program (MIR, section 4) measures any of them without a
// rebuild: the MIR engine binds a new probe to the region's site and
// activates it. Until then a site costs what an inactive probe does (a
// relaxed load and a branch). The unit's SIR is compiled in too, so that
// the running program answers SIR requests (MIR, section 2) by itself.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_MIR_DORMANTPROBES_H
#define UPC_INSTRUMENT_MIR_DORMANTPROBES_H

#include "upc-instrument/Lowering/Lowering.h"
#include "upc-instrument/Mir/Sir.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace upc {

/// The kinds of regions --mir-dormant=KINDS names (a bit set).
enum DormantKind : unsigned {
  DormantFunctions = 1u << 0, ///< units: a function's body
  DormantLoops = 1u << 1,     ///< loop
  DormantForalls = 1u << 2,   ///< upcForall
  DormantCalls = 1u << 3,     ///< call
  /// UPC operations: synchronization, upc.h and collective calls, lock
  /// regions, user events.
  DormantUpc = 1u << 4,
  DormantShared = 1u << 5, ///< sharedRead, sharedWrite, sharedUpdate
  DormantAll = (1u << 6) - 1,
  /// --mir-dormant without a list.
  DormantDefault = DormantFunctions | DormantLoops | DormantForalls |
                   DormantCalls | DormantUpc,
};

/// Parses a comma-separated list of kinds (functions, loops, foralls,
/// calls, upc, shared, all) into \p Kinds; false with \p Why otherwise.
bool parseDormantKinds(llvm::StringRef List, unsigned &Kinds,
                       std::string &Why);

/// The kind bit of a SIR region type (0: none).
unsigned dormantKindOf(llvm::StringRef RegionType);

/// Adds a dormant site for each unit and region of \p Files of \p Kinds
/// that is a statement a probe can span (regionStatements), and holds no
/// label or case a jump from outside could reach (it would skip the
/// site's start). Sites are named by their region ids.
void addDormantProbes(const std::vector<SirFile> &Files, unsigned Kinds,
                      clang::ASTContext &AST,
                      std::vector<ProbePlacement> &Placements);

} // namespace upc

#endif
