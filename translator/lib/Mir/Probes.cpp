//===- Probes.cpp - Instrumentation requests compiled into probes ---------===//
//
// The requests are read by the MIR request reader the runtime uses too
// (runtime-glue/mir/mir_request.h), so that what the translator accepts and
// what the running program reads cannot differ. Regions are found by their
// SIR ids; a probe delimits statements, because its measurement starts
// and ends with the execution of a block (MIR, section 4 leaves which
// regions are valid to the engine).
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Mir/Probes.h"
#include "upc-instrument/Mir/SirRequest.h"
#include "upc-instrument/Emission/CEmitter.h"
#include "upc-instrument/Lowering/CTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "mir_document.h"
#include "mir_request.h"

#include <algorithm>
#include <cstdlib>
#include <map>

using namespace clang;

namespace upc {

namespace {

/// Prints the reader's diagnostics as FILE:LINE:COL: severity: message.
struct Diagnostics {
  std::string Path;
  bool Failed = false;

  static void report(void *Self, const char *Severity, unsigned Line,
                     unsigned Column, const char *Message) {
    auto *D = static_cast<Diagnostics *>(Self);
    llvm::errs() << D->Path;
    if (Line) {
      llvm::errs() << ":" << Line;
      if (Column)
        llvm::errs() << ":" << Column;
    }
    llvm::errs() << ": " << Severity << ": " << Message << "\n";
    if (llvm::StringRef(Severity) == "error")
      D->Failed = true;
  }
};

void reportAt(const ProbeRequest &R, const llvm::Twine &Message) {
  llvm::errs() << R.Path << ":" << R.Line << ":" << R.Column
               << ": error: " << Message << "\n";
}

/// Where a statement is: directly in a block (at Index), or the body of a
/// statement (a loop, if, label...).
struct Slot {
  const Stmt *Parent = nullptr;
  bool InBlock = false;
  unsigned Index = 0;
};

std::optional<Slot> statementSlot(ASTContext &AST, const Stmt *S) {
  DynTypedNodeList Parents = AST.getParents(*S);
  if (Parents.size() != 1)
    return std::nullopt;
  const Stmt *P = Parents[0].get<Stmt>();
  if (!P)
    return std::nullopt;
  if (const auto *C = dyn_cast<CompoundStmt>(P)) {
    unsigned I = 0;
    for (const Stmt *Child : C->body()) {
      if (Child == S)
        return Slot{C, true, I};
      ++I;
    }
    return std::nullopt;
  }
  bool Body = false;
  if (const auto *I = dyn_cast<IfStmt>(P))
    Body = S == I->getThen() || S == I->getElse();
  else if (const auto *F = dyn_cast<ForStmt>(P))
    Body = S == F->getBody();
  else if (const auto *W = dyn_cast<WhileStmt>(P))
    Body = S == W->getBody();
  else if (const auto *D = dyn_cast<DoStmt>(P))
    Body = S == D->getBody();
  else if (const auto *L = dyn_cast<LabelStmt>(P))
    Body = S == L->getSubStmt();
  else if (const auto *SC = dyn_cast<SwitchCase>(P))
    Body = S == SC->getSubStmt();
  if (!Body)
    return std::nullopt;
  return Slot{P, false, 0};
}

struct RegionRef {
  const SirUnit *Unit = nullptr;
  const SirRegion *Region = nullptr; ///< null: the unit itself
};

void indexRegions(const SirUnit &U, const std::vector<SirRegion> &Regions,
                  llvm::StringMap<RegionRef> &Index) {
  for (const SirRegion &R : Regions) {
    Index[R.Id] = {&U, &R};
    indexRegions(U, R.Children, Index);
  }
}

const char ValidPairs[] =
    "a probe spans statements of one function: a region that is a whole "
    "statement (from alone, or from = to), two such regions of one block "
    "with from before to, or a unit alone";

} // namespace

StatementSpan regionStatements(ASTContext &AST, const SirRegion &From,
                               const SirRegion &To) {
  StatementSpan Span;
  const Stmt *First = From.First, *Last = To.Last;
  std::optional<Slot> A = statementSlot(AST, First);
  std::optional<Slot> B = First == Last ? A : statementSlot(AST, Last);
  // A lock region is statements of one block by construction.
  if (!A || !B) {
    Span.Why = "'" + (A ? To.Id : From.Id) +
               "' is part of an expression or a declaration, not a statement";
    return Span;
  }
  if (First != Last &&
      (!A->InBlock || !B->InBlock || A->Parent != B->Parent)) {
    Span.Why = "'" + From.Id + "' and '" + To.Id +
               "' are not statements of one block";
    return Span;
  }
  if (First != Last && A->Index > B->Index) {
    Span.Why = "'" + To.Id + "' comes before '" + From.Id + "'";
    return Span;
  }
  if (A->InBlock) {
    // A declaration inside the span would end its scope at the probe's
    // block, hiding it from the statements that follow.
    const auto *Block = cast<CompoundStmt>(A->Parent);
    auto It = Block->body_begin() + A->Index;
    auto End = Block->body_begin() + B->Index + 1;
    for (; It != End; ++It)
      if (isa<DeclStmt>(*It)) {
        Span.Why = "the statements from '" + From.Id + "' to '" + To.Id +
                   "' include a declaration, which a probe's block would "
                   "hide from what follows";
        return Span;
      }
  }
  Span.First = First;
  Span.Last = Last;
  return Span;
}

bool readProbeRequests(const std::vector<std::string> &Paths,
                       const std::vector<std::string> &Responses,
                       std::vector<ProbeRequest> &Requests) {
  std::vector<std::string> Defaults;
  llvm::StringMap<std::string> Ids;
  bool OK = true;
  for (size_t K = 0; K < Paths.size(); ++K) {
    Diagnostics Diag{Paths[K]};
    mir_request_t Req;
    std::string Text, Why;
    if (!readRequestFile(Paths[K], MIR_MAX_REQUEST_BYTES, Text, Why)) {
      llvm::errs() << Paths[K] << ": error: cannot read the request: " << Why
                   << "\n";
      OK = false;
      continue;
    }
    if (mir_request_parse(Text.data(), Text.size(), Paths[K].c_str(),
                          1u << MIR_INSTRREQ, &Req, &Diagnostics::report,
                          &Diag) != 0) {
      OK = false;
      continue;
    }
    ProbeRequest R;
    R.Path = Paths[K];
    R.DefaultsOnly = mir_request_is_defaults_only(&Req);
    if (K < Responses.size())
      R.ResponsePath = Responses[K];
    std::string Self = Text;
    if (R.DefaultsOnly) {
      Defaults.push_back(Self);
    } else if (!Req.from) {
      Diagnostics::report(&Diag, "error", 0, 0,
                          "the request names no codeRegion: this engine "
                          "measures code regions (codeRegion from= with an "
                          "id of the program's SIR)");
      OK = false;
    } else {
      R.From = Req.from;
      R.To = Req.to ? Req.to : "";
      R.Line = Req.region_line;
      R.Column = Req.region_column;
      R.Id = sirIdPart(llvm::sys::path::stem(Paths[K]));
      R.Texts = Defaults;
      R.Texts.push_back(Self);
      auto [It, New] = Ids.insert({R.Id, Paths[K]});
      if (!New) {
        llvm::errs() << Paths[K] << ": error: its probe would be called '"
                     << R.Id << "', as the probe of " << It->second
                     << "; probes are named after their request files\n";
        OK = false;
      }
    }
    mir_request_free(&Req);
    Requests.push_back(std::move(R));
  }
  if (Responses.size() > Paths.size()) {
    llvm::errs() << "upc-instrument: error: " << Responses.size()
                 << " --mir-response for " << Paths.size()
                 << " --mir-request; give one per request, in order\n";
    OK = false;
  }
  return OK;
}

void setProbeResponsePaths(std::vector<ProbeRequest> &Requests,
                           llvm::StringRef Output) {
  llvm::StringRef Dir =
      Output == "-" ? llvm::StringRef() : llvm::sys::path::parent_path(Output);
  for (ProbeRequest &R : Requests) {
    if (!R.ResponsePath.empty() || R.DefaultsOnly)
      continue;
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, llvm::sys::path::stem(R.Path) + ".probe.xml");
    R.ResponsePath = std::string(P);
  }
}

bool resolveProbes(const std::vector<SirFile> &Files,
                   const std::vector<ProbeRequest> &Requests,
                   ProbesRequired Required, ASTContext &AST,
                   ProbeResolution &Out) {
  llvm::StringMap<RegionRef> Index;
  llvm::StringMap<bool> FileIds;
  llvm::StringMap<std::string> Variables; // C name -> probe id
  for (const SirFile &F : Files) {
    FileIds[F.Id] = true;
    for (const SirUnit &U : F.Units) {
      Index[U.Id] = {&U, nullptr};
      indexRegions(U, U.Regions, Index);
    }
  }
  bool OK = true;
  for (size_t K = 0; K < Requests.size(); ++K) {
    const ProbeRequest &R = Requests[K];
    if (R.DefaultsOnly)
      continue;
    std::string FilePart = llvm::StringRef(R.From).split('.').first.str();
    if (!FileIds.count(FilePart)) {
      if (Required == ProbesRequired::All) {
        reportAt(R, "'" + R.From + "' is not a region of this program: no "
                    "input is the file '" + FilePart + "'");
        OK = false;
      }
      continue;
    }
    if (Required == ProbesRequired::None &&
        (!Index.count(R.From) || (!R.To.empty() && !Index.count(R.To))))
      continue;
    auto Find = [&](const std::string &Id) -> const RegionRef * {
      auto It = Index.find(Id);
      if (It == Index.end()) {
        reportAt(R, "unknown region '" + Id +
                        "' (the ids are those of the program's SIR: "
                        "upc-instrument --sir)");
        return nullptr;
      }
      return &It->second;
    };
    const RegionRef *From = Find(R.From);
    const RegionRef *To = R.To.empty() ? From : Find(R.To);
    if (!From || !To) {
      OK = false;
      continue;
    }
    ProbePlacement P;
    P.Id = R.Id;
    // An id may hold '-' (from the request file's name); a C name cannot.
    std::string Name = R.Id;
    std::replace(Name.begin(), Name.end(), '-', '_');
    P.Variable = "upcri_mir_probe_" + Name;
    auto [Named, NewName] = Variables.insert({P.Variable, R.Id});
    if (!NewName) {
      reportAt(R, "the probes '" + Named->second + "' and '" + R.Id +
                      "' would have the same name in C; rename one "
                      "request file");
      OK = false;
      continue;
    }
    P.Function = From->Unit->Function;
    auto Invalid = [&](const llvm::Twine &Why) {
      reportAt(R, Why + "; " + ValidPairs);
      OK = false;
    };
    if (From->Unit != To->Unit) {
      Invalid("'" + R.From + "' and '" + R.To + "' are in different units");
      continue;
    }
    if (!From->Region || !To->Region) {
      if (From->Region || To->Region) {
        Invalid("a unit and a region of it do not delimit a region");
        continue;
      }
    } else {
      StatementSpan Span = regionStatements(AST, *From->Region, *To->Region);
      if (!Span.Why.empty()) {
        Invalid(Span.Why);
        continue;
      }
      P.First = Span.First;
      P.Last = Span.Last;
    }
    const SirPosition &Pos = From->Region ? From->Region->Position
                                          : From->Unit->Position;
    std::string Args = CTypes::quote(R.Id) + ", " + CTypes::quote(R.From) +
                       ", " + CTypes::quote(R.To.empty() ? R.From : R.To) +
                       ", " + std::to_string(Pos.StartLine) + ", " +
                       std::to_string(Pos.StartColumn);
    for (const std::string &T : R.Texts)
      Args += ", " + CTypes::quote(T);
    P.DefinitionArguments = std::move(Args);
    Out.Placements.push_back(std::move(P));
    Out.Placed.push_back(K);
  }
  return OK;
}

bool checkProbesPlaced(const std::vector<ProbeRequest> &Requests,
                       const std::vector<bool> &Placed,
                       const std::vector<std::string> &Inputs) {
  bool OK = true;
  for (size_t K = 0; K < Requests.size(); ++K) {
    if (Requests[K].DefaultsOnly || (K < Placed.size() && Placed[K]))
      continue;
    std::string Names;
    for (const std::string &I : Inputs)
      Names += (Names.empty() ? "" : ", ") + I;
    reportAt(Requests[K], "'" + Requests[K].From +
                              "' is a region of none of the program's UPC "
                              "inputs (" + Names + "): nothing would measure "
                              "it");
    OK = false;
  }
  return OK;
}

bool writeProbeResponses(const std::vector<ProbeRequest> &Requests,
                         const std::vector<size_t> &Placed) {
  bool OK = true;
  for (size_t K : Placed) {
    const ProbeRequest &R = Requests[K];
    char *Doc = mir_probe_document(R.Id.c_str());
    std::string Failure =
        Doc ? writeFileAtomically(R.ResponsePath, Doc) : "out of memory";
    std::free(Doc);
    if (!Failure.empty()) {
      llvm::errs() << "upc-instrument: error: cannot write '"
                   << R.ResponsePath << "': " << Failure << "\n";
      OK = false;
    }
  }
  return OK;
}

} // namespace upc
