//===- GaspEvents.cpp - The GASP events upc-instrument raises -------------===//

#include "upc-instrument/Instrumentation/GaspEvents.h"

#include "llvm/ADT/StringSwitch.h"

namespace upc {

namespace {

// In the order of GaspEvent.
constexpr llvm::StringLiteral Names[] = {
#define GASP_EVENT(ENUMERATOR, NAME) NAME,
#include "upc-instrument/Instrumentation/GaspEvents.def"
};
static_assert(std::size(Names) == NumGaspEvents, "one name per event");

} // namespace

llvm::StringRef gaspEventName(GaspEvent E) {
  return Names[static_cast<unsigned>(E)];
}

std::optional<GaspEvent> findGaspEvent(llvm::StringRef Name) {
  for (unsigned I = 0; I < NumGaspEvents; ++I)
    if (Name == Names[I])
      return static_cast<GaspEvent>(I);
  return std::nullopt;
}

bool isUnraisedGaspEvent(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
#define GASP_UNRAISED_EVENT(NAME, WHY) .Case(NAME, true)
#include "upc-instrument/Instrumentation/GaspEvents.def"
      .Default(false);
}

GaspEventSet mirEvents() {
  GaspEventSet Events;
  Events.set();
#define GASP_EVENT_NOT_FOR_MIR(ENUMERATOR)                                     \
  Events.reset(static_cast<unsigned>(GaspEvent::ENUMERATOR));
#include "upc-instrument/Instrumentation/GaspEvents.def"
  return Events;
}

} // namespace upc
