//===- GaspEvents.cpp - The GASP events upc-instrument raises -------------===//

#include "upc-instrument/Instrumentation/GaspEvents.h"

#include "llvm/ADT/StringSwitch.h"

namespace upc {

namespace {

struct EventName {
  GaspEvent Event;
  const char *Name;
};

// In the order of GaspEvent.
constexpr EventName Names[] = {
    {GaspEvent::CFunc, "GASP_C_FUNC"},
    {GaspEvent::CMalloc, "GASP_C_MALLOC"},
    {GaspEvent::CRealloc, "GASP_C_REALLOC"},
    {GaspEvent::CFree, "GASP_C_FREE"},
    {GaspEvent::CollectiveExit, "GASP_UPC_COLLECTIVE_EXIT"},
    {GaspEvent::NoncollectiveExit, "GASP_UPC_NONCOLLECTIVE_EXIT"},
    {GaspEvent::Notify, "GASP_UPC_NOTIFY"},
    {GaspEvent::Wait, "GASP_UPC_WAIT"},
    {GaspEvent::Barrier, "GASP_UPC_BARRIER"},
    {GaspEvent::Fence, "GASP_UPC_FENCE"},
    {GaspEvent::Forall, "GASP_UPC_FORALL"},
    {GaspEvent::GlobalAlloc, "GASP_UPC_GLOBAL_ALLOC"},
    {GaspEvent::AllAlloc, "GASP_UPC_ALL_ALLOC"},
    {GaspEvent::Alloc, "GASP_UPC_ALLOC"},
    {GaspEvent::Free, "GASP_UPC_FREE"},
    {GaspEvent::GlobalLockAlloc, "GASP_UPC_GLOBAL_LOCK_ALLOC"},
    {GaspEvent::AllLockAlloc, "GASP_UPC_ALL_LOCK_ALLOC"},
    {GaspEvent::LockFree, "GASP_UPC_LOCK_FREE"},
    {GaspEvent::Lock, "GASP_UPC_LOCK"},
    {GaspEvent::LockAttempt, "GASP_UPC_LOCK_ATTEMPT"},
    {GaspEvent::Unlock, "GASP_UPC_UNLOCK"},
    {GaspEvent::Memcpy, "GASP_UPC_MEMCPY"},
    {GaspEvent::Memget, "GASP_UPC_MEMGET"},
    {GaspEvent::Memput, "GASP_UPC_MEMPUT"},
    {GaspEvent::Memset, "GASP_UPC_MEMSET"},
    {GaspEvent::Get, "GASP_UPC_GET"},
    {GaspEvent::Put, "GASP_UPC_PUT"},
    {GaspEvent::AllBroadcast, "GASP_UPC_ALL_BROADCAST"},
    {GaspEvent::AllScatter, "GASP_UPC_ALL_SCATTER"},
    {GaspEvent::AllGather, "GASP_UPC_ALL_GATHER"},
    {GaspEvent::AllGatherAll, "GASP_UPC_ALL_GATHER_ALL"},
    {GaspEvent::AllExchange, "GASP_UPC_ALL_EXCHANGE"},
    {GaspEvent::AllPermute, "GASP_UPC_ALL_PERMUTE"},
    {GaspEvent::AllReduce, "GASP_UPC_ALL_REDUCE"},
    {GaspEvent::AllPrefixReduce, "GASP_UPC_ALL_PREFIX_REDUCE"},
    {GaspEvent::AllFree, "GASP_UPCI_ALL_FREE"},
    {GaspEvent::AllLockFree, "GASP_UPCI_ALL_LOCK_FREE"},
    {GaspEvent::NbGetInit, "GASP_UPC_NB_GET_INIT"},
    {GaspEvent::NbPutInit, "GASP_UPC_NB_PUT_INIT"},
    {GaspEvent::NbSync, "GASP_UPC_NB_SYNC"},
    {GaspEvent::NbMemcpyInit, "GASP_UPCI_NB_MEMCPY_INIT"},
    {GaspEvent::NbMemsetInit, "GASP_UPCI_NB_MEMSET_INIT"},
    {GaspEvent::NbSyncAttempt, "GASP_UPCI_NB_SYNC_ATTEMPT"},
    {GaspEvent::AtomicDomainAlloc, "GASP_UPC_ATOMIC_DOMAIN_ALLOC"},
    {GaspEvent::AtomicDomainFree, "GASP_UPC_ATOMIC_DOMAIN_FREE"},
    {GaspEvent::Atomic, "GASP_UPC_ATOMIC"},
};
static_assert(std::size(Names) == NumGaspEvents, "one name per event");

} // namespace

llvm::StringRef gaspEventName(GaspEvent E) {
  return Names[static_cast<unsigned>(E)].Name;
}

std::optional<GaspEvent> findGaspEvent(llvm::StringRef Name) {
  for (const EventName &N : Names)
    if (Name == N.Name)
      return N.Event;
  return std::nullopt;
}

bool isUnraisedGaspEvent(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("GASP_UPC_NB_GET_DATA", "GASP_UPC_NB_PUT_DATA", true)
      .Cases("GASP_UPC_CACHE_MISS", "GASP_UPC_CACHE_HIT",
             "GASP_UPC_CACHE_INVALIDATE", true)
      .Default(false);
}

} // namespace upc
