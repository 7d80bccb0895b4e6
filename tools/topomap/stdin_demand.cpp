#include "topomap/stdin_demand.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <iterator>
#include <sstream>

#include "common/job.hpp"
#include "topo/errors.hpp"

namespace topo::cli {

namespace {

// The file-name suffix the readers dispatch on, from the content.
std::string suffix_of(const std::string& text) {
  if (text.rfind("%%MatrixMarket", 0) == 0) return ".mtx";
  std::istringstream in(text);
  std::string line;
  for (int i = 0; i < 3 && std::getline(in, line); ++i) {
  }
  std::istringstream l3(line);
  std::string type;
  l3 >> type;
  if (type.size() == 3 && std::strchr("RCP", std::toupper(type[0])) && std::strchr("SUHZR", std::toupper(type[1])) &&
      std::strchr("AE", std::toupper(type[2]))) {
    std::string ext = ".";
    for (char c : type) ext += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext;
  }
  return ".el";
}

}  // namespace

map::Demand read_demand_stdin(map::Weights wt) {
  // Under MPI standard input reaches rank 0 only: it reads, every rank parses the same text.
  std::string text;
  if (job().rank() == 0) {
    if (isatty(STDIN_FILENO)) throw UsageError("--demand -: standard input is a terminal; pipe the demand in");
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  }
  job().broadcast(text);
  // The readers take a file name: give them a private temporary copy, and name stdin in their errors.
  std::string path = fmt::format("{}/topomap-demand.XXXXXX{}", std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp",
                                 suffix_of(text));
  const int fd = mkstemps(path.data(), static_cast<int>(suffix_of(text).size()));
  if (fd < 0) throw InputError(fmt::format("--demand -: cannot make a temporary file: {}", std::strerror(errno)));
  const bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  struct Remove {
    std::string p;
    ~Remove() { std::remove(p.c_str()); }
  } remove{path};
  if (!written) throw InputError(fmt::format("--demand -: cannot write a temporary file: {}", std::strerror(errno)));
  try {
    auto d = map::read_demand(path, wt);
    d.source = "<stdin>";
    return d;
  } catch (const ParseError& e) {
    throw ParseError("<stdin>", e.line, e.message);
  } catch (const InputError& e) {
    std::string m = e.what();
    for (auto at = m.find(path); at != std::string::npos; at = m.find(path)) m.replace(at, path.size(), "<stdin>");
    throw InputError(m);
  }
}

}  // namespace topo::cli
