# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# Fetching Debian packages and sources from a suite this machine does not
# use (trixie's libtraceevent, sid's linux-source-X.Y), or for another
# architecture (arm64 kernel images), without touching its apt state:
# sourced by scripts/get-libtraceevent, scripts/get-kernel-tree,
# scripts/boot-oracle and scripts/test-debian13.
#
#   host_mirror
#	prints this machine's main Debian archive URI, without a trailing
#	slash (nothing when there is none): the first URI of an enabled
#	"deb" or "deb-src" entry with component main, whose suite is the
#	machine's own (VERSION_CODENAME of /etc/os-release, or its -updates)
#	or a stable/oldstable/testing/unstable/sid alias, and that is no
#	security archive and no cdrom.  Deb822 /etc/apt/sources.list.d/*.sources
#	first, then one-line /etc/apt/sources.list and sources.list.d/*.list.
#	Third-party repositories have other suites and are passed over.
#   own_archives
#	prints "URI SUITE" for each enabled "deb" entry with component main
#	of the machine's own release: its codename, codename-updates and
#	codename-security (the security archive included: Debian's kernel
#	updates are published there).
#   apt_private DIR LINE...
#	makes DIR a private apt state whose only sources are the LINEs
#	(sources.list lines): DIR/sources.list, DIR/lists, DIR/cache.  Sets
#	the array apto to the options that make apt-get and apt-cache use
#	it and nothing of the system's (no sources.list.d, no preferences).
#	DIR is kept: its lists and downloads are reused by the next run.
#   apt_private_arch ARCH
#	makes that private state one of architecture ARCH only (the lines
#	should say [arch=ARCH] too), for apt-get download of another
#	architecture's packages.
#   apt_private_update
#	apt-get update of that private state (output to standard error).
#
# Nothing here adds a source to the system, installs from one, or names
# a host: the mirror is always the machine's own.

# shellcheck disable=SC2034  # for the scripts that source this
debian_keyring=/usr/share/keyrings/debian-archive-keyring.gpg

# "URI SUITE TYPES COMPONENTS" of every enabled entry, one per suite
apt_entries() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		awk '
		function flush(	n, i, s, u) {
			if (uris != "" && enabled != "no") {
				split(uris, u, /[ \t]+/)
				n = split(suites, s, /[ \t]+/)
				gsub(/[ \t]+/, ",", types)
				gsub(/[ \t]+/, ",", comps)
				for (i = 1; i <= n; i++)
					print u[1], s[i], types, comps
			}
			types = uris = suites = comps = enabled = ""
		}
		/^[ \t]*#/ { next }
		/^[ \t]*$/ { flush(); next }
		match($0, /^[A-Za-z0-9-]+:/) {
			k = tolower(substr($0, 1, RLENGTH - 1))
			v = substr($0, RLENGTH + 1)
			gsub(/^[ \t]+|[ \t]+$/, "", v)
			if (k == "types") types = v
			else if (k == "uris") uris = v
			else if (k == "suites") suites = v
			else if (k == "components") comps = v
			else if (k == "enabled") enabled = tolower(v)
		}
		END { flush() }' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -r "$f" ] || continue
		awk '$1 == "deb" || $1 == "deb-src" {
			i = 2
			if ($2 ~ /^\[/) {
				while (i <= NF && $i !~ /\]$/)
					i++
				i++
			}
			if (i + 1 > NF)
				next
			comps = ""
			for (j = i + 2; j <= NF; j++)
				comps = comps (comps == "" ? "" : ",") $j
			print $i, $(i + 1), $1, comps
		}' "$f"
	done
}

host_mirror() {
	local codename
	codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release 2>/dev/null) || codename=
	apt_entries | awk -v c="$codename" '
		$1 ~ /^cdrom:/ || $1 ~ /security/ || $2 ~ /-security$/ { next }
		$3 !~ /(^|,)deb(-src)?(,|$)/ || $4 !~ /(^|,)main(,|$)/ { next }
		# no exit: apt_entries would die of SIGPIPE, and pipefail tell
		!done && ((c != "" && ($2 == c || $2 == c "-updates")) ||
			  $2 ~ /^(stable|oldstable|testing|unstable|sid)$/) {
			sub(/\/+$/, "", $1)
			print $1
			done = 1
		}'
}

own_archives() {
	local codename
	codename=$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release 2>/dev/null) || codename=
	[ -n "$codename" ] || return 0
	apt_entries | awk -v c="$codename" '
		$1 ~ /^cdrom:/ || $3 !~ /(^|,)deb(,|$)/ || $4 !~ /(^|,)main(,|$)/ { next }
		($2 == c || $2 == c "-updates" || $2 == c "-security") && !seen[$1 " " $2]++ {
			sub(/\/+$/, "", $1)
			print $1, $2
		}'
}

apt_private() {
	local dir=$1
	shift
	mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
	printf '%s\n' "$@" >"$dir/sources.list"
	apto=(-o "Dir::Etc::SourceList=$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
		-o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache"
		-o Dir::Etc::PreferencesParts=/dev/null -o Dir::Etc::Preferences=/dev/null
		-o Acquire::Languages=none)
}

apt_private_arch() {
	apto+=(-o "APT::Architecture=$1" -o "APT::Architectures=$1")
}

apt_private_update() {
	apt-get -q "${apto[@]}" update >&2
}
