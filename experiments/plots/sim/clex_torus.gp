load 'experiments/plots/common.gp'
# The size that ran is in the data's first line, "# CLEX against the torus by simulation, K^4 nodes; ..."
# (experiments/simulate.py clex-torus: the paper's 32 if it fits in memory, else the largest that does).
k = int(system("sed -n '1s/.*by simulation, \\([0-9]*\\)^4 nodes.*/\\1/p' '".data."'"))
set title sprintf('CLEX C(1/4,4) against the torus %d^4 (%d nodes%s), by simulation (toposim run --messages M)', \
  k, k**4, k == 32 ? ', the paper''s size' : '; the paper: 32^4')
set ylabel 'factor (torus / CLEX)'
set xtics ('M = 28' 0, 'M = 4' 1)
set xrange [-0.5:1.5]
set yrange [0:*]
set style data linespoints
plot data index 0 using 1:2 pointsize 1.5 title columnhead(1), \
     data index 1 using 1:2 pointsize 1.5 title columnhead(1), \
     data index 2 using 1:2 pointsize 1.5 title columnhead(1), \
     data index 3 using 1:2 with lines dashtype 2 linewidth 2 title columnhead(1), \
     data index 4 using 1:2 with lines dashtype 3 linewidth 2 title columnhead(1)
