# Shared look of the figures of `make experiments`.
set terminal svg size 900,600 dynamic enhanced font 'sans,13' background '#ffffff'
set output out
set key outside right top box opaque
set grid
