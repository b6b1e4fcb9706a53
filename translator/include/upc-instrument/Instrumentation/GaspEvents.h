//===- GaspEvents.h - The GASP events upc-instrument raises -----*- C++ -*-===//
//
// The symbolic events of GASP 1.4 (section 5.4) that the translator can
// instrument, with their names as gasp_upc.h defines them (--profile-only
// files name them). Which library function raises which event is in the
// library table (UpcLibrary.h).
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
  CFunc,
  CMalloc,
  CRealloc,
  CFree,
  CollectiveExit,
  NoncollectiveExit,
  Notify,
  Wait,
  Barrier,
  Fence,
  Forall,
  GlobalAlloc,
  AllAlloc,
  Alloc,
  Free,
  GlobalLockAlloc,
  AllLockAlloc,
  LockFree,
  Lock,
  LockAttempt,
  Unlock,
  Memcpy,
  Memget,
  Memput,
  Memset,
  Get,
  Put,
  AllBroadcast,
  AllScatter,
  AllGather,
  AllGatherAll,
  AllExchange,
  AllPermute,
  AllReduce,
  AllPrefixReduce,
  AllFree,     ///< GASP_UPCI_ALL_FREE (UPC 1.3 upc_all_free)
  AllLockFree, ///< GASP_UPCI_ALL_LOCK_FREE (UPC 1.3 upc_all_lock_free)
  // Non-blocking transfers (GASP 1.4, Table 8; <upc_nb.h>).
  NbGetInit,
  NbPutInit,
  NbSync,
  NbMemcpyInit,  ///< GASP_UPCI_NB_MEMCPY_INIT (upc_memcpy_nb, _nbi)
  NbMemsetInit,  ///< GASP_UPCI_NB_MEMSET_INIT (upc_memset_nb, _nbi)
  NbSyncAttempt, ///< GASP_UPCI_NB_SYNC_ATTEMPT (upc_sync_attempt, _synci_)
  // Atomic memory operations (<upc_atomic.h>; GASP 1.4 predates them).
  AtomicDomainAlloc,
  AtomicDomainFree,
  Atomic,
};
constexpr unsigned NumGaspEvents =
    static_cast<unsigned>(GaspEvent::Atomic) + 1;

/// A set of events.
using GaspEventSet = std::bitset<NumGaspEvents>;

/// The symbolic name of \p E ("GASP_UPC_PUT").
llvm::StringRef gaspEventName(GaspEvent E);
/// The event named \p Name, if upc-instrument raises it.
std::optional<GaspEvent> findGaspEvent(llvm::StringRef Name);
/// Whether \p Name is an event of GASP 1.4 that upc-instrument never raises
/// (non-blocking and cache events: docs/gasp-events.md says why).
bool isUnraisedGaspEvent(llvm::StringRef Name);

} // namespace upc

#endif
