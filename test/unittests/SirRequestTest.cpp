//===- SirRequestTest.cpp -------------------------------------------------===//
//
// Reading SIR requests (SirRequest.cpp): the resources' local paths (plain
// paths and file: URIs, relative to the request), where they are written
// back (never over a file the command reads) and the errors a request
// can draw, each at the line (and column, for XML errors) marked with ^ in
// the request's text.
//
//===----------------------------------------------------------------------===//

#include "Annotated.h"

#include "upc-instrument/Mir/SirRequest.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace upc;

namespace {

/// A temporary directory with files, removed at the end of the test.
class SirRequestTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("sirreq", Dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(Dir); }

  std::string path(llvm::StringRef Name) const {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Name);
    return std::string(P);
  }
  std::string write(llvm::StringRef Name, llvm::StringRef Text) const {
    std::string P = path(Name);
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    OS << Text;
    return P;
  }

  /// Reads \p A as a request; expects it to be refused with \p Message at
  /// its point: "LINE" or, with \p WithColumn, "LINE:COLUMN".
  void expectError(const Annotated &A, llvm::StringRef Message,
                   bool WithColumn = false) {
    std::string Request = write("request.xml", A.Text);
    std::vector<SirRequestResource> Resources;
    std::string Error;
    EXPECT_FALSE(readSirRequest(Request, Resources, Error));
    std::string Where = WithColumn ? A.position(A.point())
                                   : std::to_string(A.lineOf(A.point()));
    EXPECT_EQ(Error, Request + ":" + Where + ": error: " + Message.str());
  }

  llvm::SmallString<128> Dir;
};

TEST_F(SirRequestTest, Resources) {
  write("a.upc", "int main(void) { return 0; }\n");
  write("my file.upc", "\n");
  Annotated A("<?xml version=\"1.0\"?>\n"
              "<sirreq>\n"
              "  ^<resource in=\"a.upc\" out=\"file:///tmp/out/a.upc\"/>\n"
              "  <resource\n"
              "     ^in=\"file://" +
              path("my%20file.upc") +
              "\"/>\n"
              "</sirreq>\n");
  std::vector<SirRequestResource> Resources;
  std::string Error;
  ASSERT_TRUE(readSirRequest(write("request.xml", A.Text), Resources, Error))
      << Error;
  ASSERT_EQ(Resources.size(), 2u);
  // As written, and the local file each names: beside the request. An
  // element's line is the last of its start tag (libxml2's).
  EXPECT_EQ(Resources[0].Resource.In, "a.upc");
  EXPECT_EQ(Resources[0].Resource.Out, "file:///tmp/out/a.upc");
  EXPECT_EQ(Resources[0].InPath, path("a.upc"));
  EXPECT_EQ(Resources[0].OutPath, "/tmp/out/a.upc");
  EXPECT_EQ(Resources[0].Line, A.lineOf(A.point(0)));
  EXPECT_EQ(Resources[1].Resource.Out, "");
  EXPECT_EQ(Resources[1].OutPath, "");
  EXPECT_EQ(Resources[1].InPath, path("my file.upc"));
  EXPECT_EQ(Resources[1].Line, A.lineOf(A.point(1)));
}

TEST_F(SirRequestTest, UnsupportedResources) {
  write("a.upc", "\n");
  expectError(Annotated("<sirreq>\n"
                        "  <resource in=\"a.upc\"/>\n"
                        "  ^<resource in=\"http://example.com/m.c\"/>\n"
                        "</sirreq>\n"),
              "resource 2 ('http://example.com/m.c'): 'http:' resources are "
              "not supported (only file: URIs and paths); nothing is fetched");
  expectError(Annotated("<sirreq>\n"
                        "  ^<resource in=\"file://elsewhere/a.upc\"/>\n"
                        "</sirreq>\n"),
              "resource 1 ('file://elsewhere/a.upc'): a file: URI on another "
              "host ('elsewhere') is not supported");
  expectError(Annotated("<sirreq>\n"
                        "  ^<resource in=\"a.upc\" out=\"ftp://h/a.upc\"/>\n"
                        "</sirreq>\n"),
              "resource 1 (out='ftp://h/a.upc'): 'ftp:' resources are not "
              "supported (only file: URIs and paths); nothing is sent");
  // A directory (or a FIFO) is not read.
  expectError(Annotated("<sirreq>\n"
                        "  ^<resource in=\".\"/>\n"
                        "</sirreq>\n"),
              "resource 1 ('.'): not a regular file");
}

TEST_F(SirRequestTest, Outputs) {
  write("a.upc", "\n");
  write("b.upc", "\n");
  ASSERT_FALSE(llvm::sys::fs::create_directory(path("gen")));
  // Reads \p Text; checkSirRequestOutputs' error (empty: none).
  auto check = [&](const std::string &Text,
                   const std::vector<std::string> &Inputs = {},
                   const std::string &Output = "") {
    std::string Request = write("request.xml", Text);
    std::vector<SirRequestResource> Resources;
    std::string Error;
    EXPECT_TRUE(readSirRequest(Request, Resources, Error)) << Error;
    if (!checkSirRequestOutputs(Request, Resources, Inputs, Output, Error))
      return Error.substr(Request.size());
    return std::string();
  };
  // Relative to the request, as in is.
  std::string Request = write("request.xml", "<sirreq><resource in=\"a.upc\" "
                                             "out=\"gen/a.c\"/></sirreq>\n");
  std::vector<SirRequestResource> Resources;
  std::string Error;
  ASSERT_TRUE(readSirRequest(Request, Resources, Error)) << Error;
  EXPECT_EQ(Resources[0].OutPath, path("gen/a.c"));
  EXPECT_EQ(check("<sirreq>\n"
                  "  <resource in=\"a.upc\" out=\"gen/a.c\"/>\n"
                  "  <resource in=\"b.upc\" out=\"gen/b.c\"/>\n"
                  "</sirreq>\n",
                  {"other.upc"}, "prog.sir"),
            "");
  // Never a file the command reads or writes, nor one out twice.
  EXPECT_EQ(check("<sirreq>\n"
                  "  <resource in=\"a.upc\" out=\"gen/a.c\"/>\n"
                  "  <resource in=\"b.upc\" out=\"./a.upc\"/>\n"
                  "</sirreq>\n"),
            ":3: error: resource 2 (out='./a.upc'): it is the input of "
            "resource 1 ('a.upc'): writing the instrumented resource there "
            "would overwrite it");
  EXPECT_EQ(check("<sirreq><resource in=\"a.upc\" out=\"b.upc\"/></sirreq>\n",
                  {path("b.upc")}),
            ":1: error: resource 1 (out='b.upc'): it is the input '" +
                path("b.upc") +
                "': writing the instrumented resource there would overwrite "
                "it");
  EXPECT_EQ(check("<sirreq><resource in=\"a.upc\" out=\"" + path("p.sir") +
                      "\"/></sirreq>\n",
                  {}, path("p.sir")),
            ":1: error: resource 1 (out='" + path("p.sir") +
                "'): it is the SIR's output '" + path("p.sir") + "'");
  EXPECT_EQ(check("<sirreq>\n"
                  "  <resource in=\"a.upc\" out=\"gen/x.c\"/>\n"
                  "  <resource in=\"b.upc\" out=\"gen/../gen/x.c\"/>\n"
                  "</sirreq>\n"),
            ":3: error: resource 2 (out='gen/../gen/x.c'): resource 1 (line "
            "2) is written there too: each needs an out of its own");
  EXPECT_EQ(check("<sirreq><resource in=\"a.upc\" out=\"gen\"/></sirreq>\n"),
            ":1: error: resource 1 (out='gen'): '" + path("gen") +
                "' is a directory");
  EXPECT_EQ(check("<sirreq><resource in=\"a.upc\" out=\"no/a.c\"/></sirreq>\n"),
            ":1: error: resource 1 (out='no/a.c'): no directory '" +
                path("no") + "'");
}

TEST_F(SirRequestTest, InvalidDocuments) {
  expectError(Annotated("<sirreq>\n"
                        "  <resource in=\"a.upc\">\n"
                        "</sirreq>^\n"),
              "Opening and ending tag mismatch: resource line 2 and sirreq",
              /*WithColumn=*/true);
  expectError(Annotated("^<sirreq>\n"
                        "  <file name=\"a.upc\"/>\n"
                        "</sirreq>\n"),
              "Element sirreq content does not follow the DTD, expecting "
              "(resource)+, got (file)");
  expectError(Annotated("<!DOCTYPE sirreq [\n"
                        "^<!ENTITY a \"aaaaaaaaaa\">\n"
                        "]>\n"
                        "<sirreq><resource in=\"&a;\"/></sirreq>\n"),
              "entity declarations are not accepted in SIR requests "
              "(<!ENTITY a ...>)");
}

TEST_F(SirRequestTest, UnreadableRequest) {
  std::vector<SirRequestResource> Resources;
  std::string Error;
  std::string Missing = path("missing.xml");
  EXPECT_FALSE(readSirRequest(Missing, Resources, Error));
  EXPECT_EQ(Error, Missing + ": error: cannot read the request: No such file "
                             "or directory");
  std::string Text, Why;
  EXPECT_FALSE(
      readRequestFile(write("big.xml", std::string(100, 'x')), 99, Text, Why));
  EXPECT_EQ(Why, "the request is too large (at most 99 bytes)");
  EXPECT_TRUE(readRequestFile(path("big.xml"), 100, Text, Why));
  EXPECT_EQ(Text.size(), 100u);
}

} // namespace
