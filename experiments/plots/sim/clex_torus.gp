load 'experiments/plots/common.gp'
set title 'CLEX C(1/4,4) against the torus of the same size, by simulation (toposim run --messages M)'
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
