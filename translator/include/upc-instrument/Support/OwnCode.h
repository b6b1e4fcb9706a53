//===- OwnCode.h - Is upc-instrument's own code running? --------*- C++ -*-===//
//
// The front end runs stock Clang under a crash recovery context, so that a
// crash inside Clang (a Clang 19 defect) becomes an internal error instead of
// taking the tool down. Our own code runs inside that context too, called
// back by Clang: preprocessor callbacks and pragma handlers, the file system
// overlay that desugars files, the AST consumer and the checks it runs, the
// diagnostic consumer and the diagnostic argument formatter. A crash there is
// a bug of ours and must not pass for one of Clang's. Each of these entry
// points opens an OwnCodeScope, so that the recovery can tell which it was.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_SUPPORT_OWNCODE_H
#define UPC_INSTRUMENT_SUPPORT_OWNCODE_H

namespace upc {

/// Marks that upc-instrument's own code is running on this thread, for as
/// long as the object lives. Scopes nest: Clang calls our code, which calls
/// Clang, which calls our code again. A crash in Clang code that ours called
/// counts as ours: we gave Clang what it crashed on.
class OwnCodeScope {
public:
  OwnCodeScope() : Outer(Active) { Active = true; }
  ~OwnCodeScope() { Active = Outer; }
  OwnCodeScope(const OwnCodeScope &) = delete;
  OwnCodeScope &operator=(const OwnCodeScope &) = delete;

  /// Whether a scope is open on this thread. Crash recovery jumps out of the
  /// crashed code (longjmp) without running destructors: right after a
  /// recovered crash, this tells whether it happened in our code.
  static bool isActive() { return Active; }
  /// Closes the scopes that a recovered crash left open.
  static void resetAfterCrash() { Active = false; }

private:
  bool Outer;
  static inline thread_local bool Active = false;
};

} // namespace upc

#endif
