//===- Instrumentation.h - GASP instrumentation policy ----------*- C++ -*-===//
//
// Which constructs get GASP events, decided per site at translation time
// (GASP 1.4, 3.1 and 5.1; PUPC proposal 1.1, 3.4.1):
//  - the mode: --profile (every event except accesses to shared data with
//    affinity to the accessing thread, decided at run time), --profile-local
//    (those too), or none (no trace of instrumentation in the output);
//  - --profile-only FILE: only the events named there;
//  - --exclude-functions FILE: no GASP_C_FUNC events for these functions;
//  - #pragma pupc off/on regions (UpcContext::isInstrumentationEnabled).
// User events (pupc_event_*) ignore the last three (GASP 1.4, 3.1.3).
//
// GaspRuntimeCalls spells the instrumented sites as calls of the
// instrumented runtime entry points (runtime-glue/include/upcr_gasp.h), each
// with its literal file, line and column.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_INSTRUMENTATION_INSTRUMENTATION_H
#define UPC_INSTRUMENT_INSTRUMENTATION_INSTRUMENTATION_H

#include "upc-instrument/Instrumentation/GaspEvents.h"
#include "upc-instrument/Lowering/RuntimeCalls.h"

#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <vector>

namespace upc {

class UpcContext;

enum class InstrumentationMode { Off, Profile, ProfileLocal };

struct InstrumentationOptions {
  InstrumentationMode Mode = InstrumentationMode::Off;
  /// --profile-only (or, for MIR, mirEvents()): the events to instrument;
  /// unset: all of them.
  std::optional<GaspEventSet> OnlyEvents;
  /// --exclude-functions: functions that get no GASP_C_FUNC events.
  llvm::StringSet<> ExcludedFunctions;
  /// Events raised only while a MIR probe measures (--mir-request).
  bool Gated = false;

  bool isEnabled() const { return Mode != InstrumentationMode::Off; }
};

/// A problem in a list file, at FILE:LINE:COLUMN.
struct ListFileWarning {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Message;
};

/// Reads a --profile-only file: symbolic event names, one per line; blank
/// lines and `#` comments are allowed. Names of GASP events that are never
/// raised are accepted and ignored; any other name is a warning. Returns an
/// error message if the file cannot be read, else "".
std::string readEventList(llvm::StringRef Path, GaspEventSet &Events,
                          std::vector<ListFileWarning> &Warnings);

/// Reads an --exclude-functions file: function names, one per line, with
/// blank lines and `#` comments; a line that is not an identifier is a
/// warning. Returns an error message if the file cannot be read, else "".
std::string readFunctionList(llvm::StringRef Path, llvm::StringSet<> &Names,
                             std::vector<ListFileWarning> &Warnings);

/// The runtime calls of an instrumented translation unit.
class GaspRuntimeCalls : public RuntimeCalls {
public:
  GaspRuntimeCalls(const InstrumentationOptions &Opts, const UpcContext &Upc)
      : Opts(Opts), Upc(Upc) {}

  bool isInstrumenting() const override { return true; }
  bool raisesLocalAccessEvents(const SourcePosition &P) const override;
  std::string get(const SharedAccess &A) const override;
  std::string put(const SharedAccess &A,
                  const std::string &Value) const override;
  std::string synchronization(SyncKind Kind,
                              const std::optional<std::string> &Value,
                              const SourcePosition &P) const override;
  std::string libraryCall(const LibraryFunction &F,
                          llvm::ArrayRef<std::string> Args,
                          const SourcePosition &P) const override;
  std::string exitCall(const std::string &Status,
                       const SourcePosition &P) const override;
  std::string functionEntry(llvm::StringRef Name, llvm::StringRef Signature,
                            const SourcePosition &P) const override;
  std::string forallEntry(const SourcePosition &P) const override;
  std::string cMemoryCall(llvm::StringRef Function,
                          llvm::ArrayRef<std::string> Args,
                          const SourcePosition &P) const override;
  std::string mainReturnValue(const std::string &Value,
                              const SourcePosition &P) const override;
  std::string createUserEvent(llvm::ArrayRef<std::string> Args,
                              const SourcePosition &P) const override;
  std::string userEvent(UserEventKind Kind, llvm::ArrayRef<std::string> Args,
                        const SourcePosition &P) const override;

private:
  const InstrumentationOptions &Opts;
  const UpcContext &Upc;

  /// Whether the site at \p P raises \p E.
  bool instruments(GaspEvent E, const SourcePosition &P) const;
  std::string access(llvm::StringRef Verb, const SharedAccess &A,
                     const std::string *Value) const;
};

} // namespace upc

#endif
