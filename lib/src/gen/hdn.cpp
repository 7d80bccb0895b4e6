// Hierarchical dual-net HDN(B,k,S) and its special cases RDN(m,k) and the dual-cube
// (doc/definitions.md §3.5, HDN §2–3).
//
// The paper's "re-indexing" is ambiguous; this follows doc/definitions.md §3.5, which reproduces Tables 1 and 3.
// The index arithmetic is documented in topo/gen/hdn.hpp.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string_view>

#include "gen/hdn_layout_internal.hpp"
#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

using HdnShape = HdnLayout;

void derive(HdnShape& h) {
  h.n0 = 1;
  for (auto b : h.dims) h.n0 *= b;
  h.nodes.assign(1, h.n0);
  h.s.assign(1, 1);
  for (unsigned i = 1; i <= h.levels(); ++i) {
    std::uint64_t si = 1;
    for (auto d : h.super[i - 1]) si *= h.dims[d];
    h.s.push_back(si);
    const std::uint64_t prev = h.nodes.back();
    // HDN §3: N_i = 2·N_{i−1}²/s_i, the recurrence: the paper's closed form is wrong for k ≥ 2
    // (doc/definitions.md §3.5).
    const std::uint64_t prev_per_super = prev / si;
    const long double estimate = 2.0L * static_cast<long double>(prev_per_super) * static_cast<long double>(prev);
    if (estimate > static_cast<long double>(topo::max_nodes))
      throw InputError(
          fmt::format("--levels {}: level {} has {:.4g} nodes, more than the limit of {} (32-bit node ids)", h.levels(),
                      i, static_cast<double>(estimate), topo::max_nodes));
    h.nodes.push_back(2 * (prev / si) * prev);
  }
}

std::vector<std::uint64_t> base_dims(const Params& p, const std::string& key) {
  const auto raw = get_ints(p, key);
  if (raw.size() > 32) throw InputError(fmt::format("--{}: at most 32 base dimensions, got {}", key, raw.size()));
  std::vector<std::uint64_t> dims;
  detail::Count n;
  for (auto b : raw) {
    if (b < 2) throw InputError(fmt::format("--{}: every base dimension must have at least 2 nodes, got {}", key, b));
    n *= static_cast<std::uint64_t>(b);
    dims.push_back(static_cast<std::uint64_t>(b));
  }
  if (n.above(topo::max_nodes))
    throw detail::too_many_nodes(fmt::format("--{} {}: the base network's", key, fmt::join(raw, "x")), n);
  return dims;
}

std::int64_t levels_of(const Params& p) {
  const auto k = get_int(p, "levels");
  if (k < 0)
    throw InputError(fmt::format("--levels: the number of dual-constructions k must be at least 0, got {}", k));
  if (k > 8)
    throw InputError(fmt::format("--levels: at most 8 levels (the node count grows doubly exponentially), got {}", k));
  return k;
}

/// Parses "F1:F2:…", each Fi "none" or comma-separated 0-based base dimensions.
std::vector<std::vector<unsigned>> parse_supernodes(std::string_view text, std::size_t levels, std::size_t r) {
  std::vector<std::vector<unsigned>> out;
  std::size_t start = 0;
  while (true) {
    const auto end = text.find(':', start);
    const auto part = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    std::vector<unsigned> f;
    if (part != "none") {
      std::size_t a = 0;
      while (true) {
        const auto b = part.find(',', a);
        const auto item = part.substr(a, b == std::string_view::npos ? std::string_view::npos : b - a);
        unsigned d = 0;
        bool ok = !item.empty() && item.size() < 4;
        for (char ch : item) {
          ok = ok && ch >= '0' && ch <= '9';
          if (ok) d = d * 10 + unsigned(ch - '0');
        }
        if (!ok)
          throw InputError(
              fmt::format("--supernodes: expected groups of base dimensions like 0,1:2 or none, got \"{}\"", text));
        if (d >= r)
          throw InputError(
              fmt::format("--supernodes: dimension {} does not exist (the base has {} dimensions, 0-based)", d, r));
        if (std::find(f.begin(), f.end(), d) != f.end())
          throw InputError(fmt::format("--supernodes: dimension {} appears twice in one group", d));
        f.push_back(d);
        if (b == std::string_view::npos) break;
        a = b + 1;
      }
      std::sort(f.begin(), f.end());
    }
    out.push_back(std::move(f));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  if (out.size() != levels)
    throw InputError(fmt::format("--supernodes: one group per level is needed (F1:…:Fk with k = --levels = {}), got {}",
                                 levels, out.size()));
  return out;
}

HdnShape hdn_shape(const Params& p) {
  HdnShape h;
  h.dims = base_dims(p, "base");
  const auto k = static_cast<std::size_t>(levels_of(p));
  if (has(p, "supernodes")) {
    h.super = parse_supernodes(get_text(p, "supernodes"), k, h.dims.size());
  } else if (k > 0) {
    throw InputError("--supernodes: one group per level is needed (F1:…:Fk, 'none' for a single node)");
  }
  derive(h);
  return h;
}

HdnShape rdn_shape(const Params& p) {
  HdnShape h;
  const bool by_dims = has(p, "base"), by_cube = has(p, "cube");
  if (by_dims == by_cube) throw InputError("give exactly one of --base (a torus) or --cube (a hypercube)");
  if (by_dims) {
    h.dims = base_dims(p, "base");
  } else {
    const auto n = get_int(p, "cube");
    if (n < 1) throw InputError(fmt::format("--cube: the hypercube dimension must be between 1 and 31, got {}", n));
    if (n > 31) throw detail::too_many_nodes(fmt::format("--cube {}: the base 2^n =", n), detail::Count::power(2, n));
    h.dims.assign(static_cast<std::size_t>(n), 2);
    h.cube = true;
  }
  h.super.assign(static_cast<std::size_t>(levels_of(p)), {});  // RDN: every s_i = 1 (HDN §2)
  derive(h);
  return h;
}

HdnShape dualcube_shape(const Params& p) {
  const auto n = get_int(p, "dim");
  if (n < 1) throw InputError(fmt::format("--dim: the dual-cube dimension n must be between 1 and 16, got {}", n));
  if (n > 16)
    throw detail::too_many_nodes(fmt::format("--dim {}: 2^(2n-1) =", n),
                                 detail::Count::power(2, 2 * std::min<std::int64_t>(n, 1 << 20) - 1));
  HdnShape h;
  h.dims.assign(static_cast<std::size_t>(n - 1), 2);  // HDN §3: Dual-Cube(n) = RDN over an (n−1)-cube, k = 1
  h.cube = true;
  h.super.assign(1, {});
  derive(h);
  return h;
}

std::uint64_t base_degree(const HdnShape& h) {
  // A torus ring of 2 is one link of multiplicity 2 (degree 2); a hypercube factor K2 is one link.
  return h.dims.size() * (h.cube ? 1 : 2);
}

std::uint64_t diameter_of(const HdnShape& h, const std::vector<unsigned>& dims_subset) {
  std::uint64_t d = 0;
  for (auto i : dims_subset) d += h.cube ? 1 : h.dims[i] / 2;
  return d;
}

Description describe_hdn(const HdnShape& h) {
  Description d;
  const unsigned k = h.levels();
  d.nodes = h.nodes.back();
  d.degree_min = d.degree_max = base_degree(h) + k;  // HDN Theorem 1: d_0 + k
  d.links = d.nodes * d.degree_max / 2;
  std::vector<unsigned> all(h.dims.size());
  for (unsigned i = 0; i < all.size(); ++i) all[i] = i;
  // HDN Theorem 1: D_k = 2^k·D(B) − Σ_{j=0}^{k−1} 2^j·D(SN^{k−j}) + 2^{k+1} − 2, an upper bound
  // (doc/definitions.md §3.5).
  std::int64_t dk = static_cast<std::int64_t>(diameter_of(h, all)) << k;
  for (unsigned j = 0; j < k; ++j) dk -= static_cast<std::int64_t>(diameter_of(h, h.super[k - j - 1])) << j;
  dk += (std::int64_t{2} << k) - 2;
  d.formulas["diameter_upper_bound"] = dk;
  d.formulas["diameter_formula"] = "2^k*D(B) - sum_{j=0}^{k-1} 2^j*D(SN^{k-j}) + 2^{k+1} - 2";
  d.formulas["base_nodes"] = h.n0;
  d.formulas["base_degree"] = base_degree(h);
  d.formulas["base_diameter"] = diameter_of(h, all);
  nlohmann::json levels = nlohmann::json::array();
  for (unsigned i = 1; i <= k; ++i)
    levels.push_back({{"level", i},
                      {"supernode_dims", h.super[i - 1]},
                      {"supernode_size", h.s[i]},
                      {"supernode_diameter", diameter_of(h, h.super[i - 1])},
                      {"clusters_per_class", h.nodes[i - 1] / h.s[i]},
                      {"nodes", h.nodes[i]}});
  d.formulas["levels"] = levels;
  if (k > 0) {
    // HDN Theorem 1's closed form (2N_0)^(2^k)/(2·∏s_i), kept to show where it differs from the recurrence.
    long double closed = std::pow(2.0L * static_cast<long double>(h.n0), std::pow(2.0L, static_cast<long double>(k)));
    for (unsigned i = 1; i <= k; ++i) closed /= static_cast<long double>(h.s[i]);
    d.formulas["nodes_paper_closed_form"] = static_cast<double>(closed / 2);
  }
  // HDN §3, CR_w = (w1·d + w2·D)/log2 N with w1 = w2 = 1/2 and D the formula above (as Table 3).
  if (d.nodes > 1)
    d.formulas["cost_ratio_half_weights"] = (0.5 * static_cast<double>(d.degree_max) + 0.5 * static_cast<double>(dk)) /
                                            std::log2(static_cast<double>(d.nodes));
  d.formulas["coords"] =
      "c_k,u_k,...,c_1,u_1,x_0,...,x_{r-1} (class and cluster per level, top first; base coordinates)";
  d.formulas["node_id"] = "(c_k*n_k + u_k)*N_{k-1} + SN_k*s_k + t_k";
  return d;
}

// Mixed-radix index of the base coordinates inside (or outside) super-node F_j, lowest dimension fastest.
std::uint64_t radix(const HdnLayout& h, unsigned j, bool inside, const std::vector<std::uint64_t>& x) {
  std::uint64_t r = 0;
  for (std::size_t d = h.dims.size(); d-- > 0;) {
    const bool in = j > 0 && std::binary_search(h.super[j - 1].begin(), h.super[j - 1].end(), unsigned(d));
    if (in == inside) r = r * h.dims[d] + x[d];
  }
  return r;
}

void set_radix(const HdnLayout& h, unsigned j, bool inside, std::uint64_t r, std::vector<std::uint64_t>& x) {
  for (std::size_t d = 0; d < h.dims.size(); ++d) {
    const bool in = j > 0 && std::binary_search(h.super[j - 1].begin(), h.super[j - 1].end(), unsigned(d));
    if (in != inside) continue;
    x[d] = r % h.dims[d];
    r /= h.dims[d];
  }
}

}  // namespace

HdnLayout HdnLayout::from_params(std::string_view family, const Params& p) {
  if (family == "hdn") return hdn_shape(p);
  if (family == "rdn") return rdn_shape(p);
  if (family == "dualcube") return dualcube_shape(p);
  throw InputError(fmt::format("family \"{}\" is not a dual-net (hdn, rdn, dualcube)", family));
}

void HdnLayout::decode(node_id v, Node& out) const {
  const unsigned k = levels();
  out.x.resize(dims.size());
  if (k == 0) {  // j = 0: no super-node, every dimension counts as "outside"
    set_radix(*this, 0, false, v, out.x);
    out.copy = 0;
    return;
  }
  const std::uint64_t so = n0 / s[k];  // super-nodes per copy of B
  const std::uint64_t cu = v / nodes[k - 1], inner = v % nodes[k - 1];
  const std::uint64_t sn = inner / s[k];
  set_radix(*this, k, false, sn % so, out.x);
  set_radix(*this, k, true, inner % s[k], out.x);
  out.copy = cu * copies(k - 1) + sn / so;
}

node_id HdnLayout::encode(const Node& n) const {
  const unsigned k = levels();
  if (k == 0) return static_cast<node_id>(radix(*this, 0, false, n.x));
  return static_cast<node_id>(index_at(n, k).serial);
}

HdnLayout::Index HdnLayout::index_at(const Node& n, unsigned j) const {
  const std::uint64_t qj = n.copy % copies(j);
  const std::uint64_t cu = qj / copies(j - 1), qprev = qj % copies(j - 1);
  Index ix;
  ix.cls = static_cast<unsigned>(cu / clusters_per_class(j));
  ix.cluster = cu % clusters_per_class(j);
  ix.supernode = qprev * (n0 / s[j]) + radix(*this, j, false, n.x);
  ix.place = radix(*this, j, true, n.x);
  ix.serial = cu * nodes[j - 1] + ix.supernode * s[j] + ix.place;
  return ix;
}

HdnLayout::Node HdnLayout::cross_partner(const Node& n, unsigned j) const {
  const auto ix = index_at(n, j);
  const std::uint64_t so = n0 / s[j];
  Node m;
  m.x = n.x;                                         // same place t inside the super-node
  set_radix(*this, j, false, ix.cluster % so, m.x);  // super-node u: its copy of B and outside coordinates
  m.copy = n.copy / copies(j) * copies(j) + ((1 - ix.cls) * clusters_per_class(j) + ix.supernode) * copies(j - 1) +
           ix.cluster / so;
  return m;
}

namespace {

/// The generator proper: nodes in id order, each link once from its smaller end, sorted per node.
Graph build_hdn(const HdnLayout& h) {
  const unsigned k = h.levels();
  const std::uint64_t n = h.nodes.back();
  const auto r = static_cast<unsigned>(h.dims.size());
  GraphBuilder b(n, false);
  const auto c_base = b.class_id("base");
  const auto c_cross = b.class_id("cross");
  b.set_coord_dims(2 * k + r);
  b.reserve_links(static_cast<std::size_t>(n * (base_degree(h) + k) / 2));
  HdnLayout::Node node, other;
  std::vector<std::int32_t> coords(2 * k + r);
  struct Out {
    std::uint64_t target;
    std::uint16_t cls;
    std::uint8_t level, dim;
    std::uint32_t mult;
    bool operator<(const Out& o) const {
      if (target != o.target) return target < o.target;
      if (cls != o.cls) return cls < o.cls;
      if (level != o.level) return level < o.level;
      return dim < o.dim;
    }
  };
  std::vector<Out> out;
  for (std::uint64_t v = 0; v < n; ++v) {
    h.decode(static_cast<node_id>(v), node);
    out.clear();
    // Base links: the torus (or hypercube) B inside the node's copy.
    other = node;
    for (unsigned d = 0; d < r; ++d) {
      const auto bd = h.dims[d], xd = node.x[d];
      const auto a = static_cast<std::uint8_t>(d);
      if (bd == 2) {
        other.x[d] = 1 - xd;
        out.push_back({h.encode(other), c_base, 0, a, h.cube ? 1u : 2u});  // C2: one link of multiplicity 2
      } else {
        other.x[d] = (xd + 1) % bd;
        out.push_back({h.encode(other), c_base, 0, a, 1});
        other.x[d] = (xd + bd - 1) % bd;
        out.push_back({h.encode(other), c_base, 0, a, 1});
      }
      other.x[d] = xd;
    }
    // One cross-edge per level (doc/definitions.md §3.5).
    for (unsigned j = 1; j <= k; ++j) {
      out.push_back({h.encode(h.cross_partner(node, j)), c_cross, static_cast<std::uint8_t>(j), no_value8, 1});
      const auto ix = h.index_at(node, j);
      coords[2 * (k - j)] = static_cast<std::int32_t>(ix.cls);
      coords[2 * (k - j) + 1] = static_cast<std::int32_t>(ix.cluster);
      if (j == k)
        b.set_label(static_cast<node_id>(v), fmt::format("({},{},{},{})", ix.cls, ix.cluster, ix.supernode, ix.place));
    }
    for (unsigned d = 0; d < r; ++d) coords[2 * k + d] = static_cast<std::int32_t>(node.x[d]);
    b.set_coords(static_cast<node_id>(v), coords);
    std::erase_if(out, [v](const Out& o) { return o.target < v; });
    std::sort(out.begin(), out.end());
    for (const auto& o : out) {
      LinkAttrs la;
      la.cls = o.cls;
      la.level = o.level;
      la.dim = o.dim;
      la.multiplicity = o.mult;
      b.add_link(static_cast<node_id>(v), static_cast<node_id>(o.target), la);
    }
  }
  return b.finish(Duplicates::reject);
}

std::vector<ParamSpec> levels_param(const std::string& help) {
  return {{"levels", ParamType::integer, help, "", true, {}}};
}

}  // namespace

Family family_hdn() {
  auto params = std::vector<ParamSpec>{
      {"base", ParamType::dims, "base network B, a torus (product of rings), e.g. 2x3x5", "", true, {}}};
  for (auto& p : levels_param("number of dual-constructions k")) params.push_back(p);
  params.push_back({"supernodes",
                    ParamType::text,
                    "super-node of each level: F1:F2:…, each Fi comma-separated 0-based base dimensions or none",
                    "",
                    false,
                    {}});
  return {.name = "hdn",
          .summary = "hierarchical dual-net HDN(B,k,S) over a torus base, with super-nodes per level",
          .source = "HDN §2-3 (Li, Peng, Chu), Tables 1 and 3",
          .params = params,
          .example = {{"base", "2x3"}, {"levels", "1"}, {"supernodes", "0"}},
          .describe = [](const Params& p) { return describe_hdn(hdn_shape(p)); },
          .build = [](const Params& p) { return build_hdn(hdn_shape(p)); },
          .routings = {"hdn"}};
}

Family family_rdn() {
  auto params = std::vector<ParamSpec>{
      {"base", ParamType::dims, "base network, a torus, e.g. 4x4 (or give --cube)", "", false, {}},
      {"cube", ParamType::integer, "base network, a hypercube of this dimension (or give --base)", "", false, {}}};
  for (auto& p : levels_param("number of dual-constructions k")) params.push_back(p);
  return {.name = "rdn",
          .summary = "recursive dual-net RDN(m,k): HDN with every super-node a single node",
          .source = "HDN §2 (RDN as the special case s_i = 1)",
          .params = params,
          .example = {{"cube", "2"}, {"levels", "1"}},
          .describe = [](const Params& p) { return describe_hdn(rdn_shape(p)); },
          .build = [](const Params& p) { return build_hdn(rdn_shape(p)); },
          .routings = {"hdn"}};
}

Family family_dualcube() {
  return {
      .name = "dualcube",
      .summary = "dual-cube DC(n): RDN over an (n-1)-cube with one dual-construction, 2^(2n-1) nodes, degree n",
      .source = "HDN §3, Table 2 (Dual-Cube as RDN with k = 1)",
      .params = {{"dim", ParamType::integer, "n: the base is an (n-1)-cube; 2^(2n-1) nodes of degree n", "", true, {}}},
      .example = {{"dim", "3"}},
      .describe = [](const Params& p) { return describe_hdn(dualcube_shape(p)); },
      .build = [](const Params& p) { return build_hdn(dualcube_shape(p)); },
      .routings = {"hdn"}};
}

}  // namespace topo::gen
