# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# A fresh Debian system to test in: a debootstrap --variant=minbase chroot,
# made once per machine and kept as a pristine tarball, unpacked afresh
# for every run.  Sourced by scripts/test-deb (the package installed on
# the machine's own suite) and scripts/test-debian13 (the quick start on
# trixie), after scripts/lib/apt-private.sh; they define say MESSAGE and
# die MESSAGE (which exits).  Runs as root.
#
#   chroot_tarball SUITE TARBALL [PACKAGE,...]
#	makes TARBALL (once: kept when it is there), a minbase SUITE from
#	the machine's main Debian archive (host_mirror) with sudo,
#	ca-certificates and PACKAGE,... included, verified with Debian's
#	keyring; its sources.list is "deb MIRROR SUITE main".  A lock
#	beside it keeps two runs from making it at once.
#   chroot_new TARBALL
#	unpacks TARBALL into a new scratch directory under ${TMPDIR:-/var/tmp}
#	and sets chroot_root to it (DIR/root; DIR is the run's to use).
#   chroot_mount ROOT
#	mounts proc, sys, dev, dev/pts and a dev/shm tmpfs below ROOT,
#	each bind mount made private at once.
#   chroot_apt_cache ROOT DIR
#	binds DIR (made if need be) over ROOT's /var/cache/apt/archives:
#	the packages apt-get downloads there are kept for the next run.
#   chroot_run ROOT COMMAND...
#	runs COMMAND in ROOT as root with a clean environment (PATH, HOME,
#	DEBIAN_FRONTEND=noninteractive, CI when set) and no standard input.
#   chroot_cleanup
#	ends the processes still running in each scratch directory made
#	here, unmounts everything below it and removes it (not
#	$chroot_keep, which stays, unmounted); returns 1 when a mount is
#	left, then nothing below it is removed.
#
# chroot_mirror (set on sourcing) is the archive; chroot_dirs the
# scratch directories.  Nothing here touches the host's apt state.

debian_keyring=${debian_keyring:-/usr/share/keyrings/debian-archive-keyring.gpg}
chroot_mirror=$(host_mirror)
chroot_dirs=()
chroot_keep=
chroot_root=

# Mount points at or below $1, deepest (and, for stacked mounts, topmost) first.
mounts_below() {
	awk -v d="$1" '$2 == d || index($2, d "/") == 1 { print $2 }' /proc/mounts | sort -r
}

now() { echo "$EPOCHREALTIME"; }
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { s = b - a; printf "%dm%04.1fs", s / 60, s - int(s / 60) * 60 }'; }

# Undo one scratch directory: end the processes still running in it (ones
# started there: a chroot's daemons), unmount everything below it, then
# remove it -- never while anything is still mounted there, for rm would
# go into the host's /dev.
chroot_undo() {
	local d=$1 p r m found
	case $d in /?*) ;; *) echo "chroot_undo: '$d' is no scratch directory" >&2; return 1 ;; esac
	for _ in 1 2 3 4 5; do
		found=0
		for p in /proc/[0-9]*; do
			r=$(readlink "$p/root" 2>/dev/null) || continue
			case $r in "$d" | "$d"/*) kill -KILL "${p#/proc/}" 2>/dev/null && found=1 ;; esac
		done
		[ "$found" = 1 ] || break
		sleep 0.5
	done
	for m in $(mounts_below "$d"); do
		umount "$m" 2>/dev/null || umount -l "$m"
	done
	if [ -n "$(mounts_below "$d")" ]; then
		echo "still mounted below $d, not removing it:" >&2
		mounts_below "$d" >&2
		return 1
	fi
	if [ -n "$chroot_keep" ] && [ "$d" = "$chroot_keep" ]; then
		say "kept the chroot (unmounted): $d/root"
		return 0
	fi
	rm -rf --one-file-system "$d"
}

chroot_cleanup() {
	local d left=0
	for d in "${chroot_dirs[@]}"; do
		case $d in /?*) ;; *) continue ;; esac
		chroot_undo "$d" || left=1
	done
	chroot_dirs=()
	return "$left"
}

chroot_tarball() {
	local suite=$1 tarball=$2 include=sudo,ca-certificates${3:+,$3} build missing t
	[ -f "$tarball" ] && return 0
	[ -n "$chroot_mirror" ] ||
		die "no main Debian archive in /etc/apt/sources.list.d/*.sources or /etc/apt/sources.list"
	missing=()
	command -v debootstrap >/dev/null || missing+=(debootstrap)
	[ -f "$debian_keyring" ] || missing+=(debian-archive-keyring)
	if [ ${#missing[@]} -gt 0 ]; then
		DEBIAN_FRONTEND=noninteractive apt-get update -q
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
	fi
	mkdir -p "$(dirname "$tarball")"
	exec 9>"$tarball.lock"
	flock 9   # another run may be making it
	if [ ! -f "$tarball" ]; then
		build=$(mktemp -d "$tarball.build.XXXXXX")
		chroot_dirs+=("$build")
		say "debootstrap $suite (once per machine; output in $build/debootstrap.log)"
		t=$(now)
		if ! debootstrap --variant=minbase --include="$include" \
			--keyring="$debian_keyring" "$suite" "$build/root" "$chroot_mirror" \
			>"$build/debootstrap.log" 2>&1; then
			tail -n 40 "$build/debootstrap.log"
			[ ! -f "$build/root/debootstrap/debootstrap.log" ] ||
				tail -n 40 "$build/root/debootstrap/debootstrap.log"
			die "debootstrap failed"
		fi
		grep -qE "^deb $chroot_mirror/? $suite main" "$build/root/etc/apt/sources.list" ||
			die "the new chroot's /etc/apt/sources.list is not \"deb $chroot_mirror $suite main\""
		[ -z "$(mounts_below "$build")" ] || die "debootstrap left mounts below $build"
		say "debootstrap took $(since "$t")"
		tar --numeric-owner --xattrs --xattrs-include='*' -C "$build/root" -cpf "$build/minbase.tar" .
		mv "$build/minbase.tar" "$tarball"   # same file system: atomic
		chroot_undo "$build" && unset 'chroot_dirs[-1]'
	fi
	exec 9>&-
}

chroot_new() {
	local tarball=$1 work t
	work=$(mktemp -d "${TMPDIR:-/var/tmp}/tracecheck-chroot.XXXXXX")
	chroot_dirs+=("$work")
	chroot_root=$work/root
	mkdir "$chroot_root"
	t=$(now)
	tar --numeric-owner --xattrs --xattrs-include='*' -C "$chroot_root" -xpf "$tarball"
	say "unpacked $tarball in $(since "$t")"
	cp -L /etc/resolv.conf "$chroot_root/etc/resolv.conf"
}

# Kernel file systems.  Each bind mount is made private at once: on a host
# with shared mount propagation (systemd) the devpts and tmpfs mounted on
# top of the bound /dev would otherwise appear in the host's /dev as well.
chroot_mount() {
	local root=$1 d
	mount -t proc proc "$root/proc"
	for d in /sys /dev /dev/pts; do
		mount --bind "$d" "$root$d"
		mount --make-private "$root$d"
	done
	mount -t tmpfs -o mode=1777,nosuid,nodev shm "$root/dev/shm"
}

chroot_apt_cache() {
	mkdir -p "$2/partial"
	mount --bind "$2" "$1/var/cache/apt/archives"
	mount --make-private "$1/var/cache/apt/archives"
}

chroot_run() {
	local root=$1 env
	shift
	env=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
		DEBIAN_FRONTEND=noninteractive)
	[ -z "${CI+set}" ] || env+=("CI=$CI")
	chroot "$root" /usr/bin/env -i "${env[@]}" "$@" </dev/null
}
