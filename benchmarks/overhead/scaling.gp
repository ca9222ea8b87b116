# gnuplot script for oli-scaling's data: gnuplot -e "dat='scaling.dat'; out='scaling.svg'" scaling.gp
# Blocks: 0 the live sweep; 1, 2, 3 the thread sweep (own, shared, remote), columns
# threads, CPU ns per pair, wall ns per pair, 1 when beyond the online CPUs.
set terminal svg size 1440,480 dynamic
set output out
set termoption noenhanced
set multiplot layout 1,3 title 'placed 4 KiB malloc + free (liboli, OLI_MIN_SIZE=4K)'
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
unset logscale y
set xtics auto
set logscale x 2
set yrange [0:*]
set title 'CPU time per pair (median thread; 10,000 live)'
set xlabel 'threads (open circles: more threads than CPUs)'
set ylabel 'ns per pair'
plot dat index 1 using 1:2 with linespoints lw 2 lc 1 title 'own', \
     '' index 2 using 1:2 with linespoints lw 2 lc 2 title 'shared pool', \
     '' index 3 using 1:2 with linespoints lw 2 lc 3 title 'remote frees', \
     '' index 1 using 1:($4 > 0 ? $2 : 1/0) with points pt 6 ps 2 lc rgb 'black' notitle, \
     '' index 2 using 1:($4 > 0 ? $2 : 1/0) with points pt 6 ps 2 lc rgb 'black' notitle, \
     '' index 3 using 1:($4 > 0 ? $2 : 1/0) with points pt 6 ps 2 lc rgb 'black' notitle
set title 'throughput, all threads (pairs per microsecond of wall time)'
set ylabel 'pairs / us'
plot dat index 1 using 1:(1000 / $3) with linespoints lw 2 lc 1 title 'own', \
     '' index 2 using 1:(1000 / $3) with linespoints lw 2 lc 2 title 'shared pool', \
     '' index 3 using 1:(1000 / $3) with linespoints lw 2 lc 3 title 'remote frees', \
     '' index 1 using 1:($4 > 0 ? 1000 / $3 : 1/0) with points pt 6 ps 2 lc rgb 'black' notitle, \
     '' index 2 using 1:($4 > 0 ? 1000 / $3 : 1/0) with points pt 6 ps 2 lc rgb 'black' notitle, \
     '' index 3 using 1:($4 > 0 ? 1000 / $3 : 1/0) with points pt 6 ps 2 lc rgb 'black' notitle
unset multiplot
