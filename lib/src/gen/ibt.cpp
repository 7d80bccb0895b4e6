// iBT, the interlaced bypass torus (dissertation §3.1.1, doc/definitions.md §3.2), and the exhaustive search of
// feasible configurations near a target size (dissertation §3.1.3).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>
#include <string>

#include "gen/size_internal.hpp"
#include "topo/errors.hpp"
#include "topo/gen/description.hpp"
#include "topo/gen/families.hpp"
#include "topo/gen/ibt_search.hpp"
#include "topo/gen/registry.hpp"

namespace topo::gen {

namespace {

struct Ibt {
  std::vector<std::int64_t> dims;
  std::int64_t m = 0;  // number of bypass dimensions (the first m)
  std::vector<std::int64_t> lengths;
  std::uint64_t nodes = 0;
  std::int64_t mk() const { return m * std::int64_t(lengths.size()); }
};

// Every constraint of doc/definitions.md §3.2, each failing with one line that names it.
void check_ibt(const Ibt& c) {
  const auto n = std::int64_t(c.dims.size());
  if (n < 1) throw InputError("--dims: at least one dimension is needed");
  if (n >= no_value8) throw InputError(fmt::format("--dims: at most {} dimensions", no_value8 - 1));
  if (c.m < 1 || c.m > n)
    throw InputError(
        fmt::format("--bypass-dims: m must be between 1 and the number of dimensions n = {}, got {}", n, c.m));
  for (std::size_t i = 0; i < c.dims.size(); ++i)
    if (c.dims[i] <= 4)  // dissertation §3.1.1, constraint 1
      throw InputError(
          fmt::format("--dims: every size must be greater than 4 (N_i > 4), got {} in dimension {}", c.dims[i], i + 1));
  if (c.lengths.empty()) throw InputError("--lengths: at least one bypass length is needed");
  const auto mk = c.mk();
  for (std::size_t i = 0; i < c.lengths.size(); ++i) {
    const auto l = c.lengths[i];
    if (l < 2) throw InputError(fmt::format("--lengths: every length must be at least 2, got {}", l));
    if (i > 0 && l <= c.lengths[i - 1])
      throw InputError(fmt::format("--lengths: lengths must be strictly increasing (l1 < l2 < ...), got {}",
                                   fmt::join(c.lengths, ",")));
    // Constraint 4b: both ends of a bypass link have the same species.
    if (l % mk != 0)
      throw InputError(fmt::format("--lengths: every length must be a multiple of m*k = {}, got {}", mk, l));
  }
  for (std::int64_t d = 0; d < c.m; ++d) {
    const auto nd = c.dims[std::size_t(d)];
    // Constraint 4d: species repeat evenly around every bypass ring.
    if (nd % mk != 0)
      throw InputError(
          fmt::format("--dims: every bypass dimension's size must be a multiple of m*k = {}, got {} in "
                      "dimension {}",
                      mk, nd, d + 1));
    // Constraint 2 as doc/definitions.md §3.2 states it (l_k <= N_d/2; the paper's strict "< min N_i / 2" is
    // contradicted by its own Table 2, which uses l = 32 on 64x64x8).
    if (2 * c.lengths.back() > nd)
      throw InputError(
          fmt::format("--lengths: every length must be at most half of every bypass dimension "
                      "(l_k <= N_d/2), got {} > {}/2 in dimension {}",
                      c.lengths.back(), nd, d + 1));
  }
}

Ibt read_ibt(const Params& p) {
  if (has(p, "search")) throw InputError("--search lists configurations; it does not describe or build one");
  if (has(p, "ndims")) throw UsageError("--ndims: only used with --search");
  if (has(p, "num_lengths")) throw UsageError("--num-lengths: only used with --search");
  if (!has(p, "dims")) throw UsageError("ibt: missing required parameter --dims (or give --search)");
  if (!has(p, "bypass_dims")) throw UsageError("ibt: missing required parameter --bypass-dims (or give --search)");
  if (!has(p, "lengths")) throw UsageError("ibt: missing required parameter --lengths (or give --search)");
  Ibt c;
  c.dims = get_ints(p, "dims");
  c.m = get_int(p, "bypass_dims");
  c.lengths = get_ints(p, "lengths");
  check_ibt(c);
  detail::Count n;
  for (auto k : c.dims) n *= std::uint64_t(k);
  if (n.above(topo::max_nodes)) throw detail::too_many_nodes(fmt::format("--dims {}:", fmt::join(c.dims, "x")), n);
  c.nodes = n.value();
  return c;
}

Description describe_ibt(const Ibt& c) {
  Description d;
  d.nodes = c.nodes;
  const auto n = c.dims.size();
  // 2n torus links and 2 bypass link ends per node (a length of N_d/2 is one link of multiplicity 2).
  d.links = c.nodes * (n + 1);
  d.degree_min = d.degree_max = 2 * n + 2;
  d.formulas["species"] = c.mk();
  d.formulas["translation_classes"] = c.mk();
  return d;
}

Graph build_ibt(const Ibt& c) {
  const auto n = static_cast<unsigned>(c.dims.size());
  GraphBuilder b(c.nodes, false);
  const auto torus = b.class_id("torus"), bypass = b.class_id("bypass");
  b.set_coord_dims(n);
  b.reserve_links(static_cast<std::size_t>(c.nodes * (n + 1)));
  std::vector<std::uint64_t> stride(n, 1);
  for (unsigned i = 1; i < n; ++i) stride[i] = stride[i - 1] * std::uint64_t(c.dims[i - 1]);
  const auto m = c.m, mk = c.mk();
  std::vector<std::int32_t> x(n, 0);
  auto shifted = [&](std::uint64_t v, unsigned i, std::int64_t by) {  // v + by*e_i (mod N_i)
    const auto k = c.dims[i];
    const auto to = (x[i] + by) % k;
    return static_cast<node_id>(v + stride[i] * std::uint64_t(to) - stride[i] * std::uint64_t(x[i]));
  };
  for (std::uint64_t v = 0; v < c.nodes; ++v) {
    const auto id = static_cast<node_id>(v);
    b.set_coords(id, x);
    for (unsigned i = 0; i < n; ++i) {
      LinkAttrs a;
      a.cls = torus;
      a.dim = static_cast<std::uint8_t>(i);
      b.add_link(id, shifted(v, i, 1), a);
    }
    // Dissertation §3.1.1: d(p) = (S mod m) + 1, h = floor((S mod mk) / m) + 1, S = x_1 + ... + x_m.
    std::int64_t s = 0;
    for (std::int64_t i = 0; i < m; ++i) s += x[std::size_t(i)];
    const auto r = s % mk;
    const auto dim = static_cast<unsigned>(r % m);
    const auto h = r / m;
    const auto l = c.lengths[std::size_t(h)];
    LinkAttrs a;
    a.cls = bypass;
    a.dim = static_cast<std::uint8_t>(dim);
    a.level = static_cast<std::uint8_t>(h + 1);
    // Each node adds its +l link; its -l link is the +l link of p - l*e_d, which has the same species
    // because l and N_d are multiples of mk. At l = N_d/2 both coincide: one link of multiplicity 2.
    if (2 * l == c.dims[dim]) {
      if (x[dim] < l) {
        a.multiplicity = 2;
        b.add_link(id, shifted(v, dim, l), a);
      }
    } else {
      b.add_link(id, shifted(v, dim, l), a);
    }
    for (unsigned i = 0; i < n; ++i) {  // next coordinate, first dimension fastest
      if (++x[i] < c.dims[i]) break;
      x[i] = 0;
    }
  }
  return b.finish(Duplicates::reject);
}

// The translations t with t_1 + ... + t_m = 0 (mod mk) map species onto themselves (every bypass size
// is a multiple of mk, so S(p + t) = S(p) + sum t_i (mod mk)), hence are automorphisms. They act
// transitively on each set {p : S(p) mod mk = r}: those mk sets are the translation classes, each of
// N/(mk) nodes, and node r (x_1 = r, the rest 0) represents class r.
NodeClasses ibt_classes(const Ibt& c) {
  NodeClasses nc;
  const auto mk = c.mk();
  for (std::int64_t r = 0; r < mk; ++r) {
    nc.representative.push_back(static_cast<node_id>(r));  // (r, 0, ..., 0): S = r
    nc.size.push_back(c.nodes / std::uint64_t(mk));
  }
  // class = S mod mk, S = x1 + ... + xm, walking the coordinates with the first dimension fastest.
  nc.class_of.resize(c.nodes);
  std::vector<std::int64_t> x(c.dims.size(), 0);
  std::int64_t s = 0;
  for (std::uint64_t v = 0; v < c.nodes; ++v) {
    nc.class_of[v] = static_cast<std::uint32_t>(s % mk);
    for (std::size_t i = 0; i < x.size(); ++i) {
      const bool bypass = std::int64_t(i) < c.m;
      if (++x[i] < c.dims[i]) {
        if (bypass) ++s;
        break;
      }
      if (bypass) s -= c.dims[i] - 1;
      x[i] = 0;
    }
  }
  return nc;
}

// Non-decreasing sequences of `count` values from {start, start + step, ...} whose product lies in
// [lo, hi]; calls f(sequence, product) for each. The last value is taken straight from the range the
// bounds leave, so that a wide band with few solutions costs no long empty loop.
template <class F>
void products(std::uint64_t start, std::uint64_t step, unsigned count, std::uint64_t lo, std::uint64_t hi, F&& f) {
  std::vector<std::int64_t> seq;
  auto rec = [&](auto&& self, std::uint64_t from, std::uint64_t prod) -> void {
    const auto rest = count - seq.size();
    if (rest == 0) {
      if (prod >= lo && prod <= hi) f(seq, prod);
      return;
    }
    if (rest == 1) {
      auto first = std::max(from, (lo + prod - 1) / prod);
      first = start + (first > start ? (first - start + step - 1) / step * step : 0);
      for (std::uint64_t v = first; v <= hi / prod; v += step) {
        seq.push_back(std::int64_t(v));
        f(seq, prod * v);
        seq.pop_back();
      }
      return;
    }
    for (std::uint64_t v = from;; v += step) {
      // The remaining factors are at least v each.
      std::uint64_t least = prod;
      bool over = false;
      for (std::size_t j = 0; j < rest && !over; ++j) {
        least *= v;
        over = least > hi;
      }
      if (over) break;
      seq.push_back(std::int64_t(v));
      self(self, v, prod * v);
      seq.pop_back();
    }
  };
  rec(rec, start, 1);
}

// Distinct orderings of a multiset of sizes.
std::uint64_t orderings(const std::vector<std::int64_t>& v) {
  std::uint64_t r = 1;
  std::size_t seen = 0, run = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    run = (i > 0 && v[i] == v[i - 1]) ? run + 1 : 1;
    ++seen;
    r = r * seen / run;  // multinomial, built up one element at a time (exact at every step)
  }
  return r;
}

}  // namespace

SizeBand parse_size_band(std::string_view text) {
  auto fail = [&](std::string_view why) {
    return InputError(fmt::format("--search: {} in \"{}\" (expected SIZE, SIZE±PCT% or SIZE+-PCT%)", why, text));
  };
  SizeBand b;
  const auto* first = text.data();
  const auto* last = text.data() + text.size();
  auto [p, ec] = std::from_chars(first, last, b.target);
  if (ec != std::errc{} || p == first) throw fail("expected a size");
  std::string_view rest(p, std::size_t(last - p));
  if (!rest.empty()) {
    if (rest.starts_with("\xC2\xB1"))
      rest.remove_prefix(2);  // UTF-8 '±'
    else if (rest.starts_with("+-"))
      rest.remove_prefix(2);
    else
      throw fail("expected '±' or '+-' after the size");
    if (rest.ends_with('%')) rest.remove_suffix(1);
    const std::string pct(rest);
    std::size_t used = 0;
    try {
      b.percent = std::stod(pct, &used);
    } catch (const std::exception&) {
      throw fail("expected a percentage");
    }
    if (used != pct.size() || !(b.percent >= 0) || b.percent >= 100) throw fail("expected a percentage in [0, 100)");
  }
  auto too_large = [&] { return fail(fmt::format("the size must be between 1 and {}", topo::max_nodes)); };
  if (b.target == 0 || b.target > topo::max_nodes) throw too_large();  // before converting: the band fits in 64 bits
  const double t = double(b.target), delta = t * b.percent / 100;
  b.lo = static_cast<std::uint64_t>(std::ceil(t - delta - 1e-9));
  b.hi = static_cast<std::uint64_t>(std::floor(t + delta + 1e-9));
  if (b.hi > topo::max_nodes) throw too_large();
  return b;
}

std::vector<IbtConfig> ibt_search(const IbtSearchSpec& s) {
  const unsigned n = s.ndims, m = s.bypass_dims, k = s.num_lengths;
  if (n < 1 || n > 16) throw InputError(fmt::format("--ndims: n must be between 1 and 16, got {}", n));
  if (m < 1 || m > n)
    throw InputError(
        fmt::format("--bypass-dims: m must be between 1 and the number of dimensions n = {}, got {}", n, m));
  if (k < 1 || k > 64) throw InputError(fmt::format("--num-lengths: k must be between 1 and 64, got {}", k));
  const std::int64_t mk = std::int64_t(m) * k;
  const auto hi = s.band.hi;
  // Candidate sizes: N > 4 for every dimension, a multiple of mk for bypass dimensions, and a bypass
  // dimension must hold k distinct lengths that are multiples of mk and at most N/2: N >= 2*k*mk.
  const auto least_bypass = std::max<std::uint64_t>(2 * std::uint64_t(k) * std::uint64_t(mk), 5);
  const auto bypass_start = (least_bypass + std::uint64_t(mk) - 1) / std::uint64_t(mk) * std::uint64_t(mk);
  std::vector<IbtConfig> out;
  // Without plain dimensions the bypass product itself must lie in the band.
  const std::uint64_t bypass_lo = n == m ? s.band.lo : 1;
  std::uint64_t least_plain = 1;  // 5^(n-m), capped
  for (unsigned i = m; i < n && least_plain <= hi; ++i) least_plain *= 5;
  products(bypass_start, std::uint64_t(mk), m, bypass_lo, hi / least_plain,
           [&](const std::vector<std::int64_t>& bdims, std::uint64_t bprod) {
             const std::uint64_t lo_rest = (s.band.lo + bprod - 1) / bprod, hi_rest = hi / bprod;
             if (lo_rest > hi_rest) return;  // no plain dimensions can complete this product
             // Every length is a multiple of mk and at most half of the smallest bypass dimension.
             std::vector<std::int64_t> choices;
             for (std::int64_t l = mk; 2 * l <= bdims.front(); l += mk)
               if (l >= 2) choices.push_back(l);
             if (choices.size() < k) return;
             products(5, 1, n - m, lo_rest, hi_rest, [&](const std::vector<std::int64_t>& pdims, std::uint64_t pprod) {
               // Every k-subset of the length choices, in increasing order.
               std::vector<std::size_t> idx(k);
               std::iota(idx.begin(), idx.end(), 0);
               while (true) {
                 IbtConfig c;
                 c.dims = bdims;
                 c.dims.insert(c.dims.end(), pdims.begin(), pdims.end());
                 c.bypass_dims = m;
                 for (auto i : idx) c.lengths.push_back(choices[i]);
                 c.nodes = bprod * pprod;
                 c.orders = orderings(bdims) * orderings(pdims);
                 out.push_back(std::move(c));
                 std::size_t i = k;
                 while (i > 0 && idx[i - 1] == choices.size() - k + (i - 1)) --i;
                 if (i == 0) break;
                 ++idx[i - 1];
                 for (std::size_t j = i; j < k; ++j) idx[j] = idx[j - 1] + 1;
               }
             });
           });
  std::sort(out.begin(), out.end(), [](const IbtConfig& a, const IbtConfig& b) {
    return std::tie(a.nodes, a.dims, a.lengths) < std::tie(b.nodes, b.dims, b.lengths);
  });
  return out;
}

std::string ibt_search_empty_reason(const IbtSearchSpec& s) {
  const std::uint64_t m = s.bypass_dims, k = s.num_lengths, mk = m * k;
  // The same bounds ibt_search() starts from.
  const auto least_bypass = std::max<std::uint64_t>(2 * k * mk, 5);
  const auto bypass_start = (least_bypass + mk - 1) / mk * mk;
  std::uint64_t least = 1;
  bool over = false;
  for (unsigned i = 0; i < s.ndims && !over; ++i) {
    least *= i < m ? bypass_start : 5;
    over = least > topo::max_nodes;
  }
  auto rule = fmt::format(
      "each of the {} bypass dimensions is a multiple of m*k = {} holding {} lengths that are multiples of {} and at "
      "most half its size, so at least {}",
      m, mk, k, mk, bypass_start);
  if (s.ndims > m) rule += fmt::format("; each of the {} plain dimensions is at least 5", s.ndims - m);
  if (over || least > s.band.hi)
    return fmt::format("the smallest iBT with n = {}, m = {}, k = {} has {} nodes, above {} ({})", s.ndims, m, k,
                       over ? std::string("too many") : std::to_string(least), s.band.hi, rule);
  return fmt::format("no product of dimension sizes lies in {}..{} ({})", s.band.lo, s.band.hi, rule);
}

IbtSearchSpec ibt_search_spec(const Params& p) {
  if (!has(p, "search")) throw InputError("ibt: --search is needed to list configurations");
  if (has(p, "dims")) throw UsageError("--dims: not used with --search (the search chooses the dimensions)");
  if (has(p, "lengths")) throw UsageError("--lengths: not used with --search (the search chooses the lengths)");
  IbtSearchSpec s;
  s.band = parse_size_band(get_text(p, "search"));
  auto small = [&](const char* key, const char* opt, std::int64_t fallback) {
    const auto v = has(p, key) ? get_int(p, key) : fallback;
    if (v < 1 || v > 64) throw InputError(fmt::format("--{}: must be between 1 and 64, got {}", opt, v));
    return static_cast<unsigned>(v);
  };
  s.ndims = small("ndims", "ndims", 3);
  s.bypass_dims = small("bypass_dims", "bypass-dims", s.ndims);
  s.num_lengths = small("num_lengths", "num-lengths", 2);
  return s;
}

Listing ibt_listing(const Params& p) {
  const auto s = ibt_search_spec(p);
  const auto found = ibt_search(s);
  Listing l;
  l.title = fmt::format("ibt configurations with {}..{} nodes, n = {}, L = {}, k = {}, degree {}", s.band.lo, s.band.hi,
                        s.ndims, s.bypass_dims, s.num_lengths, 2 * s.ndims + 2);
  l.columns = "nodes dims bypass-dims lengths orders";
  nlohmann::json list = nlohmann::json::array();
  for (const auto& c : found) {
    l.rows.push_back(fmt::format("{} {} {} {} {}", c.nodes, fmt::join(c.dims, "x"), c.bypass_dims,
                                 fmt::join(c.lengths, ","), c.orders));
    list.push_back({{"dims", c.dims},
                    {"bypass_dims", c.bypass_dims},
                    {"lengths", c.lengths},
                    {"nodes", c.nodes},
                    {"degree", 2 * c.dims.size() + 2},
                    {"orders", c.orders}});
  }
  l.json = nlohmann::json{{"search",
                           {{"target", s.band.target},
                            {"percent", s.band.percent},
                            {"min_nodes", s.band.lo},
                            {"max_nodes", s.band.hi},
                            {"ndims", s.ndims},
                            {"bypass_dims", s.bypass_dims},
                            {"num_lengths", s.num_lengths}}},
                          {"configurations", list}};
  if (found.empty()) {
    l.empty_reason = ibt_search_empty_reason(s);
    l.json["reason"] = l.empty_reason;
  }
  return l;
}

Family family_ibt() {
  return {
      .name = "ibt",
      .summary = "interlaced bypass torus iBT(N1x..xNn; L=m; <l1,..,lk>): a torus with 2 bypass links per node",
      .source = "dissertation §3.1.1 (definition), §3.1.3 (search), Table 2",
      .params =
          {{"dims", ParamType::dims, "sizes N1x..xNn of the base torus", "", false, {}},
           {"bypass-dims", ParamType::integer, "L = m: the first m dimensions carry bypass rings", "", false, {}},
           {"lengths", ParamType::integer_list, "bypass lengths l1 < .. < lk, multiples of m*k", "", false, {}},
           {"search",
            ParamType::text,
            "list the feasible configurations with SIZE±PCT% nodes instead of generating one",
            "",
            false,
            {}},
           {"ndims",
            ParamType::integer,
            "with --search: number of dimensions n (degree 2n+2; default 3)",
            "",
            false,
            {}},
           {"num-lengths", ParamType::integer, "with --search: number of bypass lengths k (default 2)", "", false, {}}},
      .example = {{"dims", "12x12"}, {"bypass-dims", "2"}, {"lengths", "4"}},
      .describe = [](const Params& p) { return describe_ibt(read_ibt(p)); },
      .build = [](const Params& p) { return build_ibt(read_ibt(p)); },
      .symmetry = [](const Params& p) { return ibt_classes(read_ibt(p)); },
      .routings = {"ibt"},
      .search = Search{.param = "search", .list = ibt_listing}};
}

}  // namespace topo::gen
