//===- Probes.h - Instrumentation requests compiled into probes -*- C++ -*-===//
//
// An instrumentation request (MIR, section 4) names a code region of the
// SIR (codeRegion from=/to=) and what to measure there. The translator
// reads the requests given with --mir-request, finds their regions in each
// translation unit, and has the lowering place a probe around them; the
// runtime's MIR engine measures (docs/mir.md). The response to each
// request is a probe document naming the probe.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_MIR_PROBES_H
#define UPC_INSTRUMENT_MIR_PROBES_H

#include "upc-instrument/Lowering/Lowering.h"
#include "upc-instrument/Mir/Sir.h"

#include <string>
#include <vector>

namespace upc {

/// One --mir-request, read and checked.
struct ProbeRequest {
  std::string Path;     ///< the request file, as given
  std::string Id;       ///< the probe's id: the file's stem as an XML name
  std::string From, To; ///< region ids (To empty: the region From)
  unsigned Line = 0, Column = 0; ///< of codeRegion in the request
  /// The requests the runtime reads for this probe: the defaults-only
  /// requests (a measuring element alone) given before it, then itself.
  std::vector<std::string> Texts;
  /// Where the probe document goes (--mir-response, or beside the output).
  std::string ResponsePath;
  /// A request with only a measuring element: new defaults, no probe.
  bool DefaultsOnly = false;
};

/// Reads the requests at \p Paths, in order (each an instrreq document
/// valid against its DTD, with known metrics and valid attributes), and
/// pairs the K-th with the K-th of \p Responses (empty: ResponsePath is
/// left for setProbeResponsePaths). Reports errors and warnings on standard
/// error as FILE:LINE:COL; false after an error.
bool readProbeRequests(const std::vector<std::string> &Paths,
                       const std::vector<std::string> &Responses,
                       std::vector<ProbeRequest> &Requests);

/// Gives each request without an explicit response path the default one:
/// in the directory of \p Output ("" or "-": the current directory), the
/// request's stem with ".probe.xml".
void setProbeResponsePaths(std::vector<ProbeRequest> &Requests,
                           llvm::StringRef Output);

/// The statements two regions of one function delimit for a probe: the
/// first and last of them, or why they delimit none (Why non-empty).
struct StatementSpan {
  const clang::Stmt *First = nullptr, *Last = nullptr;
  std::string Why;
};

/// A probe's statements from \p From to \p To (the same region: that
/// one): a statement (directly in a block, or the body of a loop, if or
/// label), or statements of one block in order without a declaration
/// among them (a probe's block would hide it from what follows).
StatementSpan regionStatements(clang::ASTContext &AST, const SirRegion &From,
                               const SirRegion &To);

/// What a translation unit holds of the requests.
struct ProbeResolution {
  std::vector<ProbePlacement> Placements;
  /// The requests placed in this unit (indices into the requests).
  std::vector<size_t> Placed;
};

/// Which requests a translation unit must hold; the others are left to
/// other units (not placed, no error).
enum class ProbesRequired {
  /// Those whose region ids name one of its files: one compilation among
  /// several (the launcher form), whose other files hold the rest.
  OfItsFiles,
  /// All of them (the translator form with one input).
  All,
  /// None: a region the unit lacks is left out too (upc-translate-fuzzer,
  /// whose requests are fixed and whose inputs are arbitrary).
  None,
};

/// Finds the regions of \p Requests in \p Files (the SIR of \p TU). A
/// request \p Required says the unit must hold must name an existing
/// region; the from/to pair of one it holds must delimit statements of one
/// function (one statement, statements of one block in order, or a whole
/// unit). Reports errors at the request's line and column; false after
/// one.
bool resolveProbes(const std::vector<SirFile> &Files,
                   const std::vector<ProbeRequest> &Requests,
                   ProbesRequired Required, clang::ASTContext &AST,
                   ProbeResolution &Out);

/// After every UPC input of a program was translated (a command that links
/// it from sources alone): each request must have been placed in one of
/// them (\p Placed: the requests' indices that were). Reports each that was
/// not, naming \p Inputs; false after one.
bool checkProbesPlaced(const std::vector<ProbeRequest> &Requests,
                       const std::vector<bool> &Placed,
                       const std::vector<std::string> &Inputs);

/// Writes the probe document of each placed request (atomically). False
/// after reporting a file that cannot be written.
bool writeProbeResponses(const std::vector<ProbeRequest> &Requests,
                         const std::vector<size_t> &Placed);

} // namespace upc

#endif
