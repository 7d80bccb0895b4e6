#pragma once
// CSV output (RFC 4180) for the tables the library renders and the tools print: plain ASCII headers, one record per
// line.
#include <string>
#include <string_view>

namespace topo::io {

/// A field quoted when it holds a comma, a quote or a line break (quotes doubled), else as it is.
std::string csv_field(std::string_view s);

}  // namespace topo::io
