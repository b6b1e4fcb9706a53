//===- RuntimeCalls.cpp - Uninstrumented spellings of runtime calls -------===//

#include "upc-instrument/Lowering/RuntimeCalls.h"
#include "upc-instrument/Lowering/RuntimeNames.h"

#include "llvm/ADT/StringExtras.h"

namespace upc {

std::string spellCall(llvm::StringRef Function,
                      llvm::ArrayRef<std::string> Args) {
  return (Function + "(" + llvm::join(Args, ", ") + ")").str();
}

RuntimeCalls::~RuntimeCalls() = default;

std::string RuntimeCalls::position(const SourcePosition &P) const {
  return spellCall(runtime::SourcePosition,
                   {CTypes::quote(P.File), std::to_string(P.Line),
                    std::to_string(P.Column)});
}

std::string RuntimeCalls::accessCall(llvm::StringRef Family,
                                     llvm::StringRef Verb,
                                     const SharedAccess &A,
                                     const std::string *Value) {
  std::string Call = runtime::AccessPrefix.str() + Family.str() + Verb.str() +
                     "_" +
                     (A.Representation == PointerRepresentation::Phased
                          ? "SHARED"
                          : "PSHARED") +
                     "_VALUE";
  if (A.Strict)
    Call += "_STRICT";
  Call += "(" + A.ValueType + ", " + A.Pointer + ", " + A.ByteOffset;
  // A compound literal's braces do not protect its commas from the macro.
  if (Value)
    Call += ", " + (Value->find('{') == std::string::npos ? *Value
                                                          : "(" + *Value + ")");
  return Call;
}

std::string RuntimeCalls::get(const SharedAccess &A) const {
  return accessCall("", "GET", A, nullptr) + ")";
}

std::string RuntimeCalls::put(const SharedAccess &A,
                              const std::string &Value) const {
  return accessCall("", "PUT", A, &Value) + ")";
}

std::string
RuntimeCalls::synchronization(SyncKind Kind,
                              const std::optional<std::string> &Value,
                              const SourcePosition &P) const {
  if (Kind == SyncKind::Fence)
    return spellCall(runtime::Fence, {});
  return synchronizationCall(Kind == SyncKind::Barrier  ? runtime::Barrier
                             : Kind == SyncKind::Notify ? runtime::Notify
                                                        : runtime::Wait,
                             Value, P);
}

std::string
RuntimeCalls::synchronizationCall(llvm::StringRef Function,
                                  const std::optional<std::string> &Value,
                                  const SourcePosition &P) const {
  if (Value)
    return callWithPosition(Function, {"(" + *Value + ")", "0"}, P);
  return callWithPosition(Function, {"0", runtime::BarrierAnonymous.str()}, P);
}

std::string RuntimeCalls::callWithPosition(llvm::StringRef Function,
                                           llvm::ArrayRef<std::string> Args,
                                           const SourcePosition &P) const {
  std::vector<std::string> All(Args.begin(), Args.end());
  All.push_back(position(P));
  return spellCall(Function, All);
}

std::string RuntimeCalls::libraryCall(const LibraryFunction &F,
                                      llvm::ArrayRef<std::string> Args,
                                      const SourcePosition &P) const {
  return callWithPosition(F.Runtime, Args, P);
}

std::string RuntimeCalls::exitCall(const std::string &Status,
                                   const SourcePosition &) const {
  return spellCall(runtime::Exit, {Status});
}

std::string RuntimeCalls::functionEntry(llvm::StringRef, llvm::StringRef,
                                        const SourcePosition &) const {
  return "";
}

std::string RuntimeCalls::forallEntry(const SourcePosition &) const {
  return "";
}

std::string RuntimeCalls::cMemoryCall(llvm::StringRef,
                                      llvm::ArrayRef<std::string>,
                                      const SourcePosition &) const {
  return "";
}

std::string RuntimeCalls::mainReturnValue(const std::string &,
                                          const SourcePosition &) const {
  return "";
}

std::string RuntimeCalls::createUserEvent(llvm::ArrayRef<std::string>,
                                          const SourcePosition &) const {
  return "";
}

std::string RuntimeCalls::userEvent(UserEventKind,
                                    llvm::ArrayRef<std::string> Args,
                                    const SourcePosition &) const {
  // Never evaluated, but still used: no warnings about variables or
  // functions that only the event mentioned. `(0)` marks the dead branch as
  // intended (clang's -Wunreachable-code); the void casts admit bit-fields
  // and structures.
  std::string Text;
  for (const std::string &A : Args)
    Text += (Text.empty() ? "" : ", ") + ("(void)(" + A + ")");
  return "((0) ? (" + Text + ") : (void)0)";
}

} // namespace upc
