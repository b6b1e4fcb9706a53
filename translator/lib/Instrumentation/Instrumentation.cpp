//===- Instrumentation.cpp - GASP instrumentation policy ------------------===//

#include "upc-instrument/Instrumentation/Instrumentation.h"
#include "upc-instrument/Lowering/CTypes.h"
#include "upc-instrument/Lowering/RuntimeNames.h"
#include "upc-instrument/Semantics/UpcContext.h"

#include "clang/Basic/CharInfo.h"
#include "llvm/Support/MemoryBuffer.h"


namespace upc {

namespace {

/// Calls \p Entry(Line, Column, Text) for each entry of a list file: the
/// trimmed text of each line without its `#` comment, if not empty.
template <typename Fn>
std::string forEachListEntry(llvm::StringRef Path, Fn Entry) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return "cannot read '" + Path.str() + "': " + Buffer.getError().message();
  llvm::StringRef Rest = (*Buffer)->getBuffer();
  for (unsigned Line = 1; !Rest.empty(); ++Line) {
    auto [Text, Next] = Rest.split('\n');
    Rest = Next;
    Text = Text.take_until([](char C) { return C == '#'; });
    size_t Indent = Text.find_first_not_of(" \t\r\f\v");
    if (Indent == llvm::StringRef::npos)
      continue;
    Entry(Line, unsigned(Indent + 1), Text.trim());
  }
  return "";
}

bool isIdentifier(llvm::StringRef S) {
  if (S.empty() || !clang::isAsciiIdentifierStart(S.front()))
    return false;
  return llvm::all_of(S, [](char C) { return clang::isAsciiIdentifierContinue(C); });
}

} // namespace

std::string readEventList(llvm::StringRef Path, GaspEventSet &Events,
                          std::vector<ListFileWarning> &Warnings) {
  return forEachListEntry(Path, [&](unsigned Line, unsigned Column,
                                    llvm::StringRef Name) {
    if (std::optional<GaspEvent> E = findGaspEvent(Name)) {
      Events.set(static_cast<unsigned>(*E));
      return;
    }
    if (isUnraisedGaspEvent(Name))
      return; // GASP 1.4, 3.1.2: unsupported events may be ignored
    std::string Message = "unknown GASP event '" + Name.str() + "'";
    // The PUPC proposal's names: GASP renamed them.
    if (Name.starts_with("PUPC_"))
      Message += " (GASP 1.4 names events GASP_UPC_* and GASP_C_*)";
    Warnings.push_back({Path.str(), Line, Column, Message + "; ignored"});
  });
}

std::string readFunctionList(llvm::StringRef Path, llvm::StringSet<> &Names,
                             std::vector<ListFileWarning> &Warnings) {
  return forEachListEntry(Path, [&](unsigned Line, unsigned Column,
                                    llvm::StringRef Name) {
    if (!isIdentifier(Name)) {
      Warnings.push_back({Path.str(), Line, Column,
                          "'" + Name.str() +
                              "' is not a function name; ignored"});
      return;
    }
    Names.insert(Name);
  });
}

bool GaspRuntimeCalls::instruments(GaspEvent E,
                                   const SourcePosition &P) const {
  if (Opts.OnlyEvents && !Opts.OnlyEvents->test(static_cast<unsigned>(E)))
    return false;
  return P.Loc.isInvalid() || Upc.isInstrumentationEnabled(P.Loc);
}

bool GaspRuntimeCalls::raisesLocalAccessEvents(
    const SourcePosition &P) const {
  return Opts.Mode == InstrumentationMode::ProfileLocal &&
         (instruments(GaspEvent::Get, P) || instruments(GaspEvent::Put, P));
}

std::string GaspRuntimeCalls::access(llvm::StringRef Verb,
                                     const SharedAccess &A,
                                     const std::string *Value) const {
  bool LocalToo = Opts.Mode == InstrumentationMode::ProfileLocal;
  return accessCall(runtime::AccessGaspFamily, Verb, A, Value) + ", " + (LocalToo ? "1" : "0") +
         ", " + position(A.Position) + ", " + CTypes::quote(A.VariableType) +
         ", " + CTypes::quote(A.VariableName) + ")";
}

std::string GaspRuntimeCalls::get(const SharedAccess &A) const {
  if (!instruments(GaspEvent::Get, A.Position))
    return RuntimeCalls::get(A);
  return access("GET", A, nullptr);
}

std::string GaspRuntimeCalls::put(const SharedAccess &A,
                                  const std::string &Value) const {
  if (!instruments(GaspEvent::Put, A.Position))
    return RuntimeCalls::put(A, Value);
  return access("PUT", A, &Value);
}

std::string
GaspRuntimeCalls::synchronization(SyncKind Kind,
                                  const std::optional<std::string> &Value,
                                  const SourcePosition &P) const {
  GaspEvent E = Kind == SyncKind::Barrier  ? GaspEvent::Barrier
                : Kind == SyncKind::Notify ? GaspEvent::Notify
                : Kind == SyncKind::Wait   ? GaspEvent::Wait
                                           : GaspEvent::Fence;
  if (!instruments(E, P))
    return RuntimeCalls::synchronization(Kind, Value, P);
  if (Kind == SyncKind::Fence)
    return callWithPosition(runtime::GaspFence, {}, P);
  return synchronizationCall(Kind == SyncKind::Barrier  ? runtime::GaspBarrier
                             : Kind == SyncKind::Notify ? runtime::GaspNotify
                                                        : runtime::GaspWait,
                             Value, P);
}

std::string GaspRuntimeCalls::libraryCall(const LibraryFunction &F,
                                          llvm::ArrayRef<std::string> Args,
                                          const SourcePosition &P) const {
  std::optional<GaspEvent> E = findGaspEvent(F.Event);
  if (!E || !instruments(*E, P))
    return RuntimeCalls::libraryCall(F, Args, P);
  return callWithPosition(F.Instrumented, Args, P);
}

std::string GaspRuntimeCalls::exitCall(const std::string &Status,
                                       const SourcePosition &P) const {
  if (!instruments(GaspEvent::CollectiveExit, P))
    return RuntimeCalls::exitCall(Status, P);
  return callWithPosition(runtime::GaspExit, {Status}, P);
}

std::string GaspRuntimeCalls::functionEntry(llvm::StringRef Name,
                                            llvm::StringRef Signature,
                                            const SourcePosition &P) const {
  if (Opts.ExcludedFunctions.count(Name) || !instruments(GaspEvent::CFunc, P))
    return "";
  return callWithPosition(runtime::GaspFunctionScope,
                          {CTypes::quote(Signature)}, P) +
         ";";
}

std::string GaspRuntimeCalls::forallEntry(const SourcePosition &P) const {
  if (!instruments(GaspEvent::Forall, P))
    return "";
  return callWithPosition(runtime::GaspForallScope, {}, P) + ";";
}

std::string GaspRuntimeCalls::cMemoryCall(llvm::StringRef Function,
                                          llvm::ArrayRef<std::string> Args,
                                          const SourcePosition &P) const {
  GaspEvent E = Function == "malloc"    ? GaspEvent::CMalloc
                : Function == "realloc" ? GaspEvent::CRealloc
                                        : GaspEvent::CFree;
  if (!instruments(E, P))
    return "";
  return callWithPosition((runtime::GaspCMemory + Function).str(), Args, P);
}

std::string GaspRuntimeCalls::mainReturnValue(const std::string &Value,
                                              const SourcePosition &P) const {
  if (!instruments(GaspEvent::CollectiveExit, P))
    return "";
  return callWithPosition(runtime::GaspMainReturn, {Value}, P);
}

std::string
GaspRuntimeCalls::createUserEvent(llvm::ArrayRef<std::string> Args,
                                  const SourcePosition &) const {
  // User events are never affected by the instrumentation controls.
  return spellCall(runtime::GaspCreateEvent, Args);
}

std::string GaspRuntimeCalls::userEvent(UserEventKind Kind,
                                        llvm::ArrayRef<std::string> Args,
                                        const SourcePosition &P) const {
  const char *Type = Kind == UserEventKind::Start ? "GASP_START"
                     : Kind == UserEventKind::End ? "GASP_END"
                                                  : "GASP_ATOMIC";
  std::vector<std::string> All = {Args.front(), Type, position(P)};
  All.insert(All.end(), Args.begin() + 1, Args.end());
  return spellCall(Args.size() > 1 ? runtime::GaspUserEventArgs
                                   : runtime::GaspUserEvent,
                   All);
}

} // namespace upc
