// Traffic pattern group-shift: every node to a random node of the next group, BookSim2's bad_dragon
// generalised to any graph whose nodes carry coordinates: a group is the set of nodes sharing every
// coordinate but the last (a dragonfly's group, a Slim Fly's (s, x) column), groups in coordinate order.
// Over terminals, a random terminal of the next group for every packet, groups without terminals skipped.
#include <fmt/format.h>

#include <map>

#include "route_internal.hpp"
#include "terminal_traffic_internal.hpp"
#include "topo/errors.hpp"
#include "topo/route/traffic.hpp"

namespace topo::route {

namespace {

/// The group of every node, numbered in coordinate order.
std::vector<std::uint32_t> group_of_nodes(const Graph& g) {
  const auto c = family_coords(g, "--traffic group-shift");
  if (c.dims < 2)
    throw InputError("--traffic group-shift needs node coordinates of two or more dimensions (dragonfly, slimfly)");
  std::map<std::vector<std::int32_t>, std::uint32_t> id;
  for (node_id v = 0; v < g.num_nodes(); ++v)
    id.emplace(std::vector<std::int32_t>(c.of(v).begin(), c.of(v).end() - 1), 0);
  std::uint32_t next = 0;
  for (auto& [k, i] : id) i = next++;
  std::vector<std::uint32_t> group(g.num_nodes());
  for (node_id v = 0; v < g.num_nodes(); ++v)
    group[v] = id.at(std::vector<std::int32_t>(c.of(v).begin(), c.of(v).end() - 1));
  return group;
}

/// Members listed group by group; InputError unless there are two groups or more.
template <class Member>
std::vector<std::vector<Member>> require_groups(std::vector<std::vector<Member>> groups, std::string_view what) {
  std::erase_if(groups, [](const auto& m) { return m.empty(); });
  if (groups.size() < 2) throw InputError(fmt::format("--traffic group-shift: the {} are in a single group", what));
  return groups;
}

class NextGroup final : public TerminalDestinations {
 public:
  NextGroup(std::vector<std::vector<std::uint64_t>> groups, std::vector<std::uint32_t> group_of)
      : groups_(std::move(groups)), group_of_(std::move(group_of)) {}
  std::uint64_t pick(std::uint64_t s, Rng& rng) const override {
    const auto& to = groups_[(group_of_[s] + 1) % groups_.size()];
    return to[rng.below(to.size())];
  }
  std::vector<std::uint64_t> fixed(std::uint64_t s) const override {
    return groups_[(group_of_[s] + 1) % groups_.size()];
  }

 private:
  std::vector<std::vector<std::uint64_t>> groups_;
  std::vector<std::uint32_t> group_of_;
};

}  // namespace

TrafficPattern traffic_group_shift() {
  return {.name = "group-shift",
          .help =
              "one message per node to a random node of the next group (seeded; BookSim2's bad_dragon; groups "
              "from the node coordinates without the last)",
          .pairs =
              [](const Graph& g, const TrafficOptions& o) {
                const auto group = group_of_nodes(g);
                std::vector<std::vector<node_id>> members;
                for (node_id v = 0; v < g.num_nodes(); ++v) {
                  if (group[v] >= members.size()) members.resize(group[v] + 1);
                  members[group[v]].push_back(v);
                }
                members = require_groups(std::move(members), "nodes");
                Rng rng(o.seed);
                std::vector<Pair> out;
                for (node_id s = 0; s < g.num_nodes(); ++s) {
                  const auto& to = members[(group[s] + 1) % members.size()];
                  out.emplace_back(s, to[rng.below(to.size())]);
                }
                return out;
              },
          .terminal_help =
              "a random terminal of the next group (BookSim2's bad_dragon; groups from the node "
              "coordinates without the last)",
          .destinations =
              [](const TerminalLayout& t, const TrafficOptions&) {
                const auto group = group_of_nodes(t.graph);
                std::vector<std::vector<std::uint64_t>> terminals;
                for (node_id v = 0; v < t.graph.num_nodes(); ++v) {
                  if (group[v] >= terminals.size()) terminals.resize(group[v] + 1);
                  for (auto k = t.first[v]; k < t.first[v + 1]; ++k) terminals[group[v]].push_back(k);
                }
                terminals = require_groups(std::move(terminals), "terminals");
                std::vector<std::uint32_t> group_of(t.terminals());
                for (std::uint32_t i = 0; i < terminals.size(); ++i)
                  for (auto k : terminals[i]) group_of[k] = i;
                return std::make_unique<NextGroup>(std::move(terminals), std::move(group_of));
              }};
}

}  // namespace topo::route
