load 'experiments/plots/common.gp'
set title 'CLEX Fig. 3: messages still to deliver in all instances of A(1) after each phase'
set xlabel 'phases passed'
set ylabel 'messages left (all A(1) instances)'
set logscale y
set format y '10^{%L}'
set xtics 1
set key inside right top font ',11'
set xrange [-0.2:4.2]
set yrange [10:1e9]
plot for [i=0:3] data index i using 1:2 with linespoints pointsize 1 title columnhead(3)
