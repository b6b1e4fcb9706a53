//===- DependencyFiles.cpp - Make dependencies of translated files --------===//

#include "DependencyFiles.h"
#include "Messages.h"
#include "upc-instrument/Emission/CEmitter.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace upc {

std::string escapeForMake(StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (C == ' ' || C == '\t' || C == '#')
      Out += '\\';
    else if (C == '$')
      Out += '$';
    Out += C;
  }
  return Out;
}

std::vector<std::string> dependencyFileNames(StringRef Text) {
  std::vector<std::string> Names;
  std::string Current;
  auto Flush = [&] {
    if (!Current.empty() && Current != ":")
      Names.push_back(StringRef(Current).rtrim(':').str());
    Current.clear();
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size()) {
      char N = Text[I + 1];
      if (N == '\n') {
        Flush();
        ++I;
        continue;
      }
      if (N == ' ' || N == '#' || N == '\t') {
        Current += N;
        ++I;
        continue;
      }
    }
    if (C == '$' && I + 1 < Text.size() && Text[I + 1] == '$') {
      Current += '$';
      ++I;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      Flush();
      continue;
    }
    Current += C;
  }
  Flush();
  return Names;
}

namespace {

/// The files seen so far, by identity (a file named two ways is one).
struct FileIdInfo {
  DenseSet<std::pair<uint64_t, uint64_t>> Ids;
  bool insert(StringRef Path) {
    sys::fs::UniqueID ID;
    if (sys::fs::getUniqueID(Path, ID))
      return true; // unknown: never a duplicate
    return Ids.insert({ID.getDevice(), ID.getFile()}).second;
  }
};

} // namespace

bool rewriteDependencyFile(StringRef Path, const std::vector<UpcInput> &Inputs,
                           bool SystemHeaders, bool PhonyTargets) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return true; // the compiler did not write it
  std::string Text = (*Buffer)->getBuffer().str();
  FileIdInfo Seen;
  for (const std::string &Name : dependencyFileNames(Text))
    Seen.insert(Name);
  std::string Phony;
  bool Changed = false;
  for (const UpcInput &In : Inputs) {
    std::string Temp = escapeForMake(In.Translated);
    if (Text.find(Temp) == std::string::npos)
      continue;
    std::string Replacement = escapeForMake(In.Source);
    Seen.insert(In.Source);
    for (const Dependency &D : In.Dependencies) {
      if (D.System && !SystemHeaders)
        continue;
      if (!Seen.insert(D.Path))
        continue;
      Replacement += " \\\n " + escapeForMake(D.Path);
      if (PhonyTargets)
        Phony += "\n" + escapeForMake(D.Path) + ":\n";
    }
    size_t Pos = 0;
    while ((Pos = Text.find(Temp, Pos)) != std::string::npos) {
      Text.replace(Pos, Temp.size(), Replacement);
      Pos += Replacement.size();
    }
    Changed = true;
  }
  if (!Changed)
    return true;
  Text += Phony;
  std::string Failure = writeFileAtomically(Path, Text);
  if (!Failure.empty()) {
    reportError("cannot write '" + Path + "': " + Failure);
    return false;
  }
  return true;
}

} // namespace upc
