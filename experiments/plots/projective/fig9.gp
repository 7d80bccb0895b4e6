load 'experiments/plots/common.gp'
set title 'Projective Networks Fig. 9: k̄/u (solid) and k̄ (dashed) against compute nodes, R ≤ 64'
set xlabel 'compute nodes T = N·Δ_0'
set ylabel 'k̄/u and k̄'
set logscale x
set format x '10^{%L}'
plot for [i=0:2] data index i using 1:2 with linespoints lc i+1 dt 1 pointsize 0.7 title columnhead(7).', k̄/u', \
     for [i=0:2] data index i using 1:3 with linespoints lc i+1 dt 2 pointsize 0.5 title columnhead(7).', k̄'
