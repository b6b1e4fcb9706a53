//===- RuntimeCalls.h - How translated C calls the UPC runtime --*- C++ -*-===//
//
// Every interaction of translated code with the runtime (shared accesses,
// synchronization, library calls) is spelled here, one site at a time, with
// the site's position in the UPC source; the names come from RuntimeNames.h
// and the library table (UpcLibrary.h). Instrumentation (GASP) chooses per
// site whether and how to observe it by providing another RuntimeCalls; the
// lowering itself does not change.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_LOWERING_RUNTIMECALLS_H
#define UPC_INSTRUMENT_LOWERING_RUNTIMECALLS_H

#include "upc-instrument/Lowering/CTypes.h"
#include "upc-instrument/Library/UpcLibrary.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace upc {

/// Where a construct is, in the UPC source as the user wrote it.
struct SourcePosition {
  std::string File; ///< as named to the translator, or by #line
  unsigned Line = 0;
  unsigned Column = 0;
  /// The construct's location in the parsed translation unit (for
  /// per-site policies such as #pragma pupc regions).
  clang::SourceLocation Loc;
};

/// One read or write of a shared object.
struct SharedAccess {
  std::string ValueType; ///< C type of the value read or written
  std::string Pointer;   ///< C expression: pointer-to-shared to the element
  PointerRepresentation Representation = PointerRepresentation::Phaseless;
  std::string ByteOffset = "0"; ///< within the element (members)
  bool Strict = false;
  SourcePosition Position;
  /// The accessed variable, when the access names one (for tools).
  std::string VariableName;
  std::string VariableType; ///< its UPC type as written
};

enum class SyncKind { Barrier, Notify, Wait, Fence };

/// `Function(Args...)`.
std::string spellCall(llvm::StringRef Function,
                      llvm::ArrayRef<std::string> Args);

class RuntimeCalls {
public:
  virtual ~RuntimeCalls();

  /// The position as a upcr_srcpos_t expression.
  virtual std::string position(const SourcePosition &P) const;

  /// An expression that reads the object (its value is the value read).
  virtual std::string get(const SharedAccess &A) const;
  /// An expression that writes \p Value (its value is the value written).
  virtual std::string put(const SharedAccess &A,
                          const std::string &Value) const;

  /// upc_barrier / upc_notify / upc_wait (\p Value empty: anonymous) and
  /// upc_fence, as an expression of type void.
  virtual std::string synchronization(SyncKind Kind,
                                      const std::optional<std::string> &Value,
                                      const SourcePosition &P) const;

  /// A call of the library function \p F (lowered to its runtime entry)
  /// with \p Args, and the position.
  virtual std::string libraryCall(const LibraryFunction &F,
                                  llvm::ArrayRef<std::string> Args,
                                  const SourcePosition &P) const;

  /// exit(\p Status) called from UPC code: a collective exit.
  virtual std::string exitCall(const std::string &Status,
                               const SourcePosition &P) const;

  // --- Sites that only instrumentation changes. The defaults leave the
  // code as it is (an empty string: nothing to add or change).

  /// Whether translated files must be compiled with the instrumented entry
  /// points (the prologue defines UPCR_GASP_INSTRUMENTED).
  virtual bool isInstrumenting() const { return false; }
  /// Whether a read or write at \p P of shared data with affinity to the
  /// accessing thread raises GASP events (--profile-local, MIR): plain
  /// memory accesses there would drop them.
  virtual bool raisesLocalAccessEvents(const SourcePosition &P) const {
    return false;
  }
  /// A declaration placed first in the body of the user function \p Name
  /// (full signature \p Signature) defined at \p P.
  virtual std::string functionEntry(llvm::StringRef Name,
                                    llvm::StringRef Signature,
                                    const SourcePosition &P) const;
  /// A declaration placed in a block around the upc_forall at \p P.
  virtual std::string forallEntry(const SourcePosition &P) const;
  /// A call of the C library's malloc, realloc or free (\p Function).
  virtual std::string cMemoryCall(llvm::StringRef Function,
                                  llvm::ArrayRef<std::string> Args,
                                  const SourcePosition &P) const;
  /// The value returned by `return Value;` in main (also the implicit
  /// `return 0;` at its end).
  virtual std::string mainReturnValue(const std::string &Value,
                                      const SourcePosition &P) const;

  /// pupc_create_event(name, desc).
  virtual std::string createUserEvent(llvm::ArrayRef<std::string> Args,
                                      const SourcePosition &P) const;
  enum class UserEventKind { Start, End, Atomic };
  /// pupc_event_start/end/atomic(tag, ...). Without instrumentation the call
  /// compiles away: its arguments are not evaluated (GASP 1.4, 5.3), only
  /// named in a dead branch.
  virtual std::string userEvent(UserEventKind Kind,
                                llvm::ArrayRef<std::string> Args,
                                const SourcePosition &P) const;

protected:
  /// A synchronization statement (not a fence) as a call of \p Function.
  std::string synchronizationCall(llvm::StringRef Function,
                                  const std::optional<std::string> &Value,
                                  const SourcePosition &P) const;
  /// `Function(Args..., position)`.
  std::string callWithPosition(llvm::StringRef Function,
                               llvm::ArrayRef<std::string> Args,
                               const SourcePosition &P) const;
  /// The start of a call of the access macro UPCR_<Family><Verb>_<P>SHARED_
  /// VALUE[_STRICT] for \p A: its type, pointer, offset and (puts) value
  /// arguments, without the closing parenthesis.
  static std::string accessCall(llvm::StringRef Family, llvm::StringRef Verb,
                                const SharedAccess &A,
                                const std::string *Value);
};

} // namespace upc

#endif
