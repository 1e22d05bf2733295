#!/bin/busybox sh
# SPDX-License-Identifier: MIT
# /init of scripts/boot-oracle's initramfs (busybox sh, in the guest).
# Snapshots the trace event format files of the kernel as it booted
# (built in), loads every module of /oracle/modlist (the modules with an
# _ftrace_events section; modprobe pulls their dependencies), each under
# `timeout -s KILL`, snapshots again, writes the results as a tar to the
# first virtio disk and powers off.  Kernel command line knob:
#   oracle.to=N   seconds one modprobe may take (default 30)
# The tar holds: header_page, header_event, builtin.txt and all.txt
# (every format file, concatenated by `head` with "==> SYSTEM/EVENT/format
# <==" headers: tracefs reports their size as 0, so they cannot be
# archived as files), builtin.dirs and all.dirs (the event directories),
# modules.before and modules.after (/proc/modules), modprobe.log ("NAME
# STATUS" per module tried), modprobe.err ("NAME: message"), dmesg.txt,
# times, and "done".
/bin/busybox --install -s
export PATH=/sbin:/usr/sbin:/bin:/usr/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
T=/sys/kernel/tracing
mount -t tracefs tracefs $T
O=/out
mkdir -p $O
say() { echo "ORACLE: $*" >/dev/console; }
now() { cut -d' ' -f1 /proc/uptime; }
TO=30
read -r cmdline </proc/cmdline
for a in $cmdline; do
	case $a in
	oracle.to=*) TO=${a#oracle.to=} ;;
	esac
done
echo "init $(now)" >$O/times

# all format files under $T/events, then the list of event directories
snap() {
	(cd $T/events && head -n 1000000 ./*/*/format) | sed 's,^==> \./,==> ,' >"$O/$1.txt"
	(cd $T/events && ls -d ./*/*/) | sed 's,^\./,,; s,/$,,' >"$O/$1.dirs"
	say "$1: $(wc -l <"$O/$1.dirs") events"
}
cp $T/events/header_page $T/events/header_event $O/
cut -d' ' -f1 /proc/modules >$O/modules.before
snap builtin
echo "builtin $(now)" >>$O/times

: >$O/modprobe.log
n=0
while read -r m; do
	timeout -s KILL "$TO" modprobe "$m" >/dev/null 2>/tmp/err
	echo "$m $?" >>$O/modprobe.log
	sed "s/^/$m: /" /tmp/err >>$O/modprobe.err
	n=$((n + 1))
done </oracle/modlist
say "$n modules tried"
# the output disk, if no module of the list brought virtio_blk
modprobe virtio_pci 2>>$O/modprobe.err
modprobe virtio_blk 2>>$O/modprobe.err
i=0
while [ ! -b /dev/vda ] && [ $i -lt 100 ]; do
	sleep 0.2
	i=$((i + 1))
done
echo "loaded $(now)" >>$O/times
cut -d' ' -f1 /proc/modules >$O/modules.after
snap all
# scripts/boot-oracle --render: real events of the kernel and a synthetic
# event with a stack trace (a hist trigger on sched_switch fills it) while
# the guest reads and writes its disk, forks, sleeps and signals; then the
# test module's events.  Keeps the kernel's text of them all (pointers
# unhashed, as user space prints them), the raw buffers and trace-cmd's
# header.
REAL="sched irq timer workqueue kmem block signal task raw_syscalls module"
if [ -f /oracle/render ]; then
	R=$O/render
	mkdir -p $R/raw $R/formats
	{
		insmod /oracle/tc_render.ko || echo "insmod tc_render.ko failed"
		echo 0 >$T/tracing_on
		echo 16384 >$T/buffer_size_kb
		echo >$T/trace
		[ ! -f $T/options/hash-ptr ] || echo 0 >$T/options/hash-ptr
		echo 's:tc_stack pid_t pid; u64 delta; unsigned long[] stack;' >>$T/dynamic_events
		sw=$T/events/sched/sched_switch/trigger
		echo 'hist:keys=next_pid:ts=common_timestamp.usecs,st=common_stacktrace' >>$sw
		# shellcheck disable=SC2016 # the trigger's variables, not the shell's
		max='onmax($delta).trace(tc_stack,prev_pid,$delta,$s)'
		echo "hist:keys=prev_pid:delta=common_timestamp.usecs-\$ts,s=\$st:$max" >>$sw
		echo 1 >$T/events/synthetic/tc_stack/enable
		for s in $REAL; do
			echo 1 >"$T/events/$s/enable"
		done
		echo 1 >$T/events/tc_render/enable
		echo 1 >$T/tracing_on
		dd if=/dev/vda of=/dev/null bs=64k count=64
		dd if=/dev/zero of=/dev/vda bs=64k count=16 conv=fsync
		ls -lR /lib/modules/*/kernel/fs >/dev/null
		sleep 5 &
		kill $!
		sleep 0.5
		echo 1 >/sys/module/tc_render/parameters/fire
		echo 0 >$T/tracing_on
	} >>$R/log 2>&1
	cat $T/trace >$R/trace.txt
	for e in "$T"/events/tc_render/*/ "$T"/events/synthetic/*/; do
		e=${e%/}
		cat "$e/format" >"$R/formats/${e##*/}"
	done
	for s in $REAL; do
		for e in "$T/events/$s"/*/; do
			e=${e%/}
			cat "$e/format" >"$R/formats/$s:${e##*/}"
		done
	done
	for c in "$T"/per_cpu/cpu*; do
		timeout -s KILL 20 cat "$c/trace_pipe_raw" >"$R/raw/${c##*/}"
	done
	(cd $R && timeout -s KILL 300 trace-cmd restore -c -o head.dat) >>$R/log 2>&1
	say "rendering: $(grep -c ': tc_render_' $R/trace.txt) test events," \
		"$(grep -c ': tc_stack: ' $R/trace.txt) tc_stack, $(grep -c '^ .*: [a-z_0-9]*: ' $R/trace.txt) in all"
fi
dmesg >$O/dmesg.txt
echo "dumped $(now)" >>$O/times
echo ok >$O/done
if [ -b /dev/vda ]; then
	extra=
	[ ! -d $O/render ] || extra=render
	# shellcheck disable=SC2086 # extra: nothing or one word
	tar -C $O -cf /dev/vda header_page header_event builtin.txt builtin.dirs all.txt all.dirs \
		modules.before modules.after modprobe.log modprobe.err dmesg.txt times $extra "done" && sync
	say "written"
else
	say "no output disk /dev/vda"
fi
poweroff -f
