//===- GaspEvents.h - The GASP events upc-instrument raises -----*- C++ -*-===//
//
// The symbolic events of GASP 1.4 (section 5.4) that the translator can
// instrument, with their names as gasp_upc.h defines them (--profile-only
// files name them), from the event table (runtime-glue/gasp-events; the
// generated GaspEvents.def). Which library function raises which event is in
// the library table (UpcLibrary.h).
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_INSTRUMENTATION_GASPEVENTS_H
#define UPC_INSTRUMENT_INSTRUMENTATION_GASPEVENTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <bitset>
#include <optional>

namespace upc {

enum class GaspEvent : unsigned {
#define GASP_EVENT(ENUMERATOR, NAME) ENUMERATOR,
#include "upc-instrument/Instrumentation/GaspEvents.def"
};

constexpr unsigned NumGaspEvents = 0
#define GASP_EVENT(ENUMERATOR, NAME) +1
#include "upc-instrument/Instrumentation/GaspEvents.def"
    ;

/// A set of events.
using GaspEventSet = std::bitset<NumGaspEvents>;

/// The symbolic name of \p E ("GASP_UPC_PUT").
llvm::StringRef gaspEventName(GaspEvent E);
/// The event named \p Name, if upc-instrument raises it.
std::optional<GaspEvent> findGaspEvent(llvm::StringRef Name);
/// Whether \p Name is an event of GASP 1.4 that upc-instrument never raises
/// (non-blocking and cache events: docs/gasp-events.md says why).
bool isUnraisedGaspEvent(llvm::StringRef Name);
/// The events a build for MIR raises: those the MIR engine measures with
/// (the event table's `mir` field). The others (function entries, upc_forall
/// scopes, C allocations) would only slow the regions a probe measures.
GaspEventSet mirEvents();

} // namespace upc

#endif
