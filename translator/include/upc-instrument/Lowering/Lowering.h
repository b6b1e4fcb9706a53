//===- Lowering.h - UPC translation unit to C -------------------*- C++ -*-===//
//
// Lowering turns a checked UPC translation unit into edits of its original
// texts, plus the facts emission needs to complete the C file: the static
// data to allocate and initialize at start-up (Berkeley UPC's "Static User
// Data" interface between the compiler and the UPC runtime; docs/
// runtime-interface.md) and whether the file defines the program's main.
//
// What becomes what (docs/translation.md has the full table):
//  - shared variables become proxies (upcr_pshared_ptr_t / upcr_shared_ptr_t)
//    that the runtime points at their storage during start-up;
//  - shared accesses become runtime gets and puts; pointers-to-shared become
//    runtime values with runtime arithmetic;
//  - UPC statements and library calls become runtime calls carrying their
//    source position;
//  - unshared file-scope and static data of UPC sources becomes per-thread
//    (__thread);
//  - main is renamed and started by the runtime on every thread.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_LOWERING_LOWERING_H
#define UPC_INSTRUMENT_LOWERING_LOWERING_H

#include "upc-instrument/Lowering/SourceEdits.h"

#include "clang/Basic/SourceLocation.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class FunctionDecl;
class Stmt;
} // namespace clang

namespace upc {

class RuntimeCalls;
struct UpcTranslationUnit;

/// A probe of a MIR instrumentation request (MIR, section 4), which the
/// lowering places around statements of one function: a block whose first
/// declaration starts the measurement and whose cleanup ends it, however
/// the block is left.
struct ProbePlacement {
  /// The C name of the probe's descriptor, and the arguments that follow
  /// it in its definition (runtime-glue/include/upcr_mir.h).
  std::string Variable;
  std::string DefinitionArguments;
  /// The probe's id, for messages.
  std::string Id;
  const clang::FunctionDecl *Function = nullptr;
  /// The statements it spans, in one block; both null: the function body.
  const clang::Stmt *First = nullptr, *Last = nullptr;
  /// A dormant site (--mir-dormant): defined with UPCR_MIR_SITE_DEFINE, and
  /// left out without an error where its statements cannot be edited
  /// (written through a macro, or inside a rewritten statement).
  bool Dormant = false;
};

struct LoweringOptions {
  /// Keep the compiler's line numbers those of the UPC source.
  bool LineDirectives = true;
  /// Spelling of runtime calls (instrumentation); null: plain calls.
  const RuntimeCalls *Calls = nullptr;
  /// Run simple upc_forall loops over the calling thread's iterations only,
  /// with private pointers to its elements (ForallLocalization.cpp).
  bool LocalizeForall = true;
  /// GASP events are raised only while a MIR probe measures (the files of
  /// a program built with instrumentation requests).
  bool GaspGated = false;
  std::vector<ProbePlacement> Probes;
  /// The unit's SIR document, compiled in for the MIR engine to answer
  /// SIR requests at run time (--mir-dormant); empty: none.
  std::string EmbeddedSir;
  /// UPC that a use of a macro in the main file wrote where the translation
  /// cannot be placed (a function body or static data inside the macro's
  /// definition) is not an error: the uses are listed in
  /// LoweredUnit::MacroUses and the lowering fails without a diagnostic, so
  /// that the file can be translated again with those uses expanded.
  /// Errors of any other kind report the deferred ones too.
  bool DeferMacroUses = false;
  /// Remark on each variable defined in a header of C code (one object per
  /// process: Berkeley UPC's rule, docs/translation.md) (-v).
  bool ListProcessWideData = false;
};

/// One file (one inclusion of it) whose text the output contains.
struct LoweredFile {
  clang::FileID File;
  /// The name #line directives use (as the preprocessor named the file).
  std::string PresumedName;
  /// Where the file is (for includes relative to it).
  std::string Path;
  bool IsMainFile = false;
  std::unique_ptr<SourceEdits> Edits;
};

/// What the per-file start-up functions do.
struct StaticDataPlan {
  /// Initializers of upcr_startup_pshalloc_t / upcr_startup_shalloc_t.
  std::vector<std::string> PhaselessRecords;
  std::vector<std::string> PhasedRecords;
  /// Records that functions hold (runtime::StartupRecord), phaseless and
  /// phased: the ALLOC function allocates their sections too.
  bool PhaselessRecordsInFunctions = false;
  bool PhasedRecordsInFunctions = false;
  /// Statements run by thread 0 (scalar shared initializers).
  std::vector<std::string> Thread0Initializers;
  /// Statements run by every thread (its part of shared arrays, per-thread
  /// data whose initial value exists only at run time).
  std::vector<std::string> EveryThreadInitializers;
};

struct LoweredUnit {
  /// The main file first, then the headers translated where included.
  std::vector<LoweredFile> Files;
  StaticDataPlan StaticData;
  /// How the user's main (renamed upcr_user_main) takes its arguments;
  /// -1: this file does not define main.
  int MainParameters = -1;
  bool MainReturnsVoid = false;
  /// The output calls instrumented runtime entry points (GASP).
  bool Instrumented = false;
  bool GaspGated = false;
  /// With LoweringOptions::DeferMacroUses: the uses of macros to expand,
  /// as (line, column) of the macro's name in the original main file.
  std::vector<std::pair<unsigned, unsigned>> MacroUses;
  /// The definitions of the probes placed in the unit (file scope).
  std::vector<std::string> ProbeDefinitions;

  LoweredFile *find(clang::FileID FID);
  const LoweredFile *find(clang::FileID FID) const;
};

/// Lowers \p TU. Errors (constructs that cannot be translated) are reported
/// through the translation unit's diagnostics; returns false if there were
/// any.
bool lowerTranslationUnit(UpcTranslationUnit &TU, const LoweringOptions &Opts,
                          LoweredUnit &Out);

} // namespace upc

#endif
