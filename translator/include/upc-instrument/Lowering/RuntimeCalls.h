//===- RuntimeCalls.h - How translated C calls the UPC runtime --*- C++ -*-===//
//
// Every interaction of translated code with the runtime (shared accesses,
// synchronization, library calls) is spelled here, one site at a time, with
// the site's position in the UPC source. Instrumentation (GASP) chooses per
// site whether and how to observe it by providing another RuntimeCalls; the
// lowering itself does not change.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_LOWERING_RUNTIMECALLS_H
#define UPC_INSTRUMENT_LOWERING_RUNTIMECALLS_H

#include "upc-instrument/Lowering/CTypes.h"

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

  /// A call of the runtime entry \p Function (a UPC library function) with
  /// \p Args, and the position.
  virtual std::string libraryCall(llvm::StringRef Function,
                                  llvm::ArrayRef<std::string> Args,
                                  const SourcePosition &P) const;
};

} // namespace upc

#endif
