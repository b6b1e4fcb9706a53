//===- UpcContext.h - The UPC meaning of a translation unit -----*- C++ -*-===//
//
// UpcContext is to a UPC translation unit what ASTContext is to a C one: the
// facts that later stages (lowering, instrumentation, emission) ask about.
// The front end fills in what only it sees (pragmas, block size values);
// analyze() then recognises the UPC statements in the AST and resolves
// layouts, THREADS-dependent sizes and pragma regions.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_SEMANTICS_UPCCONTEXT_H
#define UPC_INSTRUMENT_SEMANTICS_UPCCONTEXT_H

#include "upc-instrument/Desugar/InternalNames.h"
#include "upc-instrument/Semantics/UpcTypes.h"

#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CompoundStmt;
class CStyleCastExpr;
class Expr;
class ForStmt;
class Stmt;
class UnaryExprOrTypeTraitExpr;
class NamedDecl;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace upc {

/// Whether THREADS is a run-time value (the default) or fixed at compile
/// time with -T N.
struct ThreadsEnvironment {
  std::optional<unsigned> StaticThreads;
  bool isDynamic() const { return !StaticThreads; }
};

/// The block size of a shared type.
struct BlockSize {
  enum Kind {
    Definite,   ///< Elements per block
    Indefinite, ///< the whole object lives on one thread
    Star,       ///< [*]: ceil(elements / THREADS), known with the array
    Invalid,    ///< the block size expression did not evaluate
  };
  Kind BlockKind = Definite;
  uint64_t Elements = 1;

  bool operator==(const BlockSize &O) const {
    return BlockKind == O.BlockKind &&
           (BlockKind != Definite || Elements == O.Elements);
  }
  bool operator!=(const BlockSize &O) const { return !(*this == O); }
};

/// One array dimension: Factor elements, times THREADS if ScalesWithThreads.
struct ArrayDimension {
  bool Known = true;             ///< false for [] and variable lengths
  uint64_t Factor = 0;
  bool ScalesWithThreads = false;
  /// Number of THREADS occurrences and whether they form a multiple of
  /// THREADS (THREADS, N*THREADS, THREADS*N); for constraint checking.
  unsigned ThreadsOccurrences = 0;
  bool WellFormedMultiple = true;
  const clang::Expr *SizeExpr = nullptr;
};

/// The total number of elements of an array: Factor [* THREADS].
struct SymbolicSize {
  bool Known = true;
  uint64_t Factor = 1;
  bool ScalesWithThreads = false;
};

/// A `#pragma upc strict|relaxed` or `#pragma pupc on|off`.
struct UpcPragma {
  enum Kind { Strict, Relaxed, InstrumentationOn, InstrumentationOff };
  Kind PragmaKind;
  clang::SourceLocation Loc;
  /// The compound statement whose remainder it governs; null for file scope
  /// (it then governs the rest of the translation unit).
  const clang::CompoundStmt *Scope = nullptr;
  /// False when it does not precede the declarations and statements of its
  /// compound statement.
  bool AtScopeStart = true;
};

/// `#pragma upc upc_code` or `#pragma upc c_code` (Berkeley UPC): the file
/// it is in is UPC code or C code, whose unshared static data is per thread
/// or per process (docs/translation.md, "Per-thread data"); after c_code,
/// the desugarer leaves UPC's words as identifiers (UpcDesugarer.h).
struct CodeLanguagePragma {
  bool IsC = false;
  clang::SourceLocation Loc;
};

struct ForallStatement {
  const clang::ForStmt *Loop = nullptr;
  const clang::Stmt *Init = nullptr;
  const clang::Expr *Cond = nullptr;
  const clang::Expr *Step = nullptr;
  names::ForallAffinityKind AffinityKind = names::AffinityNone;
  /// The affinity expression (AffinityExpr only), without the conversions
  /// that passing it to the marker added.
  const clang::Expr *Affinity = nullptr;
  const clang::Stmt *Body = nullptr;
};

struct SynchronizationStatement {
  enum Kind { Barrier, Notify, Wait, Fence };
  Kind SyncKind;
  const clang::CallExpr *Call = nullptr;
  /// The barrier value; null when the statement has none.
  const clang::Expr *Value = nullptr;
};

struct UpcSizeofExpression {
  enum Kind { BlockSizeof, LocalSizeof, ElemSizeof };
  Kind OperatorKind;
  const clang::CStyleCastExpr *Expr = nullptr;
  const clang::UnaryExprOrTypeTraitExpr *Sizeof = nullptr;
  clang::QualType OperandType;
  /// The operand as written (for its THREADS-dependent dimensions).
  clang::TypeLoc OperandLoc;
  /// The value the front end substituted (second parse), if any.
  std::optional<uint64_t> SubstitutedValue;
};

llvm::StringRef spelling(SynchronizationStatement::Kind K);
llvm::StringRef spelling(UpcSizeofExpression::Kind K);
llvm::StringRef spelling(UpcPragma::Kind K);

/// Whether \p D is a top-level declaration from a file \p IsUpcLocation
/// says is not UPC (a C header): the UPC analyses skip those.
bool isDeclaredByCHeader(
    const clang::Decl *D,
    const std::function<bool(clang::SourceLocation)> &IsUpcLocation);

class UpcContext {
public:
  explicit UpcContext(ThreadsEnvironment Env) : Env(Env) {}

  const ThreadsEnvironment &threadsEnvironment() const { return Env; }

  // --- Recorded by the front end while parsing.
  void addPragma(UpcPragma::Kind Kind, clang::SourceLocation Loc);
  void addCodeLanguagePragma(bool IsC, clang::SourceLocation Loc) {
    CodeLanguagePragmas.push_back({IsC, Loc});
  }
  /// The value of the block size occurrence \p Occurrence (see
  /// UpcQualifiers::BlockSizeOccurrence), once checked.
  void setBlockSizeValue(unsigned Occurrence, int64_t Value);

  /// The block size expression of an occurrence as the user wrote it.
  void setBlockSizeText(unsigned Occurrence, std::string Text) {
    BlockSizeTexts[Occurrence] = std::move(Text);
  }
  llvm::StringRef getBlockSizeText(unsigned Occurrence) const {
    auto It = BlockSizeTexts.find(Occurrence);
    return It == BlockSizeTexts.end() ? llvm::StringRef() : It->second;
  }

  /// A block size as Clang evaluated it on the declaration it qualifies.
  struct EvaluatedBlockSize {
    bool IsConstant = false;
    int64_t Value = 0;
  };
  /// Null when the occurrence qualifies a type name in an expression.
  const EvaluatedBlockSize *getBlockSizeWhereWritten(unsigned Occurrence) const;
  /// Whether some declaration in a block (a local variable, type or
  /// enumerator) has the name \p Name.
  bool isDeclaredInBlock(llvm::StringRef Name) const {
    return BlockScopeNames.count(Name);
  }
  /// Whether \p Loc lies in the body of a function.
  bool isInFunctionBody(clang::SourceLocation Loc) const;

  // --- After parsing.
  /// Recognises the UPC constructs of the declarations for which
  /// \p IsUpcLocation holds (declarations from C headers are skipped).
  void analyze(clang::ASTContext &Ctx,
               std::function<bool(clang::SourceLocation)> IsUpcLocation);

  clang::ASTContext &getASTContext() const { return *Ctx; }

  // --- Types.
  BlockSize getBlockSize(clang::QualType T) const;
  BlockSize getBlockSize(const UpcQualifiers &Q) const;
  /// The block size of what a pointer-to-shared expression points to. A
  /// member of a shared structure lies whole on one thread, so pointers into
  /// it have the indefinite block size whatever the structure's layout.
  BlockSize getPointeeBlockSize(const clang::Expr *Pointer) const;
  /// Whether \p LValue designates (part of) a member of a shared structure or
  /// union.
  bool isInSharedAggregateMember(const clang::Expr *LValue) const;
  /// Strict or relaxed: the type's own qualifier, else the pragma in effect
  /// at \p Use, else relaxed.
  ReferenceQualifier getEffectiveReference(clang::QualType T,
                                           clang::SourceLocation Use) const;
  /// The array dimensions of a declared type, outermost first, with the
  /// true (symbolic) sizes of THREADS-dependent dimensions.
  llvm::SmallVector<ArrayDimension, 4>
  getArrayDimensions(clang::TypeLoc TL) const;
  static SymbolicSize totalElements(llvm::ArrayRef<ArrayDimension> Dims);

  // --- Expressions.
  bool isThreadsReference(const clang::Expr *E) const;
  bool isMyThreadReference(const clang::Expr *E) const;
  /// Counts the THREADS references in \p E.
  unsigned countThreadsReferences(const clang::Expr *E) const;
  /// Whether \p E is a sizeof whose operand's size depends on THREADS (not a
  /// constant in the dynamic THREADS environment).
  bool isThreadsDependentSizeof(const clang::Expr *E) const;

  /// The block size a UPC sizeof operator sees in its operand: its type's,
  /// except for an object reached through the address of a member of a
  /// shared structure (`*&s.m`, `*&p->m`), which is indefinitely blocked
  /// (UPC 1.3, 6.4.4).
  BlockSize getUpcSizeofBlockSize(const UpcSizeofExpression &E) const;

  /// The value of upc_blocksizeof, upc_localsizeof or upc_elemsizeof on
  /// \p E's operand, when it is a constant (not for [*] arrays or local
  /// sizes that depend on THREADS in the dynamic environment).
  std::optional<uint64_t> getUpcSizeofValue(const UpcSizeofExpression &E) const;

  // --- Regions.
  bool isInstrumentationEnabled(clang::SourceLocation Loc) const;
  /// The default from `#pragma upc` at \p Loc (Unspecified if none).
  ReferenceQualifier getPragmaReference(clang::SourceLocation Loc) const;

  // --- Constructs, in source order.
  llvm::ArrayRef<UpcPragma> pragmas() const { return Pragmas; }
  llvm::ArrayRef<CodeLanguagePragma> codeLanguagePragmas() const {
    return CodeLanguagePragmas;
  }
  llvm::ArrayRef<ForallStatement> foralls() const { return Foralls; }
  llvm::ArrayRef<SynchronizationStatement> synchronizations() const {
    return Synchronizations;
  }
  llvm::ArrayRef<UpcSizeofExpression> sizeofExpressions() const {
    return SizeofExpressions;
  }
  llvm::ArrayRef<const clang::VarDecl *> sharedVariables() const {
    return SharedVariables;
  }
  /// Variables and typedefs whose array dimensions mention THREADS.
  llvm::ArrayRef<const clang::NamedDecl *>
  threadsDependentDeclarations() const {
    return ThreadsDependentDeclarations;
  }
  const ForallStatement *findForall(const clang::ForStmt *S) const;
  const SynchronizationStatement *
  findSynchronization(const clang::CallExpr *E) const;

private:
  friend class UpcConstructCollector;

  ThreadsEnvironment Env;
  clang::ASTContext *Ctx = nullptr;
  llvm::DenseMap<unsigned, int64_t> BlockSizeValues;
  llvm::DenseMap<unsigned, std::string> BlockSizeTexts;
  llvm::DenseMap<unsigned, EvaluatedBlockSize> BlockSizesWhereWritten;
  llvm::StringSet<> BlockScopeNames;
  std::vector<clang::SourceRange> FunctionBodies;
  const clang::VarDecl *ThreadsVar = nullptr;
  const clang::VarDecl *MyThreadVar = nullptr;

  std::vector<UpcPragma> Pragmas;
  std::vector<CodeLanguagePragma> CodeLanguagePragmas;
  std::vector<ForallStatement> Foralls;
  std::vector<SynchronizationStatement> Synchronizations;
  std::vector<UpcSizeofExpression> SizeofExpressions;
  std::vector<const clang::VarDecl *> SharedVariables;
  std::vector<const clang::NamedDecl *> ThreadsDependentDeclarations;
  llvm::DenseMap<const clang::ForStmt *, size_t> ForallIndex;
  llvm::DenseMap<const clang::CallExpr *, size_t> SynchronizationIndex;

  const UpcPragma *innermostPragma(clang::SourceLocation Loc,
                                   bool Consistency) const;
};

} // namespace upc

#endif
