//===- LoweringInternal.h - The lowering of one translation unit -*- C++ -*-===//
//
// Private to lib/Lowering: the Lowerer class that its files implement
// (Lowerer.cpp, Expressions.cpp, SharedAccesses.cpp, PointersToShared.cpp,
// Statements.cpp, Declarations.cpp, StaticData.cpp, ForallLocalization.cpp). The library's interface is
// upc-instrument/Lowering/Lowering.h (lowerTranslationUnit).
//
// The lowerer walks the AST bottom-up. A node whose C form differs from its
// text gets a replacement text built from the C text of its operands; the
// replacement is placed into the original text (SourceEdits) when the node is
// a contiguous stretch of a file: plain text, or exactly one macro use. A
// node inside a macro (a macro body, or a macro argument that may be
// expanded several times) cannot be placed; its nearest placeable ancestor
// is then printed from the AST (Clang's statement printer), with the
// lowered nodes substituted.
//
// A shared lvalue has no C text of its own: it is described by a SharedLValue
// (the pointer to its element and a byte offset), which the operation that
// uses it (a read, a write, &, a member access...) turns into runtime calls.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_LIB_LOWERING_LOWERINGINTERNAL_H
#define UPC_INSTRUMENT_LIB_LOWERING_LOWERINGINTERNAL_H

#include "upc-instrument/FrontEnd/UpcFrontend.h"
#include "upc-instrument/Lowering/CTypes.h"
#include "upc-instrument/Lowering/Lowering.h"
#include "upc-instrument/Lowering/RuntimeCalls.h"
#include "upc-instrument/Lowering/RuntimeNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace upc {
namespace lowering {

/// The object a shared lvalue designates.
struct SharedLValue {
  /// The pointer-to-shared (C text) to the element holding the object.
  std::string Pointer;
  PointerRepresentation Representation = PointerRepresentation::Phaseless;
  /// Bytes from the start of that element (members); "0" for the element.
  std::string ByteOffset = "0";
  /// The lvalue's type (shared-qualified).
  clang::QualType ObjectType;
  /// Inside a member of a shared structure: pointers into it are
  /// indefinitely blocked.
  bool InAggregateMember = false;
  /// The variable the lvalue starts from, if any (for [*] block sizes and
  /// for tools).
  const clang::VarDecl *Root = nullptr;
  /// Where the lvalue's (array) type is written in Root's declaration: the
  /// dimensions as written (THREADS stays symbolic). Null if unknown.
  clang::TypeLoc DeclaredLoc;
  /// A bit-field: Pointer and ByteOffset locate the structure holding it,
  /// of type BitFieldRecord (SharedAccesses.cpp, bitFieldUpdate).
  const clang::FieldDecl *BitField = nullptr;
  clang::QualType BitFieldRecord;
};

/// A upc_forall whose iterations are computed for the calling thread, with
/// the accesses to its elements made through private pointers (see
/// ForallLocalization.cpp).
struct ForallPlan {
  const clang::VarDecl *Index = nullptr; ///< the loop variable
  bool IndexDeclaredInInit = false;
  const clang::Expr *Lower = nullptr; ///< the initial value
  const clang::Expr *Upper = nullptr; ///< the bound
  bool Inclusive = false;             ///< i <= Upper
  uint64_t Block = 1;                 ///< elements per block of the layout
  /// Arrays with the layout, by the private pointer to the thread's part.
  std::vector<std::pair<const clang::VarDecl *, std::string>> Arrays;
  std::string GenericBody, LocalBody;
};

/// A contiguous range of an original file.
struct FileRange {
  clang::FileID File;
  unsigned Begin = 0, End = 0;
};

class Lowerer {
public:
  Lowerer(UpcTranslationUnit &TU, const LoweringOptions &Opts,
          LoweredUnit &Out);
  bool run();

  // --- Used by the printer helper.
  const std::string *loweredText(const clang::Stmt *S) const;
  /// The C text of a declaration statement placed in the file (its edits
  /// applied), for a statement around it that is printed from the AST;
  /// none if it is not a contiguous stretch of a file.
  std::optional<std::string>
  placedDeclStmtText(const clang::DeclStmt *DS) const;

private:
  // ---- Infrastructure (Lowerer.cpp)
  UpcTranslationUnit &TU;
  clang::ASTContext &Ctx;
  UpcContext &Upc;
  const SourceMapping &Sources;
  const clang::SourceManager &SM;
  const LoweringOptions &Opts;
  LoweredUnit &Out;
  RuntimeCalls DefaultCalls;
  const RuntimeCalls &Calls;
  CTypes Types;
  bool Failed = false;

  llvm::DenseMap<const clang::Stmt *, std::string> Lowered;
  llvm::DenseSet<const clang::Stmt *> Unplaced;
  llvm::DenseMap<const clang::Expr *, SharedLValue> LValues;
  /// How to print a node whose text needs no change (MYTHREAD...).
  llvm::DenseMap<const clang::Stmt *, std::string> PrintAs;
  /// Expressions that directly initialize an object (brace-enclosed null
  /// pointers-to-shared are spelled differently there).
  llvm::DenseSet<const clang::Expr *> InitializerElements;
  /// Declarations given a new name (function-scope statics moved to file
  /// scope, main).
  llvm::DenseMap<const clang::Decl *, std::string> NewNames;
  /// Variables that are per UPC thread (canonical declarations).
  llvm::DenseSet<const clang::VarDecl *> PerThread;
  /// Shared variables already given allocation records.
  llvm::DenseSet<const clang::VarDecl *> Allocated;
  const clang::FunctionDecl *CurrentFunction = nullptr;
  /// Nesting of upc_forall bodies (lexical).
  unsigned ForallDepth = 0;
  /// Localized foralls, and the one whose body is being translated for the
  /// calling thread's iterations.
  llvm::DenseMap<const clang::ForStmt *, ForallPlan> ForallPlans;
  const ForallPlan *Localizing = nullptr;
  /// In the body being localized: the calling thread's elements and their
  /// members and array members' elements, private lvalues whose types are
  /// still shared.
  llvm::DenseSet<const clang::Expr *> LocalizedLValues;

  void error(clang::SourceLocation Loc, const llvm::Twine &Message);
  /// An error caused by a macro use (\p Loc is in it) whose translation has
  /// no place in the file: deferred, with LoweringOptions::DeferMacroUses,
  /// when the use is in the main file.
  void macroUseError(clang::SourceLocation Loc, const llvm::Twine &Message);
  std::vector<std::pair<clang::SourceLocation, std::string>> DeferredErrors;
  SourcePosition positionOf(clang::SourceLocation Loc) const;
  bool isEmittedFile(clang::FileID FID) const;
  SourceEdits *editsFor(clang::FileID FID);
  std::optional<FileRange> fileRange(clang::SourceRange R) const;
  std::optional<FileRange> fileRange(const clang::Stmt *S) const {
    return fileRange(S->getSourceRange());
  }
  /// Places the probes of the options (after every other edit, so that
  /// their blocks enclose the statements' translations).
  void placeProbes();
  /// The offset just after the statement \p S, its ';' included.
  std::optional<unsigned> statementEnd(const clang::Stmt *S) const;

  /// Records \p Text as the C form of \p S and places it if possible.
  void setLowered(const clang::Stmt *S, std::string Text);
  /// Replaces the text of \p S (which keeps its meaning) by \p Text.
  void replaceText(const clang::Stmt *S, std::string Text) {
    setLowered(S, std::move(Text));
  }
  /// Whether \p S or a node in it has a translation.
  bool hasTranslatedPart(const clang::Stmt *S) const;
  /// The C text of \p S as it stands (after its own lowering).
  std::string textOf(const clang::Stmt *S);
  /// \p S printed from the AST with the lowered nodes substituted.
  std::string print(const clang::Stmt *S);

  // ---- Traversal
  void traverse(clang::Stmt *S);
  void lowerNode(clang::Stmt *S);
  void finishNode(clang::Stmt *S);

  // ---- Expressions (Expressions.cpp)
  void lowerExpr(clang::Expr *E);
  const SharedLValue *sharedLValue(const clang::Expr *E) const;
  void lowerDeclRef(clang::DeclRefExpr *E);
  void lowerImplicitCast(clang::ImplicitCastExpr *E);
  void lowerExplicitCast(clang::CStyleCastExpr *E);
  void lowerUnary(clang::UnaryOperator *E);
  void lowerBinary(clang::BinaryOperator *E);
  void lowerSubscript(clang::ArraySubscriptExpr *E);
  void lowerMember(clang::MemberExpr *E);
  void lowerConditional(clang::ConditionalOperator *E);
  void lowerCall(clang::CallExpr *E);
  void lowerSizeof(clang::UnaryExprOrTypeTraitExpr *E);
  void lowerInitList(clang::InitListExpr *E);

  /// The pointee of a pointer-to-shared expression.
  SharedPointee pointeeOf(const clang::Expr *Pointer) const;
  /// The pointee of a pointer to the object of \p L (\p Decayed: to its
  /// first element).
  SharedPointee pointeeOfLValue(const SharedLValue &L, bool Decayed) const;
  /// C text of a pointer to the object of \p L, as a pointer to
  /// \p PointeeType.
  std::string addressOf(const SharedLValue &L, bool Decayed,
                        SharedPointee &Pointee) const;
  SharedAccess accessOf(const SharedLValue &L, const clang::Expr *Use) const;
  std::string read(const SharedLValue &L, const clang::Expr *Use);
  /// The integer value of pointer-to-shared \p Pointer (upcr.h).
  std::string sharedToInteger(const clang::Expr *Pointer);
  std::string convertPointer(const std::string &Text, const SharedPointee &From,
                             const SharedPointee &To) const;
  std::string addToPointer(const std::string &Text, const SharedPointee &P,
                           const std::string &Increment) const;
  std::string subtractPointers(const std::string &A, const SharedPointee &PA,
                               const std::string &B,
                               const SharedPointee &PB) const;
  std::string nullTest(const std::string &Text, const SharedPointee &P,
                       bool IsNull) const;
  std::string nullPointer(clang::QualType PointerType,
                          bool InInitializer) const;
  /// Converts the pointer-to-shared value of \p Value to \p Target if their
  /// blocking differs (the C types are the same), re-placing its text.
  void convertInPlace(const clang::Expr *Value, clang::QualType Target);
  /// If \p Cond is a pointer-to-shared used as a truth value, makes it one.
  void truthValue(const clang::Expr *Cond);
  /// A read-modify-write of a shared lvalue: \p Update is C code applied to
  /// a temporary named by \p Temp.
  std::string readModifyWrite(const SharedLValue &L, const clang::Expr *Use,
                              const std::string &Update, bool YieldOld);
  /// \p Code with its temporaries (upcr_t_...) given a number of their own,
  /// so that the statement expression of a nested read-modify-write does not
  /// shadow them (-Wshadow).
  std::string numberTemporaries(const std::string &Code);
  /// The start of a statement expression that updates \p L: its pointer
  /// (and a computed byte offset) evaluated once into temporaries, which
  /// \p A then names.
  std::string openUpdate(const SharedLValue &L, SharedAccess &A);
  /// Its end: the value \p Result, unless the value of \p Use is unused.
  std::string closeUpdate(const std::string &Code, const clang::Expr *Use,
                          const std::string &Result);
  /// The structure holding bit-field lvalue \p L, as an lvalue.
  SharedLValue holderOf(const SharedLValue &L) const;
  /// Assignment, compound assignment, ++ and -- of a bit-field: the
  /// structure is read, the field updated in a private copy, and only the
  /// bytes that hold the field are written back.
  std::string bitFieldUpdate(const SharedLValue &L, const clang::Expr *Use,
                             const std::string &Update, bool YieldOld);
  unsigned TemporaryCounter = 0;
  /// Whether the value of \p E is discarded (an expression statement, a
  /// for-loop step, a cast to void, the left of a comma).
  bool isValueUnused(const clang::Expr *E) const;
  /// The update of a private pointer-to-shared lvalue \p LHS.
  std::string updatePrivatePointer(const clang::Expr *LHS,
                                   const std::string &NewValueOf);

  // ---- Localized upc_forall loops (ForallLocalization.cpp)
  std::optional<ForallPlan> planForall(clang::ForStmt *S,
                                       const ForallStatement &F);
  /// Translates the body twice: for every iteration, then for the calling
  /// thread's own.
  void traverseLocalizedBody(clang::ForStmt *S, ForallPlan &Plan);
  /// Whether the element X[i] of a localized body can be a private lvalue:
  /// relaxed, and neither its address nor an array member of it is taken.
  bool localizable(const clang::ArraySubscriptExpr *E) const;
  /// The private lvalue of X[i] in a localized body, if it is one.
  std::optional<std::string>
  localizedElement(const clang::ArraySubscriptExpr *E) const;
  /// Forgets the translation of \p S and everything in it.
  void forget(const clang::Stmt *S);
  std::string statementText(const clang::Stmt *S);
  void lowerLocalizedForall(clang::ForStmt *S, const ForallStatement &F,
                            const ForallPlan &Plan);

  // ---- UPC statements and operators (Statements.cpp)
  void lowerForall(clang::ForStmt *S, const ForallStatement &F);
  /// Instrumentation around the translated upc_forall \p S (GASP_UPC_FORALL).
  void instrumentForall(clang::ForStmt *S);
  /// Calls of pupc_create_event and pupc_event_start/end/atomic; false if
  /// \p FD is none of them.
  bool lowerUserEventCall(clang::CallExpr *E, const clang::FunctionDecl *FD);
  /// Calls of the C library's malloc, realloc and free; false if \p FD is
  /// none of them or the site is not instrumented.
  bool lowerCMemoryCall(clang::CallExpr *E, const clang::FunctionDecl *FD);
  /// The affinity test of a upc_forall ("" for none or `continue`).
  std::string affinityTest(const clang::ForStmt *S, const ForallStatement &F);
  /// `{ UPCR_FORALL_SCOPE; ` and `if (!UPCR_FORALL_MINE(Test)) ; else`: the
  /// parts of an outermost upc_forall with an affinity (upcr.h).
  static std::string forallScopeOpen();
  static std::string forallMineTest(const std::string &Test);
  void lowerSynchronization(clang::CallExpr *E,
                            const SynchronizationStatement &Sync);
  void lowerUpcSizeof(clang::CStyleCastExpr *E, const UpcSizeofExpression &U);
  void lowerLibraryCall(clang::CallExpr *E, const LibraryFunction &F);
  void lowerReturn(clang::ReturnStmt *S);
  void commentOutPragmas();
  /// Gives every unnamed structure and union defined in the emitted files
  /// (not anonymous members, not typedef'd ones) a tag, written into its
  /// definition, so that accesses can name its type (CTypes::nameRecord).
  void nameUnnamedRecords();

  // ---- Declarations (Declarations.cpp)
  void lowerTopLevelDecls();
  /// File-scope declarations that one macro use writes, several
  /// declarations at once (`#define GLOBALS shared int a; shared int b;`):
  /// the macro use is replaced by all of them, translated. \p Decls are in
  /// order; false after reporting an error.
  void lowerMacroDeclarations(llvm::ArrayRef<clang::Decl *> Decls);
  void lowerFunction(clang::FunctionDecl *FD);
  /// The full signature of \p FD, as UPC source spells it (GASP_C_FUNC).
  std::string functionSignature(const clang::FunctionDecl *FD) const;
  /// Instrumentation at the start of \p FD's body (GASP_C_FUNC).
  void instrumentFunctionEntry(const clang::FunctionDecl *FD);
  void lowerDeclStmt(clang::DeclStmt *DS);
  void lowerRecord(clang::RecordDecl *RD);
  /// Declarations sharing one declaration specifier, in order (\p Statement:
  /// the declaration statement they form in a function, if any).
  void lowerDeclGroup(llvm::ArrayRef<clang::Decl *> Group,
                      const clang::DeclStmt *Statement);
  /// A declaration statement written by a macro that writes statements
  /// around it (`#define SRAND() upc_barrier; static shared int seed; ...`),
  /// or whose initializer has no place in the file: its C text is printed
  /// with the nearest placeable statement around it. False if it cannot be
  /// (not in a function body, or the first clause of a `for`).
  bool lowerUnplacedDeclStmt(llvm::ArrayRef<clang::Decl *> Group,
                             const clang::DeclStmt *Statement);
  /// What a declaration group needs: nothing, __thread (plain C data that
  /// is per UPC thread), or to be printed again declaration by declaration.
  enum class DeclGroupKind { Unchanged, PerThread, Reprinted };
  /// Also records the group's per-thread variables (PerThread).
  DeclGroupKind classifyDeclGroup(llvm::ArrayRef<clang::Decl *> Group);
  /// A function-scope static that moves to file scope: shared data (the
  /// start-up functions allocate it) and data initialized at start-up.
  bool movesToFileScope(const clang::VarDecl *VD) const;
  /// The file-scope name of such a static.
  std::string fileScopeName(const clang::VarDecl *VD);
  llvm::StringSet<> FileScopeNames;
  /// Adds __thread to the group's storage class and moves the initializers
  /// known only at start-up there.
  void makeThreadLocal(llvm::ArrayRef<clang::Decl *> Group,
                       const FileRange &Whole);
  /// The structure or union the first declaration's specifiers define, as
  /// the first of \p Parts; false after reporting an unnamed one.
  /// Appends to \p Parts the declarations of \p Group (declarators that
  /// share specifiers) printed again, after the structure the specifiers
  /// define; false after an error.
  bool reprintGroup(llvm::ArrayRef<clang::Decl *> Group, SourceEdits &Edits,
                    std::vector<std::string> &Parts,
                    std::string &FunctionScopeText);
  bool ownedTagText(clang::Decl *First, SourceEdits &Edits,
                    std::vector<std::string> &Parts);
  /// \p D as C (empty when nothing stays in its place), recording its
  /// allocation and initialization; a function-scope static that moves to
  /// file scope is appended to \p FunctionScopeText instead.
  std::string reprintDeclaration(clang::Decl *D,
                                 std::string &FunctionScopeText);
  /// Inserts \p Text before the function being lowered.
  void insertBeforeCurrentFunction(const std::string &Text);
  void traverseInitializer(clang::VarDecl *VD);
  bool isPerThread(const clang::VarDecl *VD) const;
  bool needsStartupValue(const clang::Expr *Init) const;
  /// A read-only object with static storage whose value only exists at
  /// start-up (`int *const p = &per_thread;`): declared without that const,
  /// and assigned by the start-up code.
  bool isReadOnlySetAtStartup(const clang::VarDecl *VD) const;
  clang::QualType withoutObjectConst(clang::QualType T) const;
  std::string declarationText(const clang::DeclaratorDecl *D,
                              llvm::StringRef Name, bool PerThread);
  std::string proxyDeclaration(const clang::VarDecl *VD);
  /// Records the allocation of \p VD; returns the declaration to write in
  /// its place when its function holds the record (a function-scope static
  /// whose type is declared in the function), else "".
  std::string allocateShared(const clang::VarDecl *VD);
  void initializeShared(const clang::VarDecl *VD);
  std::string startupAssignment(const clang::VarDecl *VD,
                                const std::string &Target);
  std::string nameOf(const clang::NamedDecl *D) const;
  std::string upcTypeString(const clang::VarDecl *VD) const;
  std::optional<unsigned> findKeyword(clang::FileID File, unsigned Begin,
                                      unsigned End,
                                      llvm::StringRef Keyword) const;
  std::optional<unsigned> findInitializerEquals(const clang::VarDecl *VD) const;
  /// Whether \p Loc is in UPC code, whose unshared static data is per
  /// thread (UpcCodeFiles).
  bool isInUpcCode(clang::SourceLocation Loc) const;
  /// LoweringOptions::ListProcessWideData.
  void listProcessWideData();
  /// The files of UPC code, by Berkeley UPC's rule; computed on first use.
  mutable llvm::DenseSet<clang::FileID> UpcCodeFiles;
  mutable bool UpcCodeFilesKnown = false;
  void findUpcCodeFiles() const;
};

/// Whether \p S is a decimal number (a constant block size, say).
/// The ArrayTypeLoc under \p TL's sugar, or a null TypeLoc.
inline clang::TypeLoc arrayLoc(clang::TypeLoc TL) {
  while (TL && !TL.getAs<clang::ArrayTypeLoc>()) {
    clang::TypeLoc Next = TL.getNextTypeLoc();
    if (!Next || TL.getAs<clang::PointerTypeLoc>() ||
        TL.getAs<clang::FunctionTypeLoc>())
      return clang::TypeLoc();
    TL = Next;
  }
  return TL;
}

/// The TypeLoc of \p D's type as declared, or a null TypeLoc.
inline clang::TypeLoc declaredTypeLoc(const clang::DeclaratorDecl *D) {
  return D->getTypeSourceInfo() ? D->getTypeSourceInfo()->getTypeLoc()
                                : clang::TypeLoc();
}

inline bool isNumber(llvm::StringRef S) {
  return !S.empty() && llvm::all_of(S, [](char C) { return C >= '0' && C <= '9'; });
}

/// The marker call of a desugared upc_forall (its affinity argument).
const clang::CallExpr *forallMarker(const clang::ForStmt *S);
/// The argument of a variadic marker (__upc_barrier(1, e),
/// __upc_forall_affinity(2, e)) without the default argument promotions.
const clang::Expr *markerArgument(const clang::CallExpr *Call, unsigned I);

} // namespace lowering
} // namespace upc

#endif
