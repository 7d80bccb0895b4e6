load 'experiments/plots/common.gp'
set title 'Dissertation Fig. 3.13: internode distance distributions, 3-D iBT(L=2)'
set xlabel 'distance (hops)'
set ylabel 'fraction of ordered node pairs'
set key inside right top
plot for [i=2:*] data using 1:i with linespoints pointsize 0.6 title columnhead(i)
