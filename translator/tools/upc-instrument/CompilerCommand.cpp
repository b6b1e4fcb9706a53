//===- CompilerCommand.cpp - What a C compiler command does ---------------===//

#include "CompilerCommand.h"
#include "Messages.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

using namespace llvm;

namespace upc {

namespace {

/// Options of gcc and clang whose value is the next argument.
bool takesSeparateValue(StringRef A) {
  static const StringSet<> Options = {
      "-o",        "-I",          "-D",             "-U",        "-include",
      "-imacros",  "-isystem",    "-idirafter",     "-iquote",   "-iprefix",
      "-isysroot", "-MF",         "-MT",            "-MQ",       "-L",
      "-Xlinker",  "-Xassembler", "-Xpreprocessor", "-Xclang",   "-u",
      "-T",        "-aux-info",   "--param",        "-z",        "-A",
      "-target",   "-arch",       "-e",             "-x",        "-l",
      "-B",        "-dumpdir",    "-dumpbase",      "-imultilib",
      "-iwithprefix", "-iwithprefixbefore", "-include-pch", "--sysroot"};
  return Options.count(A);
}

/// Preprocessor options with a separate value that the UPC front end needs
/// too (the UPC file is parsed as the compiler would preprocess it).
bool isPreprocessorOption(StringRef A) {
  return StringSwitch<bool>(A)
      .Cases("-I", "-D", "-U", "-include", "-imacros", true)
      .Cases("-isystem", "-idirafter", "-iquote", "-isysroot", true)
      .Default(false);
}

/// Joined options the front end needs too.
bool isParseOption(StringRef A) {
  for (StringRef Prefix : {"-I", "-D", "-U", "-std=", "-O", "-W", "-isystem",
                           "-iquote", "-idirafter", "-include", "--sysroot="})
    if (A.starts_with(Prefix))
      return true;
  return StringSwitch<bool>(A)
      .Cases("-w", "-ansi", "-pthread", "-nostdinc", "-m32", "-m64", true)
      .Cases("-funsigned-char", "-fsigned-char", "-pedantic", true)
      .Default(false);
}

bool hasUpcExtension(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext.equals_insensitive(".upc") || Ext.equals_insensitive(".uph");
}

std::string absolutePath(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

} // namespace

bool SourceGlobs::add(StringRef Pattern) {
  Expected<GlobPattern> P = GlobPattern::create(Pattern);
  if (!P) {
    reportError("invalid --upc-sources pattern '" + Pattern +
                "': " + toString(P.takeError()));
    return false;
  }
  Patterns.push_back({std::move(*P), Pattern.contains('/')});
  return true;
}

bool SourceGlobs::match(StringRef Path) const {
  for (const auto &[P, WithSlash] : Patterns) {
    if (!WithSlash) {
      if (P.match(sys::path::filename(Path)))
        return true;
      continue;
    }
    if (P.match(Path) || P.match(absolutePath(Path)))
      return true;
  }
  return false;
}

CompilerCommand analyzeCommand(const std::vector<std::string> &Command,
                               const SourceGlobs &Globs) {
  CompilerCommand Info;
  Info.Args.push_back(Command.front());
  bool XUpc = false;
  for (size_t I = 1; I < Command.size(); ++I) {
    const std::string &A = Command[I];
    StringRef S(A);
    if (A == "-c")
      Info.CompileOnly = true;
    if (A == "-S")
      Info.AssembleOnly = true;
    if (A == "-c" || A == "-S" || A == "-E" || A == "-fsyntax-only" ||
        A == "-M" || A == "-MM")
      Info.Link = false;
    if (A == "-M" || A == "-MM")
      Info.DepsOnly = true;
    if (A == "-MD" || A == "-MMD")
      Info.MD = true;
    if (A == "-MM" || A == "-MMD")
      Info.SystemDeps = false;
    if (A == "-MP")
      Info.PhonyDeps = true;
    if (A == "-x" && I + 1 < Command.size()) {
      Info.SawLanguage = true;
      XUpc = Command[I + 1] == "upc";
      Info.Args.push_back("-x");
      Info.Args.push_back(XUpc ? "c" : Command[I + 1]);
      ++I;
      continue;
    }
    if (S.starts_with("-x") && A.size() > 2) {
      Info.SawLanguage = true;
      XUpc = A == "-xupc";
      Info.Args.push_back(XUpc ? "-xc" : A);
      continue;
    }
    if (takesSeparateValue(A) && I + 1 < Command.size()) {
      const std::string &Value = Command[I + 1];
      if (isPreprocessorOption(A)) {
        Info.ParseArgs.push_back(A);
        Info.ParseArgs.push_back(Value);
      }
      if (A == "-o")
        Info.Output = Value;
      if (A == "-MF")
        Info.DepFile = Value;
      Info.Args.push_back(A);
      Info.Args.push_back(Value);
      ++I;
      continue;
    }
    if (S.starts_with("-")) {
      if (isParseOption(A))
        Info.ParseArgs.push_back(A);
      if (S.starts_with("-o") && A.size() > 2)
        Info.Output = A.substr(2);
      if (S.starts_with("-MF") && A.size() > 3)
        Info.DepFile = A.substr(3);
      Info.Args.push_back(A);
      continue;
    }
    if (S.starts_with("@")) {
      // A response file: its inputs are looked at (for UPC objects), it is
      // passed on unchanged.
      BumpPtrAllocator Alloc;
      StringSaver Saver(Alloc);
      if (ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
              MemoryBuffer::getFile(S.drop_front(), /*IsText=*/true)) {
        SmallVector<const char *, 32> Tokens;
        cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Tokens);
        for (size_t T = 0; T < Tokens.size(); ++T) {
          StringRef Token(Tokens[T]);
          if (takesSeparateValue(Token))
            ++T;
          else if (!Token.starts_with("-"))
            Info.OtherInputs.push_back(Token.str());
        }
      }
      Info.Args.push_back(A);
      continue;
    }
    if (XUpc || hasUpcExtension(A) || Globs.match(A))
      Info.UpcInputs.push_back({Info.Args.size(), A, "", {}});
    else
      Info.OtherInputs.push_back(A);
    Info.Args.push_back(A);
  }
  return Info;
}

std::vector<std::string> dependencyFiles(const CompilerCommand &Info) {
  if (Info.DepFile)
    return {*Info.DepFile};
  if (Info.DepsOnly)
    return Info.Output ? std::vector<std::string>{*Info.Output}
                       : std::vector<std::string>{};
  if (!Info.MD)
    return {};
  if (Info.Output) {
    SmallString<256> D(*Info.Output);
    sys::path::replace_extension(D, "d");
    return {std::string(D)};
  }
  std::vector<std::string> Files;
  for (const UpcInput &In : Info.UpcInputs) {
    SmallString<64> D(sys::path::filename(In.Source));
    sys::path::replace_extension(D, "d");
    Files.push_back(std::string(D));
  }
  return Files;
}

std::vector<std::string> outputFiles(const CompilerCommand &Info) {
  if (Info.Output)
    return {*Info.Output};
  std::vector<std::string> Files;
  if (Info.CompileOnly || Info.AssembleOnly) {
    for (const UpcInput &In : Info.UpcInputs) {
      SmallString<64> O(sys::path::filename(In.Source));
      sys::path::replace_extension(O, Info.CompileOnly ? "o" : "s");
      Files.push_back(std::string(O));
    }
  } else if (Info.Link) {
    Files.push_back("a.out");
  }
  return Files;
}

namespace {

/// The object's path without its extension (x.o: x), or, without -c or -S,
/// the source's stem beside the output.
SmallString<256> objectBase(const CompilerCommand &Info, const UpcInput &In) {
  SmallString<256> Base;
  if (Info.Output && (Info.CompileOnly || Info.AssembleOnly)) {
    Base = *Info.Output;
    sys::path::replace_extension(Base, "");
  } else {
    if (Info.Output)
      Base = sys::path::parent_path(*Info.Output);
    sys::path::append(Base, sys::path::stem(In.Source));
  }
  return Base;
}

} // namespace

std::string keptFileName(const CompilerCommand &Info, const UpcInput &In) {
  SmallString<256> Base = objectBase(Info, In);
  if (sys::path::extension(Base).equals_insensitive(".upc"))
    return (Base + ".c").str();
  return (Base + ".upc.c").str();
}

std::string sirFileName(const CompilerCommand &Info, const UpcInput &In) {
  return (objectBase(Info, In) + ".sir").str();
}

} // namespace upc
