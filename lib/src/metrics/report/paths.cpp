// Path diversity (topostat --paths): the number of shortest paths σ of every ordered pair and the number of
// edge-disjoint paths λ of every unordered pair (or of a sample), as histograms with their mean, min and max.
#include <fmt/ranges.h>

#include "section.hpp"

namespace topo::metrics::report {

namespace {

/// Values the text lists on the histogram's row before it refers to --json and --csv.
constexpr std::size_t text_bins = 12;

std::string sigma_method(const ShortestPathCounts& s) {
  if (s.method == "orbits")
    return fmt::format("BFS path counts from one node per class, {} (exact)", plural(s.sources, "class", "classes"));
  if (s.method == "endpoints") return "BFS path counts from every endpoint (exact)";
  return "BFS path counts from every node (exact)";
}

/// A path count as the text shows it: whole below 2^53, else (rounded) in scientific notation; a mean with 4
/// decimals below 10^6.
std::string count_text(double x) {
  return x < exact_path_count_limit ? fmt::format("{}", std::uint64_t(x)) : fmt::format("{:.4e}", x);
}
std::string mean_text(double x) {
  return x < 1e6 ? fmt::format("{:.4f}", x) : fmt::format("{:.4e}", x);
}

std::string lambda_method(const EdgeDisjointPaths& e) {
  return e.exact ? fmt::format("Gomory–Hu tree (Gusfield), {} max flows (exact, every pair)", e.max_flows)
                 : fmt::format("max flow on {} random pairs (sampled: an estimate)", e.max_flows);
}

std::string histogram_text(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& h, std::uint64_t above) {
  std::vector<std::string> cells;
  for (std::size_t i = 0; i < h.size() && i < text_bins; ++i)
    cells.push_back(fmt::format("{}: {}", h[i].first, h[i].second));
  std::string s = fmt::format("{}", fmt::join(cells, ", "));
  if (h.size() > text_bins) s += fmt::format(", ... ({} more values in --json and --csv)", h.size() - text_bins);
  if (above) s += fmt::format(", 2^53 or more: {}", above);
  return s;
}

nlohmann::json histogram_json(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& h) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& [value, pairs] : h) j.push_back({value, pairs});
  return j;
}

std::string greedy_method(const GreedyDisjointPaths& d) {
  return fmt::format("EvalNet's greedy search on {} (a lower bound per pair)",
                     d.every_pair ? fmt::format("every pair ({})", d.pairs) : fmt::format("{} random pairs", d.pairs));
}

/// The pairs that have a k-th greedy path, and the mean of its length.
std::pair<std::uint64_t, double> pairs_and_mean(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& h) {
  std::uint64_t pairs = 0;
  double sum = 0;
  for (const auto& [length, n] : h) {
    pairs += n;
    sum += double(length) * double(n);
  }
  return {pairs, pairs ? sum / double(pairs) : 0};
}

void greedy_json(const GreedyDisjointPaths& d, nlohmann::json& j) {
  nlohmann::json by_k = nlohmann::json::array();
  for (std::size_t k = 0; k < d.by_k.size(); ++k) {
    const auto [pairs, mean] = pairs_and_mean(d.by_k[k]);
    by_k.push_back({{"k", k + 1},
                    {"unordered_pairs", pairs},
                    {"mean_length", mean},
                    {"length_histogram", histogram_json(d.by_k[k])}});
  }
  j["greedy_edge_disjoint_paths"] = {{"method", "greedy"},
                                     {"exact", false},
                                     {"sample", d.every_pair ? "every pair" : "random pairs"},
                                     {"unordered_pairs", d.pairs},
                                     {"by_k", by_k}};
  nlohmann::json by_length = nlohmann::json::array();
  for (std::size_t l = 0; l < d.interference.size(); ++l)
    by_length.push_back({{"length", l + 1}, {"mean", d.interference[l]}});
  j["interference"] = {{"method", "greedy"},
                       {"quadruples", d.quadruples},
                       {"by_length", by_length},
                       {"interfering_fraction", d.interfering_fraction}};
}

void greedy_text(const GreedyDisjointPaths& d, TextTable& t) {
  t.row("greedy disjoint by", greedy_method(d));
  for (std::size_t k = 0; k < d.by_k.size() && k < text_bins; ++k) {
    const auto [pairs, mean] = pairs_and_mean(d.by_k[k]);
    t.row(fmt::format("greedy path {}: length", k + 1),
          fmt::format("mean {:.4f} over {} pairs ({})", mean, pairs, histogram_text(d.by_k[k], 0)));
  }
  if (d.by_k.size() > text_bins)
    t.row("greedy paths", fmt::format("... ({} more in --json and --csv)", d.by_k.size() - text_bins));
  if (!d.quadruples) return;
  std::vector<std::string> cells;
  for (std::size_t l = 0; l < d.interference.size() && l < text_bins; ++l)
    cells.push_back(fmt::format("{}: {:.4f}", l + 1, d.interference[l]));
  if (d.interference.size() > text_bins) cells.emplace_back("...");
  t.row("interference by length",
        fmt::format("{}  (mean over {} random quadruples)", fmt::join(cells, ", "), d.quadruples));
  t.row("interfering quadruples", fmt::format("{:.4f} of them", d.interfering_fraction));
}

void greedy_csv(const GreedyDisjointPaths& d, CsvRows& t) {
  const std::string note = d.every_pair ? "greedy, every pair" : "greedy, sampled pairs";
  t.num("paths", "greedy_pairs", d.pairs, note);
  for (std::size_t k = 0; k < d.by_k.size(); ++k) {
    const auto [pairs, mean] = pairs_and_mean(d.by_k[k]);
    t.num("paths", fmt::format("greedy_path_{}_mean_length", k + 1), mean, note);
    for (const auto& [length, n] : d.by_k[k])
      t.num("paths", fmt::format("greedy_path_{}_length={}", k + 1, length), n, "pairs");
  }
  t.num("paths", "interference_quadruples", d.quadruples, "sampled");
  for (std::size_t l = 0; l < d.interference.size(); ++l)
    t.num("paths", fmt::format("interference_length={}", l + 1), d.interference[l], "mean over the quadruples");
  t.num("paths", "interfering_fraction", d.interfering_fraction, "of the quadruples");
}

void json(const View& v, nlohmann::json& j) {
  if (!v.r.paths) return;
  const auto& p = *v.r.paths;
  const auto& s = p.shortest;
  j["paths"]["shortest_paths"] = {{"method", s.method},
                                  {"exact", true},
                                  {"sources", s.sources},
                                  {"ordered_pairs", s.pairs},
                                  {"histogram", histogram_json(s.histogram)},
                                  {"pairs_at_least_2^53", s.pairs_above_limit},
                                  {"mean", s.mean},
                                  {"min", s.min},
                                  {"max", s.max},
                                  {"single_path_fraction", s.single_fraction}};
  if (p.disjoint) {
    const auto& e = *p.disjoint;
    j["paths"]["edge_disjoint_paths"] = {{"method", e.exact ? "gomory-hu" : "sample"},
                                         {"exact", e.exact},
                                         {"max_flows", e.max_flows},
                                         {"unordered_pairs", e.pairs},
                                         {"histogram", histogram_json(e.histogram)},
                                         {"mean", e.mean},
                                         {"min", e.min},
                                         {"max", e.max}};
    if (!e.exact) j["paths"]["edge_disjoint_paths"]["mean_ci95"] = e.mean_ci95;
    if (p.greedy) greedy_json(*p.greedy, j["paths"]);
  } else {
    j["paths"]["edge_disjoint_paths"] = {{"skipped", p.disjoint_skipped}};
  }
}

void text(const View& v, TextTable& t) {
  if (!v.r.paths) return;
  const auto& p = *v.r.paths;
  const auto& s = p.shortest;
  t.heading("Path diversity");
  t.row("shortest paths by", sigma_method(s));
  t.row("shortest paths σ", fmt::format("mean {}  min {}  max {}  (ordered pairs of distinct {})", mean_text(s.mean),
                                        count_text(s.min), count_text(s.max), v.f.indirect ? "endpoints" : "nodes"));
  t.row("single shortest path", fmt::format("{:.4f} of the pairs", s.single_fraction));
  t.row("σ: pairs", histogram_text(s.histogram, s.pairs_above_limit));
  if (!p.disjoint) {
    t.row("edge-disjoint paths", "not computed: " + p.disjoint_skipped);
    return;
  }
  const auto& e = *p.disjoint;
  t.row("edge-disjoint by", lambda_method(e));
  t.row("edge-disjoint paths λ",
        e.exact ? fmt::format("mean {:.4f}  min {}  max {}  (min: the edge connectivity{})", e.mean, e.min, e.max,
                              v.f.indirect ? " between endpoints" : "")
                : fmt::format("mean {:.4f} ± {:.4f}  min {}  max {}  (95% CI; over {} sampled pairs)", e.mean,
                              e.mean_ci95, e.min, e.max, e.pairs));
  t.row("λ: pairs", histogram_text(e.histogram, 0));
  if (p.greedy) greedy_text(*p.greedy, t);
}

void csv(const View& v, CsvRows& t) {
  if (!v.r.paths) return;
  const auto& p = *v.r.paths;
  const auto& s = p.shortest;
  t.row("paths", "shortest_paths_method", s.method, "exact");
  t.num("paths", "shortest_paths_sources", s.sources);
  t.num("paths", "shortest_paths_pairs", s.pairs, "ordered pairs");
  t.num("paths", "shortest_paths_mean", s.mean);
  t.num("paths", "shortest_paths_min", s.min);
  t.num("paths", "shortest_paths_max", s.max);
  t.num("paths", "single_shortest_path_fraction", s.single_fraction);
  for (const auto& [sigma, pairs] : s.histogram)
    t.num("paths", fmt::format("shortest_paths={}", sigma), pairs, "ordered pairs");
  if (s.pairs_above_limit) t.num("paths", "shortest_paths>=2^53", s.pairs_above_limit, "ordered pairs");
  if (!p.disjoint) {
    t.row("paths", "edge_disjoint_method", "none", p.disjoint_skipped);
    return;
  }
  const auto& e = *p.disjoint;
  const std::string note = e.exact ? "exact" : "sampled";
  t.row("paths", "edge_disjoint_method", e.exact ? "gomory-hu" : "sample", note);
  t.num("paths", "edge_disjoint_max_flows", e.max_flows);
  t.num("paths", "edge_disjoint_pairs", e.pairs, e.exact ? "unordered pairs" : "sampled unordered pairs");
  t.num("paths", "edge_disjoint_mean", e.mean,
        e.exact ? note : fmt::format("sampled; 95% CI half-width {}", e.mean_ci95));
  t.num("paths", "edge_disjoint_min", e.min, e.exact ? "exact: the edge connectivity" : "sampled: an upper bound");
  t.num("paths", "edge_disjoint_max", e.max, note);
  for (const auto& [lambda, pairs] : e.histogram)
    t.num("paths", fmt::format("edge_disjoint={}", lambda), pairs, e.exact ? "unordered pairs" : "sampled pairs");
  if (p.greedy) greedy_csv(*p.greedy, t);
}

}  // namespace

Section section_paths() {
  return {"paths", json, text, csv};
}

}  // namespace topo::metrics::report
