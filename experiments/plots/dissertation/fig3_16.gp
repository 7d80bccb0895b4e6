load 'experiments/plots/common.gp'
set title 'Dissertation Fig. 3.16: internode distance distributions, iBT(30x30x36; L=3), T(16x16x16x8), H(2^{15})'
set xlabel 'distance (hops)'
set ylabel 'fraction of ordered node pairs'
set key inside right top
plot for [i=2:*] data using 1:i with linespoints pointsize 0.6 title columnhead(i)
