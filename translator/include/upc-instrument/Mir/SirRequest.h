//===- SirRequest.h - Reading sirreq documents ------------------*- C++ -*-===//
//
// A SIR request (Monitoring and Instrumentation Requests, section 2) lists
// the resources whose SIR is wanted (in) and where each is to be written
// back once instrumented (out): upc-instrument --sir-request writes the
// translated C there. docs/mir.md describes what is accepted.
//
//===----------------------------------------------------------------------===//

#ifndef UPC_INSTRUMENT_MIR_SIRREQUEST_H
#define UPC_INSTRUMENT_MIR_SIRREQUEST_H

#include "upc-instrument/Mir/Sir.h"

#include <string>
#include <vector>

namespace upc {

struct SirRequestResource {
  SirResource Resource; ///< in and out, as written in the request
  std::string InPath;   ///< the local file `in` names
  /// The local file `out` names, where the instrumented resource is
  /// written back (MIR, section 2); empty without `out`.
  std::string OutPath;
  unsigned Line = 0; ///< of its element in the request
};

/// Reads the request file \p Path into \p Text: a regular file (a FIFO
/// would block the reader) of at most \p MaxBytes. False with \p Why set
/// otherwise.
bool readRequestFile(const std::string &Path, size_t MaxBytes,
                     std::string &Text, std::string &Why);

/// Reads the request \p Path: well-formed, valid against the request's
/// DTD, every `in` and `out` a file: URI or a path (relative ones are
/// relative to the request). False with \p Error set
/// ("FILE:LINE[:COL]: error: ...") otherwise.
bool readSirRequest(const std::string &Path,
                    std::vector<SirRequestResource> &Resources,
                    std::string &Error);

/// Checks where the resources of the request \p Path are written back:
/// each `out` a file of its own (not a directory), never a file the command
/// reads (an `in`, or one of \p Inputs) nor its \p Output, so that no
/// source is ever overwritten. False with \p Error set at the resource's
/// line otherwise.
bool checkSirRequestOutputs(const std::string &Path,
                            const std::vector<SirRequestResource> &Resources,
                            const std::vector<std::string> &Inputs,
                            const std::string &Output, std::string &Error);

} // namespace upc

#endif
