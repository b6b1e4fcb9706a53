//===- SirRequest.cpp - Reading sirreq documents --------------------------===//
//
// A SIR request (MIR, section 2) names the resources the SIR is made of.
// libxml2 parses it (no network access, no entity declaration, so nothing
// expands beyond the file's size) and validates it against the request's
// DTD; its URIs are parsed as URIs (RFC 2396). Only file: URIs and plain
// paths are read: nothing is fetched, and every file read is a regular
// one. The same goes for `out`, where the instrumented resource is written
// back: a local file of its own, never one the command reads.
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Mir/SirRequest.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/uri.h>
#include <libxml/valid.h>
#include <libxml/xmlerror.h>

#include <memory>

namespace upc {

namespace {

/// The DTD of MIR section 2 (runtime-glue/mir/dtd/sirreq.dtd, installed
/// beside the SIR's).
constexpr char SirRequestDtd[] =
#include "upc-instrument/Mir/SirRequestDtd.inc"
    ;

/// The first error libxml2 reports, as FILE:LINE:COLUMN: message.
struct FirstError {
  std::string Text;
  static void record(void *Self, xmlErrorPtr E) {
    auto *F = static_cast<FirstError *>(Self);
    if (!F->Text.empty() || !E || E->level < XML_ERR_ERROR)
      return;
    std::string Message = E->message ? E->message : "invalid XML";
    while (!Message.empty() && (Message.back() == '\n' || Message.back() == ' '))
      Message.pop_back();
    F->Text = std::string(E->file ? E->file : "") + ":" +
              std::to_string(E->line) +
              (E->int2 > 0 ? ":" + std::to_string(E->int2) : std::string()) +
              ": error: " + Message;
  }
};

/// Routes libxml2's errors to \p F for the lifetime of the object.
class ErrorScope {
public:
  explicit ErrorScope(FirstError &F) {
    xmlSetStructuredErrorFunc(&F, &FirstError::record);
  }
  ~ErrorScope() { xmlSetStructuredErrorFunc(nullptr, nullptr); }
};

struct DocDeleter {
  void operator()(xmlDoc *D) const { xmlFreeDoc(D); }
};
struct DtdDeleter {
  void operator()(xmlDtd *D) const { xmlFreeDtd(D); }
};
struct UriDeleter {
  void operator()(xmlURI *U) const { xmlFreeURI(U); }
};

std::string attribute(xmlNode *N, const char *Name) {
  xmlChar *V = xmlGetProp(N, reinterpret_cast<const xmlChar *>(Name));
  if (!V)
    return "";
  std::string S(reinterpret_cast<const char *>(V));
  xmlFree(V);
  return S;
}

/// The local path \p Reference names: a file: URI's path, or a plain path.
/// Empty with \p Why set for another scheme or a malformed URI; \p Out: a
/// place to write (out), else one to read (in).
std::string localPath(const std::string &Reference, std::string &Why,
                      bool Out = false) {
  std::unique_ptr<xmlURI, UriDeleter> U(
      xmlParseURI(Reference.c_str()));
  if (!U) {
    // Not a URI (a path with a space, say): a plain path.
    return Reference;
  }
  std::string Scheme = U->scheme ? U->scheme : "";
  if (Scheme.empty())
    return Reference;
  if (Scheme != "file") {
    const char *Nothing = Out ? "sent" : "fetched";
    Why = "'" + Scheme + ":' resources are not supported (only file: URIs "
          "and paths); nothing is " + Nothing;
    return "";
  }
  if (U->server && *U->server && std::string(U->server) != "localhost") {
    Why = "a file: URI on another host ('" + std::string(U->server) +
          "') is not supported";
    return "";
  }
  if (!U->path || !*U->path) {
    Why = "the file: URI names no path";
    return "";
  }
  // Percent-escapes (%20) stand for the characters themselves.
  char *Unescaped = xmlURIUnescapeString(U->path, 0, nullptr);
  std::string Path = Unescaped ? Unescaped : U->path;
  xmlFree(Unescaped);
  return Path;
}

/// \p File, a path of the request \p Request: a relative one is relative
/// to the request (RFC 2396, 5).
std::string relativeToRequest(const std::string &Request,
                              const std::string &File) {
  llvm::StringRef Base = llvm::sys::path::parent_path(Request);
  if (!llvm::sys::path::is_relative(File) || Base.empty())
    return File;
  llvm::SmallString<256> Full(Base);
  llvm::sys::path::append(Full, File);
  return std::string(Full);
}

/// Whether \p A and \p B name one file: the same file when both exist
/// (through links too), else the same absolute path.
bool sameFile(const std::string &A, const std::string &B) {
  if (llvm::sys::fs::exists(A) && llvm::sys::fs::exists(B))
    return llvm::sys::fs::equivalent(A, B);
  llvm::SmallString<256> FullA(A), FullB(B);
  llvm::sys::fs::make_absolute(FullA);
  llvm::sys::fs::make_absolute(FullB);
  llvm::sys::path::remove_dots(FullA, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_dots(FullB, /*remove_dot_dot=*/true);
  return FullA == FullB;
}

/// Entity declarations are refused: one, used many times in attribute
/// values (where libxml2 always replaces references), makes a short file
/// expand into gigabytes.
void refuseEntity(void *Context, const xmlChar *Name, int, const xmlChar *,
                  const xmlChar *, xmlChar *) {
  auto *Ctxt = static_cast<xmlParserCtxt *>(Context);
  auto *Error = static_cast<std::string *>(Ctxt->_private);
  if (Error->empty())
    *Error = ":" + std::to_string(Ctxt->input ? Ctxt->input->line : 0) +
             ": error: entity declarations are not accepted in SIR "
             "requests (<!ENTITY " +
             reinterpret_cast<const char *>(Name) + " ...>)";
  xmlStopParser(Ctxt);
}

} // namespace

bool readRequestFile(const std::string &Path, size_t MaxBytes,
                     std::string &Text, std::string &Why) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Path, Status)) {
    Why = EC.message();
    return false;
  }
  if (!llvm::sys::fs::is_regular_file(Status)) {
    Why = "not a regular file";
    return false;
  }
  if (Status.getSize() > MaxBytes) {
    Why = "the request is too large (at most " + std::to_string(MaxBytes) +
          " bytes)";
    return false;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!Buffer) {
    Why = Buffer.getError().message();
    return false;
  }
  if ((*Buffer)->getBufferSize() > MaxBytes) {
    Why = "the request is too large (at most " + std::to_string(MaxBytes) +
          " bytes)";
    return false;
  }
  Text = (*Buffer)->getBuffer().str();
  return true;
}

namespace {

/// Requests are small; this is far more than any needs.
constexpr size_t MaxRequestBytes = 1u << 20;

} // namespace

bool readSirRequest(const std::string &Path,
                    std::vector<SirRequestResource> &Resources,
                    std::string &Error) {
  std::string Text, Why;
  if (!readRequestFile(Path, MaxRequestBytes, Text, Why)) {
    Error = Path + ": error: cannot read the request: " + Why;
    return false;
  }
  FirstError First;
  ErrorScope Scope(First);
  std::string EntityError;
  xmlParserCtxtPtr Ctxt =
      xmlCreateMemoryParserCtxt(Text.data(), static_cast<int>(Text.size()));
  if (!Ctxt) {
    Error = Path + ": error: cannot read the request: out of memory";
    return false;
  }
  xmlCtxtUseOptions(Ctxt, XML_PARSE_NONET | XML_PARSE_NOBLANKS);
  if (Ctxt->input && !Ctxt->input->filename)
    Ctxt->input->filename =
        reinterpret_cast<char *>(xmlCharStrdup(Path.c_str()));
  Ctxt->_private = &EntityError;
  Ctxt->sax->entityDecl = refuseEntity;
  xmlParseDocument(Ctxt);
  std::unique_ptr<xmlDoc, DocDeleter> Doc(Ctxt->wellFormed ? Ctxt->myDoc
                                                           : nullptr);
  if (!Ctxt->wellFormed)
    xmlFreeDoc(Ctxt->myDoc);
  Ctxt->myDoc = nullptr;
  xmlFreeParserCtxt(Ctxt);
  if (!EntityError.empty()) {
    Error = Path + EntityError;
    return false;
  }
  if (!Doc) {
    Error = First.Text.empty() ? Path + ": error: cannot read the request"
                               : First.Text;
    return false;
  }
  xmlParserInputBufferPtr Input = xmlParserInputBufferCreateMem(
      SirRequestDtd, sizeof SirRequestDtd - 1, XML_CHAR_ENCODING_UTF8);
  std::unique_ptr<xmlDtd, DtdDeleter> Dtd(
      xmlIOParseDTD(nullptr, Input, XML_CHAR_ENCODING_UTF8));
  xmlValidCtxtPtr Valid = xmlNewValidCtxt();
  bool OK = Dtd && Valid && xmlValidateDtd(Valid, Doc.get(), Dtd.get());
  xmlFreeValidCtxt(Valid);
  if (!OK) {
    Error = First.Text.empty()
                ? Path + ": error: not a SIR request (MIR, section 2)"
                : First.Text;
    return false;
  }
  unsigned Index = 0;
  for (xmlNode *N = xmlDocGetRootElement(Doc.get())->children; N;
       N = N->next) {
    if (N->type != XML_ELEMENT_NODE)
      continue;
    ++Index;
    SirRequestResource R;
    SirResource &Res = R.Resource;
    Res.In = attribute(N, "in");
    Res.Out = attribute(N, "out");
    R.Line = unsigned(xmlGetLineNo(N));
    std::string Why;
    R.InPath = localPath(Res.In, Why);
    if (R.InPath.empty()) {
      Error = Path + ":" + std::to_string(R.Line) + ": error: resource " +
              std::to_string(Index) + " ('" + Res.In + "'): " + Why;
      return false;
    }
    R.InPath = relativeToRequest(Path, R.InPath);
    // Read by the front end next: a FIFO would block it.
    llvm::sys::fs::file_status InStatus;
    if (!llvm::sys::fs::status(R.InPath, InStatus) &&
        !llvm::sys::fs::is_regular_file(InStatus)) {
      Error = Path + ":" + std::to_string(R.Line) + ": error: resource " +
              std::to_string(Index) + " ('" + Res.In +
              "'): not a regular file";
      return false;
    }
    if (!Res.Out.empty()) {
      R.OutPath = localPath(Res.Out, Why, /*Out=*/true);
      if (R.OutPath.empty()) {
        Error = Path + ":" + std::to_string(R.Line) + ": error: resource " +
                std::to_string(Index) + " (out='" + Res.Out + "'): " + Why;
        return false;
      }
      R.OutPath = relativeToRequest(Path, R.OutPath);
    }
    Resources.push_back(std::move(R));
  }
  return true;
}

bool checkSirRequestOutputs(const std::string &Path,
                            const std::vector<SirRequestResource> &Resources,
                            const std::vector<std::string> &Inputs,
                            const std::string &Output, std::string &Error) {
  for (size_t K = 0; K < Resources.size(); ++K) {
    const SirRequestResource &R = Resources[K];
    if (R.OutPath.empty())
      continue;
    std::string At = Path + ":" + std::to_string(R.Line) +
                     ": error: resource " + std::to_string(K + 1) + " (out='" +
                     R.Resource.Out + "'): ";
    // Never a source (MIR, section 2 writes back an instrumented copy).
    const char *Overwrite =
        ": writing the instrumented resource there would overwrite it";
    if (llvm::sys::fs::is_directory(R.OutPath)) {
      Error = At + "'" + R.OutPath + "' is a directory";
      return false;
    }
    llvm::StringRef Dir = llvm::sys::path::parent_path(R.OutPath);
    if (!Dir.empty() && !llvm::sys::fs::is_directory(Dir)) {
      Error = At + "no directory '" + Dir.str() + "'";
      return false;
    }
    for (size_t J = 0; J < Resources.size(); ++J)
      if (sameFile(R.OutPath, Resources[J].InPath)) {
        Error = At + "it is the input of resource " + std::to_string(J + 1) +
                " ('" + Resources[J].Resource.In + "')" + Overwrite;
        return false;
      }
    for (const std::string &Input : Inputs)
      if (sameFile(R.OutPath, Input)) {
        Error = At + "it is the input '" + Input + "'" + Overwrite;
        return false;
      }
    if (!Output.empty() && Output != "-" && sameFile(R.OutPath, Output)) {
      Error = At + "it is the SIR's output '" + Output + "'";
      return false;
    }
    for (size_t J = 0; J < K; ++J)
      if (!Resources[J].OutPath.empty() &&
          sameFile(R.OutPath, Resources[J].OutPath)) {
        Error = At + "resource " + std::to_string(J + 1) + " (line " +
                std::to_string(Resources[J].Line) +
                ") is written there too: each needs an out of its own";
        return false;
      }
  }
  return true;
}

} // namespace upc
