load 'experiments/plots/common.gp'
# One panel per network, six curves each (uniform and the network's adversarial pattern, times minimal, Valiant
# and UGAL routing), each in its own colour; adversarial traffic dashed. The data has one block per network,
# traffic and routing, in that order, 6 per network; each block's first line is its title, "NETWORK, TRAFFIC,
# ROUTING" (experiments/simulate.py latency-load).
set terminal svg size 1500,620 dynamic enhanced font 'sans,12' background '#ffffff'
set output out
titles = system("grep '^\"' '".data."'")
network(i) = (s = word(titles, i + 1), substr(s, 1, strstrt(s, ', ') - 1))
series(i) = (s = word(titles, i + 1), substr(s, strstrt(s, ', ') + 2, strlen(s)))
colour(j) = word('#0072B2 #D55E00 #009E73 #56B4E9 #E69F00 #CC79A7', j + 1)
set multiplot layout 1,3 title 'Packet latency against accepted load (toposim run --sweep)'
set xlabel 'accepted load (flits per terminal per cycle)'
set ylabel 'mean packet latency (cycles)'
set logscale y
set key inside left top font ',10' box opaque
do for [n=0:2] {
  set title network(6 * n)
  plot for [j=0:5] data index (6 * n + j) using 2:3 with linespoints pointsize 0.7 pointtype (7 + j) \
       linecolor rgb colour(j) dashtype 1 + int(j / 3) linewidth 1.5 title series(6 * n + j)
}
unset multiplot
