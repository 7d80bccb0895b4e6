load 'experiments/plots/common.gp'
set title 'Projective Networks Fig. 7: cost measure k̄/u against compute nodes, router radix R ≤ 64'
set xlabel 'compute nodes T = N·Δ_0 (Δ_0 = Δu/k̄)'
set ylabel 'k̄/u (mean distance / link utilisation)'
set logscale x
set format x '10^{%L}'
set yrange [0:*]
set key below left maxcols 3 font ',11'
set xrange [1:1e6]
plot data index 0 using 1:2 with lines lw 4 lc rgb 'black' title columnhead(7), \
     for [i=1:*] data index i using 1:2 with linespoints pointsize 0.7 title columnhead(7)
