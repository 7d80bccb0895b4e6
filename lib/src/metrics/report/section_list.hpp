// One line per section of topostat's report, in the order of the text and the CSV.
// Adding a metric is one file in lib/src/metrics/report/ defining `Section section_NAME()` and one line here.
TOPO_REPORT_SECTION(graph)
TOPO_REPORT_SECTION(size)
TOPO_REPORT_SECTION(connectivity)
TOPO_REPORT_SECTION(distances)
TOPO_REPORT_SECTION(paths)
TOPO_REPORT_SECTION(bisection)
TOPO_REPORT_SECTION(utilization)
TOPO_REPORT_SECTION(throughput)
TOPO_REPORT_SECTION(costs)
TOPO_REPORT_SECTION(formulas)
TOPO_REPORT_SECTION(lengths)
