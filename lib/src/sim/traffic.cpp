// Traffic patterns of the simulator: a destination terminal per packet. Bit patterns act on terminal
// ids (BookSim2's convention); tornado reuses toporoute's pattern on routers; group-shift is
// BookSim2's bad_dragon generalised to any graph whose nodes carry coordinates (a group is the set
// of nodes sharing every coordinate but the last: a dragonfly's group, a Slim Fly's (s, x) column).
#include "topo/route/traffic.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <map>
#include <numeric>

#include "sim_internal.hpp"
#include "topo/errors.hpp"

namespace topo::sim {

namespace {

std::uint64_t uniform_below(std::uint64_t n, Rng& rng) {
  return std::uniform_int_distribution<std::uint64_t>(0, n - 1)(rng);
}

/// A fixed map from source terminal to destination terminal.
class Fixed final : public Destinations {
 public:
  explicit Fixed(std::vector<std::uint64_t> to) : to_(std::move(to)) {}
  std::uint64_t pick(std::uint64_t s, Rng&) const override { return to_[s]; }
  std::vector<std::uint64_t> fixed(std::uint64_t s) const override { return {to_[s]}; }

 private:
  std::vector<std::uint64_t> to_;
};

/// A random choice among a per-source list.
class Among final : public Destinations {
 public:
  explicit Among(std::vector<std::vector<std::uint64_t>> to) : to_(std::move(to)) {}
  std::uint64_t pick(std::uint64_t s, Rng& rng) const override { return to_[s][uniform_below(to_[s].size(), rng)]; }
  std::vector<std::uint64_t> fixed(std::uint64_t s) const override { return to_[s]; }

 private:
  std::vector<std::vector<std::uint64_t>> to_;
};

class Uniform final : public Destinations {
 public:
  explicit Uniform(std::uint64_t n) : n_(n) {}
  // BookSim2's uniform: any terminal, the source included.
  std::uint64_t pick(std::uint64_t, Rng& rng) const override { return uniform_below(n_, rng); }
  std::vector<std::uint64_t> fixed(std::uint64_t) const override { return {}; }

 private:
  std::uint64_t n_;
};

class GroupShift final : public Destinations {
 public:
  GroupShift(std::vector<std::vector<std::uint64_t>> groups, std::vector<std::uint32_t> group_of)
      : groups_(std::move(groups)), group_of_(std::move(group_of)) {}
  std::uint64_t pick(std::uint64_t s, Rng& rng) const override {
    const auto& to = groups_[(group_of_[s] + 1) % groups_.size()];
    return to[uniform_below(to.size(), rng)];
  }
  std::vector<std::uint64_t> fixed(std::uint64_t s) const override {
    return groups_[(group_of_[s] + 1) % groups_.size()];
  }

 private:
  std::vector<std::vector<std::uint64_t>> groups_;
  std::vector<std::uint32_t> group_of_;
};

unsigned address_bits(std::uint64_t n, std::string_view pattern) {
  if (n < 2 || !std::has_single_bit(n))
    throw InputError(fmt::format("--traffic {} needs a power-of-two number of terminals, got {}", pattern, n));
  return unsigned(std::countr_zero(n));
}

/// Patterns that map routers onto routers send terminal k of s to terminal k of t: both need terminals.
void same_terminals(const Network& n, std::string_view pattern, node_id s, node_id t) {
  if (n.terms(s) != n.terms(t))
    throw InputError(
        fmt::format("--traffic {} maps router {} onto router {}, which carry {} and {} terminals: it needs the "
                    "same terminals on every router",
                    pattern, s, t, n.terms(s), n.terms(t)));
}

using Factory = std::function<std::unique_ptr<Destinations>(const Network&, const SimOptions&)>;
struct Pattern {
  const char* name;
  const char* help;
  Factory make;
};

std::unique_ptr<Destinations> bit_map(const Network& n, std::string_view name,
                                      const std::function<std::uint64_t(std::uint64_t, unsigned)>& f) {
  const unsigned b = address_bits(n.terminals(), name);
  std::vector<std::uint64_t> to(n.terminals());
  for (std::uint64_t s = 0; s < to.size(); ++s) to[s] = f(s, b);
  return std::make_unique<Fixed>(std::move(to));
}

// One line per pattern.
const std::vector<Pattern>& patterns() {
  static const std::vector<Pattern> list = {
      {"uniform", "a uniformly random terminal for every packet (the source included, as in BookSim2)",
       [](const Network& n, const SimOptions&) { return std::make_unique<Uniform>(n.terminals()); }},
      {"permutation", "a random permutation of the terminals, fixed by --seed",
       [](const Network& n, const SimOptions& o) {
         std::vector<std::uint64_t> pi(n.terminals());
         std::iota(pi.begin(), pi.end(), 0);
         Rng rng(o.seed);
         for (std::uint64_t i = pi.size(); i > 1; --i) std::swap(pi[i - 1], pi[uniform_below(i, rng)]);
         return std::make_unique<Fixed>(std::move(pi));
       }},
      {"transpose", "swap the two halves of the terminal address (4^h terminals)",
       [](const Network& n, const SimOptions&) {
         if (address_bits(n.terminals(), "transpose") % 2)
           throw InputError(fmt::format("--traffic transpose needs 4^h terminals, got {}", n.terminals()));
         return bit_map(n, "transpose", [](std::uint64_t s, unsigned b) {
           const unsigned h = b / 2;
           return ((s & ((std::uint64_t{1} << h) - 1)) << h) | (s >> h);
         });
       }},
      {"bit-complement", "complement every bit of the terminal address",
       [](const Network& n, const SimOptions&) {
         return bit_map(n, "bit-complement",
                        [](std::uint64_t s, unsigned b) { return ~s & ((std::uint64_t{1} << b) - 1); });
       }},
      {"bit-reverse", "reverse the bits of the terminal address",
       [](const Network& n, const SimOptions&) {
         return bit_map(n, "bit-reverse", [](std::uint64_t s, unsigned b) {
           std::uint64_t t = 0;
           for (unsigned i = 0; i < b; ++i) t |= ((s >> i) & 1) << (b - 1 - i);
           return t;
         });
       }},
      {"shuffle", "rotate the terminal address left by one bit",
       [](const Network& n, const SimOptions&) {
         return bit_map(n, "shuffle", [](std::uint64_t s, unsigned b) {
           return ((s << 1) | (s >> (b - 1))) & ((std::uint64_t{1} << b) - 1);
         });
       }},
      {"tornado", "toporoute's tornado on routers (x + ceil(k/2) - 1 per dimension on tori and meshes)",
       [](const Network& n, const SimOptions&) {
         std::vector<std::uint64_t> to(n.terminals());
         std::iota(to.begin(), to.end(), 0);
         for (const auto& [s, t] : route::traffic_pairs(*n.g, "tornado")) {
           same_terminals(n, "tornado", s, t);
           for (std::uint32_t k = 0; k < n.terms(s); ++k) to[n.term_off[s] + k] = n.term_off[t] + k;
         }
         return std::make_unique<Fixed>(std::move(to));
       }},
      {"hotspot", "every terminal sends to terminal --hotspot",
       [](const Network& n, const SimOptions& o) {
         if (o.hotspot >= n.terminals())
           throw InputError(fmt::format("--hotspot {}: the network has {} terminals", o.hotspot, n.terminals()));
         return std::make_unique<Fixed>(std::vector<std::uint64_t>(n.terminals(), o.hotspot));
       }},
      {"neighbor", "the same terminal of a random neighbouring router",
       [](const Network& n, const SimOptions&) {
         std::vector<std::vector<std::uint64_t>> to(n.terminals());
         for (node_id v = 0; v < n.routers; ++v) {
           std::vector<node_id> nb(n.g->out_neighbors(v).begin(), n.g->out_neighbors(v).end());
           std::sort(nb.begin(), nb.end());
           nb.erase(std::unique(nb.begin(), nb.end()), nb.end());
           nb.erase(std::remove(nb.begin(), nb.end(), v), nb.end());
           if (nb.empty()) throw InputError(fmt::format("--traffic neighbor: node {} has no neighbour", v));
           for (auto w : nb) {
             same_terminals(n, "neighbor", v, w);
             for (std::uint32_t k = 0; k < n.terms(v); ++k) to[n.term_off[v] + k].push_back(n.term_off[w] + k);
           }
         }
         return std::make_unique<Among>(std::move(to));
       }},
      {"group-shift",
       "a random terminal of the next group (BookSim2's bad_dragon; groups from the node coordinates "
       "without the last)",
       [](const Network& n, const SimOptions&) {
         const auto& g = *n.g;
         if (g.coord_dims() < 2)
           throw InputError(
               "--traffic group-shift needs node coordinates of two or more dimensions (dragonfly, slimfly; "
               "a JSON graph or a descriptor)");
         std::map<std::vector<std::int32_t>, std::uint32_t> id;
         std::vector<std::uint32_t> router_group(n.routers);
         for (node_id v = 0; v < n.routers; ++v) {
           const auto c = g.coords(v);
           router_group[v] = id.emplace(std::vector<std::int32_t>(c.begin(), c.end() - 1), 0).first->second;
         }
         std::uint32_t next = 0;
         for (auto& [k, v] : id) v = next++;  // groups in coordinate order
         for (node_id v = 0; v < n.routers; ++v) {
           const auto c = g.coords(v);
           router_group[v] = id.at(std::vector<std::int32_t>(c.begin(), c.end() - 1));
         }
         std::vector<std::vector<std::uint64_t>> groups(id.size());
         for (node_id v = 0; v < n.routers; ++v)
           for (auto t = n.term_off[v]; t < n.term_off[v + 1]; ++t) groups[router_group[v]].push_back(t);
         std::erase_if(groups, [](const auto& to) { return to.empty(); });  // groups without terminals
         if (groups.size() < 2) throw InputError("--traffic group-shift: the terminals are in a single group");
         std::vector<std::uint32_t> group_of(n.terminals());
         for (std::uint32_t i = 0; i < groups.size(); ++i)
           for (auto t : groups[i]) group_of[t] = i;
         return std::make_unique<GroupShift>(std::move(groups), std::move(group_of));
       }},
  };
  return list;
}

}  // namespace

const std::vector<std::string>& sim_traffic_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& p : patterns()) v.emplace_back(p.name);
    return v;
  }();
  return names;
}

std::string sim_traffic_help() {
  std::string s;
  for (const auto& p : patterns()) s += fmt::format("{}{}: {}", s.empty() ? "" : "; ", p.name, p.help);
  return s;
}

std::unique_ptr<Destinations> make_destinations(const Network& n, const SimOptions& o) {
  for (const auto& p : patterns())
    if (o.traffic == p.name) return p.make(n, o);
  throw UsageError(fmt::format("unknown traffic pattern \"{}\" ({})", o.traffic, fmt::join(sim_traffic_names(), ", ")));
}

}  // namespace topo::sim
