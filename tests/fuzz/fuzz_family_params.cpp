// Fuzzes topogen's parameter parsing and validation: the first line names a family (or picks one by its
// first byte), each further line is "option value" as typed after --option on the command line (--dims,
// presets, lists, flags). Small enough instances are also built, so that validation and builders agree.
#include <map>
#include <nlohmann/json.hpp>

#include "fuzz_common.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return topo::fuzz::expect_typed_errors([&] {
    const auto in = topo::fuzz::text(data, size);
    if (in.empty()) return;
    const auto& all = topo::gen::families();
    std::size_t pos = in.find('\n');
    const auto first = in.substr(0, pos);
    const topo::gen::Family& f =
        first.size() == 1 ? all[static_cast<unsigned char>(first[0]) % all.size()] : topo::gen::find_family(first);
    std::map<std::string, std::string> raw;
    while (pos != std::string_view::npos) {
      const auto next = in.find('\n', pos + 1);
      const auto line = in.substr(pos + 1, next == std::string_view::npos ? std::string_view::npos : next - pos - 1);
      const auto space = line.find(' ');
      raw[std::string(line.substr(0, space))] =
          space == std::string_view::npos ? "" : std::string(line.substr(space + 1));
      pos = next;
    }
    const auto params = topo::gen::parse_params(f, raw);
    const auto d = f.describe(params);
    if (d.nodes > topo::fuzz::max_nodes || d.links > topo::fuzz::max_links) return;
    topo::gen::GenerateOptions opt;
    opt.max_nodes = topo::fuzz::max_nodes;
    opt.max_links = topo::fuzz::max_links;
    const auto g = topo::gen::generate(f, params, opt);
    if (g.num_nodes() != d.nodes) __builtin_trap();  // describe() and build() disagree
  });
}
