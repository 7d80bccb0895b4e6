// METIS graph files (output only): 1-based adjacency lists, multiplicity as edge weight.
#include <map>
#include <ostream>

#include "io_internal.hpp"
#include "topo/errors.hpp"

namespace topo::io::detail {

void write_metis(std::ostream& out, const Graph& g) {
  if (g.directed()) throw InputError("the METIS format holds undirected graphs only");
  // METIS allows neither self-loops nor repeated neighbours: merge parallel links into weights.
  std::vector<std::map<node_id, std::uint64_t>> adj(g.num_nodes());
  std::uint64_t edges = 0;
  bool weighted = false;
  for (link_id l = 0; l < g.num_links(); ++l) {
    const node_id u = g.source(l), v = g.target(l);
    if (u == v) continue;
    auto& w = adj[u][v];
    if (w == 0) ++edges;
    w += g.multiplicity(l);
    adj[v][u] = w;
    weighted = weighted || w > 1;
  }
  Sink s(out);
  s.print("{} {}{}\n", g.num_nodes(), edges, weighted ? " 001" : "");
  for (node_id v = 0; v < g.num_nodes(); ++v) {
    bool first = true;
    for (const auto& [u, w] : adj[v]) {
      if (!first) s.put(" ");
      s.print("{}", u + 1);
      if (weighted) s.print(" {}", w);
      first = false;
    }
    s.put("\n");
  }
  s.flush();
}

}  // namespace topo::io::detail
