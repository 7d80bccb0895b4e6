load 'experiments/plots/common.gp'
set title 'Dissertation Fig. 3.14: mean internode distance ± std, iBT(L=2) with one bypass length'
set ylabel 'mean distance (hops), bars: ± standard deviation'
set xlabel 'network (dimensions, bypass length)'
set xtics rotate by -40
set bmargin 6
set offsets 0.5, 0.5, 0, 0
set yrange [0:*]
plot for [i=0:2] data index i using 1:3:4:xtic(2) with yerrorbars pointsize 1.2 title columnhead(5)
