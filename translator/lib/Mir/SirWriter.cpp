//===- SirWriter.cpp - SIR documents as XML -------------------------------===//
//
// Written with libxml2's text writer, which escapes attribute values (a
// UPC type or an affinity expression may hold '<', '&' or quotes).
//
//===----------------------------------------------------------------------===//

#include "upc-instrument/Mir/Sir.h"

#include <libxml/xmlwriter.h>

#include <memory>

namespace upc {

namespace {

const xmlChar *x(const char *S) { return reinterpret_cast<const xmlChar *>(S); }

class Writer {
public:
  Writer() : Buffer(xmlBufferCreate()) {
    W = xmlNewTextWriterMemory(Buffer, 0);
    xmlTextWriterSetIndent(W, 1);
    xmlTextWriterSetIndentString(W, x("  "));
  }
  ~Writer() {
    if (W)
      xmlFreeTextWriter(W);
    xmlBufferFree(Buffer);
  }

  std::string document(const SirDocument &Doc) {
    xmlTextWriterStartDocument(W, nullptr, "UTF-8", nullptr);
    start("sir");
    attribute("language", "upc");
    attribute("version", "1");
    for (const SirResource &R : Doc.Resources) {
      start("resource");
      attribute("in", R.In);
      if (!R.Out.empty())
        attribute("out", R.Out);
      end();
    }
    for (const SirFile &F : Doc.Files)
      file(F);
    end();
    xmlTextWriterEndDocument(W);
    xmlFreeTextWriter(W); // flushes into Buffer
    W = nullptr;
    return std::string(reinterpret_cast<const char *>(xmlBufferContent(Buffer)),
                       xmlBufferLength(Buffer));
  }

private:
  xmlBufferPtr Buffer;
  xmlTextWriterPtr W;

  void start(const char *Name) { xmlTextWriterStartElement(W, x(Name)); }
  void end() { xmlTextWriterEndElement(W); }
  void attribute(const char *Name, const std::string &Value) {
    xmlTextWriterWriteAttribute(W, x(Name), x(Value.c_str()));
  }
  void attribute(const char *Name, unsigned Value) {
    attribute(Name, std::to_string(Value));
  }

  void position(const SirPosition &P) {
    start("position");
    attribute("startLine", P.StartLine);
    attribute("startColumn", P.StartColumn);
    attribute("endLine", P.EndLine);
    attribute("endColumn", P.EndColumn);
    end();
  }

  void declaration(const SirDeclaration &D) {
    start("sharedDeclaration");
    attribute("id", D.Id);
    attribute("name", D.Name);
    const SharedObjectDescription &O = D.Object;
    attribute("upcType", O.Type);
    attribute("blockSize", O.BlockSize);
    if (!O.Elements.empty())
      attribute("elements", O.Elements);
    attribute("threadsDependent", O.ThreadsDependent ? "yes" : "no");
    attribute("reference", O.Reference);
    attribute("storage", O.Storage);
    position(D.Position);
    end();
  }

  void region(const SirRegion &R) {
    start("codeRegion");
    attribute("id", R.Id);
    attribute("type", R.Type);
    if (!R.Name.empty())
      attribute("name", R.Name);
    for (const auto &[Name, Value] : R.Attributes)
      attribute(Name.c_str(), Value);
    position(R.Position);
    for (const SirRegion &C : R.Children)
      region(C);
    end();
  }

  void file(const SirFile &F) {
    start("file");
    attribute("id", F.Id);
    attribute("name", F.Name);
    for (const SirDeclaration &D : F.Declarations)
      declaration(D);
    for (const SirUnit &U : F.Units) {
      start("unit");
      attribute("id", U.Id);
      attribute("type", "function");
      attribute("name", U.Name);
      position(U.Position);
      for (const SirDeclaration &D : U.Declarations)
        declaration(D);
      for (const SirRegion &R : U.Regions)
        region(R);
      end();
    }
    end();
  }
};

} // namespace

std::string writeSir(const SirDocument &Doc) { return Writer().document(Doc); }

} // namespace upc
