load 'experiments/plots/common.gp'
set title 'CLEX Fig. 3: messages still to deliver in all instances of A(1) after each phase'
set xlabel 'phases passed'
set ylabel 'messages left (all A(1) instances)'
set logscale y
set format y '10^{%L}'
set xtics 1
set key below
plot for [i=0:3] data index i using 1:2 with linespoints pointsize 1 title columnhead(3)
