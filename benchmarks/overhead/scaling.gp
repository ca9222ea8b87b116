# gnuplot script for oli-scaling's data: gnuplot -e "dat='scaling.dat'; out='scaling.svg'" scaling.gp
set terminal svg size 960,480 dynamic
set output out
set termoption noenhanced
set multiplot layout 1,2 title 'placed 4 KiB malloc + free (liboli, OLI_MIN_SIZE=4K)'
set grid
set key below
set title 'one thread, against live objects'
set logscale x 10
set logscale y 10
set xtics ("1" 1, "10" 10, "100" 100, "1k" 1000, "10k" 10000, "100k" 100000, "1M" 1000000)
set xlabel 'live placed objects'
set ylabel 'ns (log scale)'
plot dat index 0 using 1:3 with linespoints lw 2 title 'malloc+free pair (recycled block)', \
     '' index 0 using 1:2 with linespoints lw 2 title 'new object (carve, mprotect, mbind)', \
     '' index 0 using 1:4 with linespoints lw 2 title 'free of a live object'
unset logscale x
unset logscale y
set xtics auto
set logscale x 2
set yrange [0:*]
set title 'against threads (10,000 live; 2 cores)'
set xlabel 'threads'
set ylabel 'ns per pair'
plot dat index 1 using 1:2 with linespoints lw 2 title 'CPU time per pair (median thread)', \
     '' index 1 using 1:3 with linespoints lw 2 title 'wall time / all pairs'
unset multiplot
