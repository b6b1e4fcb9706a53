//===- SirRequest.h - Reading sirreq documents ------------------*- C++ -*-===//
//
// A SIR request (Monitoring and Instrumentation Requests, section 2) lists
// the resources whose SIR is wanted (in) and where each is to be written
// back once instrumented (out). docs/mir.md describes what is accepted.
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
  unsigned Line = 0;    ///< of its element in the request
};

/// Reads the request file \p Path into \p Text: a regular file (a FIFO
/// would block the reader) of at most \p MaxBytes. False with \p Why set
/// otherwise.
bool readRequestFile(const std::string &Path, size_t MaxBytes,
                     std::string &Text, std::string &Why);

/// Reads the request \p Path: well-formed, valid against the request's
/// DTD, every `in` a file: URI or a path. False with \p Error set
/// ("FILE:LINE[:COL]: error: ...") otherwise.
bool readSirRequest(const std::string &Path,
                    std::vector<SirRequestResource> &Resources,
                    std::string &Error);

} // namespace upc

#endif
