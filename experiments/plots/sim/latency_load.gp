load 'experiments/plots/common.gp'
set terminal svg size 1200,700 dynamic enhanced font 'sans,12' background '#ffffff'
set output out
set title 'Packet latency against accepted load (toposim run --sweep)'
set xlabel 'accepted load (flits per terminal per cycle)'
set ylabel 'mean packet latency (cycles)'
set logscale y
set key outside right top font ',10'
plot for [i=0:17] data index i using 2:3 with linespoints pointsize 0.7 title columnhead(1)
