// Aliases: a family that is the same graph as a registered one, under the name and parameters its users know.
// An alias has parameters of its own, a function mapping them onto its target's, and, where its users' papers
// fix them and the target does not, the terminals per router. Everything else (sizes, graph, symmetry, grid)
// is the target's, so the alias cannot drift from it, except node coordinates an alias's structure adds to the
// target's (PolarFly's clusters). Its graphs record the alias's name and parameters.
#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <nlohmann/json.hpp>

#include "gen/polarfly_layout_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

Family family_demipn();
Family family_random_regular();
Family family_hamming();

namespace {

struct Alias {
  std::string name, summary, source;
  std::vector<ParamSpec> params;
  std::map<std::string, std::string> example;
  std::function<Params(const Params&)> to_target;
  /// Terminals per router the alias fixes (validating its own parameters); empty: the target's, if any.
  std::function<std::uint32_t(const Params&)> terminals = {};
  /// The target's graph with coordinates the alias's structure adds (same nodes and links); empty: none.
  std::function<Graph(const Graph&, const Params&)> layout = {};
};

Family alias_of(const Family& target, Alias a) {
  Family f;
  f.name = a.name;
  f.summary = fmt::format("alias of {}: {}", target.name, a.summary);
  f.source = a.source;
  f.params = a.params;
  f.example = a.example;
  f.alias_of = target.name;
  const auto to = a.to_target;
  const auto terminals = a.terminals;
  f.describe = [target, to, terminals](const Params& p) {
    auto d = target.describe(to(p));
    if (terminals) {
      const std::uint64_t t = terminals(p);
      d.formulas["terminals_per_router"] = t;
      d.formulas["terminals"] = t * d.nodes;
      d.formulas["radix"] = d.degree_max + t;
    }
    return d;
  };
  f.build = [target, to, layout = a.layout](const Params& p) {
    Graph g = target.build(to(p));
    if (layout) return layout(g, p);
    return g;
  };
  if (target.symmetry) f.symmetry = [target, to](const Params& p) { return target.symmetry(to(p)); };
  if (target.grid) f.grid = [target, to](const Params& p) { return target.grid(to(p)); };
  // Family-specific routings read their family's parameters by name: carried over when the alias's parameters
  // are the target's (PolarFly's q is demipn's).
  const auto key_of = [](const ParamSpec& s) { return s.key(); };
  std::vector<std::string> own, targets;
  std::ranges::transform(a.params, std::back_inserter(own), key_of);
  std::ranges::transform(target.params, std::back_inserter(targets), key_of);
  if (std::ranges::is_permutation(own, targets)) f.routings = target.routings;
  if (terminals)
    f.terminals_per_endpoint = terminals;
  else if (target.terminals_per_endpoint)
    f.terminals_per_endpoint = [target, to](const Params& p) { return target.terminals_per_endpoint(to(p)); };
  return f;
}

}  // namespace

// PolarFly (Lakhotia et al., SC 2022, §III) is the Erdős–Rényi polarity graph ER_q: the demi-projective network,
// with its modular layout's cluster as a fourth coordinate (polarfly_layout_internal.hpp).
Family family_polarfly() {
  return alias_of(
      family_demipn(),
      {.name = "polarfly",
       .summary = "PolarFly, the Erdos-Renyi polarity graph ER_q: q^2+q+1 routers, diameter 2",
       .source = "Lakhotia et al., SC 2022, Sec. III; Projective Networks §3.2",
       .params = {{"q", ParamType::integer, "order of the field GF(q), a prime power", "", true, {}}},
       .example = {{"q", "4"}},
       .to_target =
           [](const Params& p) {
             return Params{{"q", p.at("q")}};
           },
       .layout = [](const Graph& g,
                    const Params& p) { return with_polarfly_clusters(g, std::uint64_t(get_int(p, "q"))); }});
}

// Jellyfish (Singla et al., NSDI 2012, §3): N switches with r ports to other switches joined as a random
// r-regular graph, and k − r servers on each.
Family family_jellyfish() {
  return alias_of(
      family_random_regular(),
      {.name = "jellyfish",
       .summary = "Jellyfish: random r-regular graph of switches with t servers each",
       .source = "Singla et al., NSDI 2012, Sec. 3",
       .params = {{"nodes", ParamType::integer, "switches N", "", true, {}},
                  {"degree", ParamType::integer, "ports r to other switches (N*r even, r < N)", "", true, {}},
                  {"terminals", ParamType::integer, "servers per switch (k - r), at least 1", "", true, {}},
                  {"seed", ParamType::integer, "random seed", "1", false, {}}},
       .example = {{"nodes", "16"}, {"degree", "4"}, {"terminals", "2"}},
       .to_target =
           [](const Params& p) {
             return Params{{"nodes", p.at("nodes")}, {"degree", p.at("degree")}, {"seed", p.at("seed")}};
           },
       .terminals =
           [](const Params& p) {
             const auto t = get_int(p, "terminals");
             if (t < 1 || t > 65535)
               throw InputError(fmt::format("--terminals must be between 1 and 65535, got {}", t));
             return std::uint32_t(t);
           }});
}

// The k-ary n-flat (Kim, Dally and Abts, ISCA 2007, §2): the k-ary n-fly butterfly with each row of routers
// flattened into one, k^(n-1) routers of radix n(k-1)+1 with k terminals each: the Hamming graph K_k^(n-1).
Family family_flattened_butterfly() {
  return alias_of(
      family_hamming(),
      {.name = "flattened-butterfly",
       .summary = "k-ary n-flat: K_k^(n-1) with k terminals per router, k^n terminals",
       .source = "Kim, Dally and Abts, ISCA 2007, Sec. 2",
       .params = {{"k", ParamType::integer, "k: routers per dimension and terminals per router", "", true, {}},
                  {"n", ParamType::integer, "n: stages of the k-ary n-fly (n-1 dimensions), at least 2", "", true, {}}},
       .example = {{"k", "3"}, {"n", "3"}},
       .to_target =
           [](const Params& p) {
             const auto n = get_int(p, "n");
             if (n < 2) throw InputError(fmt::format("--n must be at least 2, got {}", n));
             return Params{{"side", p.at("k")}, {"dims", n - 1}};
           },
       .terminals = [](const Params& p) { return std::uint32_t(get_int(p, "k")); }});
}

}  // namespace topo::gen
