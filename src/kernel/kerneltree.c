// SPDX-License-Identifier: MIT
#include "kerneltree.h"

#include <errno.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"
#include "kfacts.h"
#include "kmake.h"
#include "model.h"
#include "strbuf.h"
#include "ctok.h"
#include "util.h"

struct tc_ktree {
	char *root;
	char *arch;
	char *gen; /* private generated-headers directory, or NULL */
	int gen_shared; /* in the cache, named by its content: kept */
	int unsigned_char;	/* its Makefile passes -funsigned-char (6.2 and later) */
	int numeric_array_len;	/* format files print array lengths as numbers (6.3) */
	int version_code;	/* TC_KV() of the kernel built against it, 0 if unknown */
	char *version;
	char **cflags;
	size_t nr_cflags, alloc_cflags;
};

static void add_flag(struct tc_ktree *t, char *s)
{
	ALLOC_GROW(t->cflags, t->nr_cflags + 2, t->alloc_cflags);
	t->cflags[t->nr_cflags++] = s;
	t->cflags[t->nr_cflags] = NULL;
}

const char *tc_kernel_arch(const char *target)
{
	static const struct {
		const char *prefix, *arch;
	} map[] = {
		{ "x86_64", "x86" },   { "i386", "x86" },	{ "i686", "x86" },
		{ "aarch64", "arm64" }, { "arm64", "arm64" },	{ "arm", "arm" },
		{ "riscv", "riscv" },	{ "powerpc", "powerpc" }, { "ppc", "powerpc" },
		{ "s390", "s390" },	{ "mips", "mips" },	{ "loongarch", "loongarch" },
	};
	if (!target)
		return "x86";
	for (size_t i = 0; i < ARRAY_SIZE(map); i++)
		if (starts_with(target, map[i].prefix))
			return map[i].arch;
	return "x86";
}

static int is_64bit(const char *target)
{
	if (!target)
		return 1;
	return strstr(target, "64") != NULL;
}

static int write_text(const char *path, const char *text)
{
	char *dir = dir_name(path);
	FILE *f;

	if (mkdir_p(dir, 0700)) {
		free(dir);
		return -1;
	}
	free(dir);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* Add wrappers for the "<key> += name.h" entries of a Kbuild file. */
static void wrappers_from_kbuild(const char *kbuild, const char *key, const char *have_dir,
				 const char *out_dir)
{
	char *text = read_file(kbuild, NULL);

	if (!text)
		return;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char name[256];
		if (sscanf(line, " %*[a-z-] += %255s", name) != 1 || !starts_with(line, key))
			continue;
		if (!ends_with(name, ".h"))
			continue;
		char *have = xasprintf("%s/%s", have_dir, name);
		char *out = xasprintf("%s/%s", out_dir, name);
		if (!is_file(have) && !is_file(out)) {
			char *body = xasprintf("#include <asm-generic/%s>\n", name);
			write_text(out, body);
			free(body);
		}
		free(have);
		free(out);
	}
	free(text);
}

/*
 * The directory of the Makefile that a Makefile line "include DIR/Makefile"
 * of dir includes, or NULL; malloced.
 */
static char *included_dir(const char *dir, const char *line)
{
	char inc[4096];

	if (sscanf(line, "include %4095s", inc) != 1 || !ends_with(inc, "/Makefile"))
		return NULL;
	inc[strlen(inc) - strlen("/Makefile")] = '\0';
	return inc[0] == '/' ? xstrdup(inc) : xasprintf("%s/%s", dir, inc);
}

/* Is dir a kernel source tree (include/linux/tracepoint.h)? */
static int is_source_tree(const char *dir)
{
	char *probe = xasprintf("%s/include/linux/tracepoint.h", dir);
	int yes = is_file(probe);

	free(probe);
	return yes;
}

/*
 * VERSION, PATCHLEVEL and SUBLEVEL of the top Makefile at root; a
 * distribution's headers package (Debian's linux-headers-X-amd64) has a
 * Makefile that only includes the one of the tree beside it, which is
 * followed (a few levels).  "6.12.118", or NULL.
 */
static char *makefile_version(const char *root, int *v, int *p, int *s)
{
	char *dir = xstrdup(root);

	*v = *p = *s = -1;
	for (int depth = 0; depth < 4 && dir; depth++) {
		char *mk = xasprintf("%s/Makefile", dir);
		char *text = read_file(mk, NULL);
		char *next = NULL;

		free(mk);
		for (char *line = text ? strtok(text, "\n") : NULL; line; line = strtok(NULL, "\n")) {
			sscanf(line, "VERSION = %d", v);
			sscanf(line, "PATCHLEVEL = %d", p);
			sscanf(line, "SUBLEVEL = %d", s);
			if (!next)
				next = included_dir(dir, line);
		}
		free(text);
		free(dir);
		dir = NULL;
		if (*v >= 0 && *p >= 0) {
			free(next);
			return xasprintf("%d.%d.%d", *v, *p, *s < 0 ? 0 : *s);
		}
		dir = next;
	}
	free(dir);
	return NULL;
}

/* LINUX_VERSION_CODE of dir/include/generated/uapi/linux/version.h, 0 if none. */
static int version_h(const char *dir)
{
	char *path = xasprintf("%s/include/generated/uapi/linux/version.h", dir);
	char *text = read_file(path, NULL);
	const char *code = text ? strstr(text, "#define LINUX_VERSION_CODE ") : NULL;
	int v = code ? atoi(code + strlen("#define LINUX_VERSION_CODE ")) : 0;

	free(text);
	free(path);
	return v > 0 ? v : 0;
}

int tc_kernel_version_of(const char *srctree, const char *objtree)
{
	int v = objtree ? version_h(objtree) : 0;
	int ver, pl, sub;

	if (!v && srctree)
		v = version_h(srctree);
	if (v || !srctree)
		return v;
	char *s = makefile_version(srctree, &ver, &pl, &sub);
	if (!s)
		return 0;
	free(s);
	return TC_KV(ver, pl, sub < 0 ? 0 : sub);
}

char *tc_ktree_source_of(const char *dir)
{
	if (is_source_tree(dir))
		return NULL;
	/* an O= build directory: kbuild links source to the tree */
	char *link = xasprintf("%s/source", dir);
	char *src = is_dir(link) && is_source_tree(link) ? absolute_path(link) : NULL;
	free(link);
	if (src)
		return src;
	/* a headers package: its Makefile includes the tree's */
	char *mk = xasprintf("%s/Makefile", dir);
	char *text = read_file(mk, NULL);
	char *found = NULL;
	free(mk);
	for (char *line = text ? strtok(text, "\n") : NULL; line && !found;
	     line = strtok(NULL, "\n")) {
		char *cand = included_dir(dir, line);
		if (cand && is_source_tree(cand))
			found = absolute_path(cand);
		free(cand);
	}
	free(text);
	return found;
}

/*
 * The directory above the include directory of an -I flag at flags[i]
 * (-ITOP/include or -I TOP/include), or NULL; malloced.
 */
static char *include_top(const char *const *flags, size_t n, size_t i)
{
	const char *d = NULL;

	if (!strcmp(flags[i], "-I"))
		d = i + 1 < n ? flags[i + 1] : NULL;
	else if (starts_with(flags[i], "-I") && flags[i][2])
		d = flags[i] + 2;
	if (!d)
		return NULL;
	size_t len = strlen(d);
	while (len > 1 && d[len - 1] == '/')
		len--;
	if (len == strlen("include") && !strncmp(d, "include", len))
		return xstrdup(".");
	if (len > strlen("/include") && !strncmp(d + len - strlen("/include"), "/include", 8))
		return xstrndup(d, len - strlen("/include"));
	return NULL;
}

int tc_kernel_version_of_flags(const char *const *flags, size_t n)
{
	/* kbuild's -I$(objtree)/include: the build's generated version.h */
	for (size_t i = 0; i < n; i++) {
		char *top = include_top(flags, n, i);
		int v = top ? version_h(top) : 0;
		free(top);
		if (v)
			return v;
	}
	/* -I$(srctree)/include: the tree's Makefile */
	for (size_t i = 0; i < n; i++) {
		char *top = include_top(flags, n, i);
		int v = top && is_source_tree(top) ? tc_kernel_version_of(top, NULL) : 0;
		free(top);
		if (v)
			return v;
	}
	/* kbuild exports both to what it runs, CHECK included */
	const char *st = getenv("srctree"), *ot = getenv("objtree");
	if (st && *st)
		return tc_kernel_version_of(st, ot && *ot ? ot : NULL);
	return 0;
}

/* autoconf.h text for a .config, as kbuild's syncconfig writes it. */
static char *autoconf_from_kconfig(const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	struct strbuf out = STRBUF_INIT;

	if (!text) {
		error("--kconfig %s: %s", path, strerror(errno));
		return NULL;
	}
	if (memchr(text, '\0', len)) {
		free(text);
		error("--kconfig %s: not a text .config file (compressed? decompress it first)", path);
		return NULL;
	}
	strbuf_addf(&out, "/* tracecheck: generated from %s */\n", path);
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char *eq;
		if (!starts_with(line, "CONFIG_") || !(eq = strchr(line, '=')))
			continue;
		*eq = '\0';
		const char *v = eq + 1;
		if (!strcmp(v, "y"))
			strbuf_addf(&out, "#define %s 1\n", line);
		else if (!strcmp(v, "m"))
			strbuf_addf(&out, "#define %s_MODULE 1\n", line);
		else if (strcmp(v, "n") && *v)
			strbuf_addf(&out, "#define %s %s\n", line, v);
	}
	free(text);
	return strbuf_detach(&out);
}

static uint64_t gcd64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = b;
		b = a % b;
		a = t;
	}
	return a;
}

/* ceil(2^b * n / d): division by reciprocal multiplication */
static uint64_t fmul(unsigned b, uint64_t n, uint64_t d)
{
	return (uint64_t)((((unsigned __int128)n << b) + d - 1) / d);
}

/* the adjustment when a ceiling value is used */
static uint64_t fadj(unsigned b, uint64_t n, uint64_t d)
{
	d /= gcd64(n, d);
	return (uint64_t)((((unsigned __int128)1 << b) * (d - 1)) / d);
}

/* the shift that brings fmul() into [2^(b-1), 2^b) */
static unsigned fmuls(unsigned b, uint64_t n, uint64_t d)
{
	unsigned s = 0;

	while (s < 96 && fmul(s, n, d) < ((uint64_t)1 << (b - 1)))
		s++;
	return s;
}

/*
 * include/generated/timeconst.h, which kbuild makes with bc from
 * kernel/time/timeconst.bc and CONFIG_HZ: jiffies.h includes it, and
 * without it sparse stops and clang reports an error in every unit.
 */
void tc_ktree_timeconst(struct strbuf *sb, unsigned long long hz)
{
	static const struct {
		const char *from, *to;
		uint64_t n; /* units per second */
	} conv[] = { { "HZ", "MSEC", 1000 }, { "HZ", "USEC", 1000000 } };

	strbuf_addf(sb, "/* tracecheck: time conversion constants for HZ == %llu */\n"
			"#ifndef KERNEL_TIMECONST_H\n#define KERNEL_TIMECONST_H\n\n"
			"#include <linux/param.h>\n#include <linux/types.h>\n\n"
			"#if HZ != %llu\n#error \"include/generated/timeconst.h has the wrong HZ value!\"\n"
			"#endif\n\n",
		    (unsigned long long)hz, (unsigned long long)hz);
	for (size_t i = 0; i < ARRAY_SIZE(conv); i++) {
		uint64_t n = conv[i].n, cd = gcd64(hz, n);
		unsigned s = fmuls(32, n, hz);
		strbuf_addf(sb, "#define HZ_TO_%s_MUL32\tU64_C(0x%llX)\n", conv[i].to,
			    (unsigned long long)fmul(s, n, hz));
		strbuf_addf(sb, "#define HZ_TO_%s_ADJ32\tU64_C(0x%llX)\n", conv[i].to,
			    (unsigned long long)fadj(s, n, hz));
		strbuf_addf(sb, "#define HZ_TO_%s_SHR32\t%u\n", conv[i].to, s);
		s = fmuls(32, hz, n);
		strbuf_addf(sb, "#define %s_TO_HZ_MUL32\tU64_C(0x%llX)\n", conv[i].to,
			    (unsigned long long)fmul(s, hz, n));
		strbuf_addf(sb, "#define %s_TO_HZ_ADJ32\tU64_C(0x%llX)\n", conv[i].to,
			    (unsigned long long)fadj(s, hz, n));
		strbuf_addf(sb, "#define %s_TO_HZ_SHR32\t%u\n", conv[i].to, s);
		strbuf_addf(sb, "#define HZ_TO_%s_NUM\t\t%llu\n#define HZ_TO_%s_DEN\t\t%llu\n",
			    conv[i].to, (unsigned long long)(n / cd), conv[i].to,
			    (unsigned long long)(hz / cd));
		strbuf_addf(sb, "#define %s_TO_HZ_NUM\t\t%llu\n#define %s_TO_HZ_DEN\t\t%llu\n\n",
			    conv[i].to, (unsigned long long)(hz / cd), conv[i].to,
			    (unsigned long long)(n / cd));
	}
	uint64_t cd = gcd64(hz, 1000000000);
	strbuf_addf(sb, "#define HZ_TO_NSEC_NUM\t\t%llu\n#define HZ_TO_NSEC_DEN\t\t%llu\n"
			"#define NSEC_TO_HZ_NUM\t\t%llu\n#define NSEC_TO_HZ_DEN\t\t%llu\n\n"
			"#endif /* KERNEL_TIMECONST_H */\n",
		    (unsigned long long)(1000000000 / cd), (unsigned long long)(hz / cd),
		    (unsigned long long)(hz / cd), (unsigned long long)(1000000000 / cd));
}

/*
 * What the tree's own <linux/tracepoint.h> includes, for tracecheck's
 * replacement to include too (src/include/linux/tracepoint.h): a header
 * that uses lower_32_bits() or ARRAY_SIZE() without including their
 * headers builds in the kernel through them, in any version.
 */
static void tracepoint_includes(const char *root, const char *dir)
{
	char *tp = xasprintf("%s/include/linux/tracepoint.h", root);
	char *text = read_file(tp, NULL);
	struct strbuf out = STRBUF_INIT;

	strbuf_addstr(&out, "/* the #include lines of the tree's <linux/tracepoint.h> */\n");
	for (const char *l = text; l && *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		const char *eol = strchrnul(l, '\n');
		if (tc_directive(l, "include") && memmem(l, (size_t)(eol - l), "<linux/", 7) &&
		    !memmem(l, (size_t)(eol - l), "tracepoint", 10))
			strbuf_addf(&out, "%.*s\n", (int)(eol - l), l);
	}
	char *path = xasprintf("%s/include/generated/tc-tracepoint-includes.h", dir);
	write_text(path, out.buf);
	free(path);
	strbuf_release(&out);
	free(text);
	free(tp);
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/*
 * Where the generated headers are written: beside their final place in
 * the cache (share_gen() renames them there), else in $TMPDIR.
 */
static char *gen_temp_dir(void)
{
	char *cdir = tc_cache_path("gen", ".tmp-XXXXXX");
	const char *tmpdir = getenv("TMPDIR");
	char *dir = cdir ? cdir
			 : xasprintf("%s/tracecheck-tree-XXXXXX",
				     tmpdir && *tmpdir ? tmpdir : "/tmp");

	if (mkdtemp(dir))
		return dir;
	free(dir);
	return NULL;
}

/* The generated files below dir (named below top), with their contents, into hs. */
static void hash_gen(const char *dir, const char *top, struct tc_hasher *hs)
{
	char **names;
	size_t nr = list_dir(dir, &names);

	for (size_t i = 0; i < nr; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]);
		size_t len;
		int is_sub = is_dir(p); /* one stat() of it */
		char *text = is_sub ? NULL : read_file(p, &len);
		const char *rel = p + strlen(top);
		if (text) {
			tc_hasher_add(hs, rel, strlen(rel) + 1);
			tc_hasher_add(hs, &len, sizeof(len));
			tc_hasher_add(hs, text, len);
		} else if (is_sub) {
			hash_gen(p, top, hs);
		}
		free(text);
		free(p);
	}
	free_strings(names, nr);
}

/*
 * Generated headers made in the cache are named by their content: the
 * same configuration of the same tree gives the same directory in every
 * run, which a precompiled header made from them can name.
 */
static void share_gen(struct tc_ktree *t)
{
	struct tc_hasher hs;
	char h[33];

	if (!t->gen || !strstr(t->gen, "/gen/.tmp-"))
		return;
	tc_deps_pause();
	tc_hasher_init(&hs);
	hash_gen(t->gen, t->gen, &hs);
	tc_deps_resume();
	tc_hasher_hex(&hs, h);
	char *final = tc_cache_path("gen", h);
	if (final && (is_dir(final) || rename(t->gen, final))) {
		/* made before (or meanwhile, by another run): this copy goes */
		if (is_dir(final)) {
			nftw(t->gen, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
			tc_cache_touch(final);
		} else {
			free(final);
			final = NULL;
		}
	}
	if (final) {
		free(t->gen);
		t->gen = final;
		t->gen_shared = 1;
	}
}

static int generate(struct tc_ktree *t, const char *target, const char *kconfig)
{
	char *dir = gen_temp_dir();
	int v, p, s;

	if (!dir)
		return error("cannot create a temporary directory: %s", strerror(errno));
	t->gen = dir;

	char *arch_asm = xasprintf("%s/arch/%s/include/asm", t->root, t->arch);
	char *arch_uasm = xasprintf("%s/arch/%s/include/uapi/asm", t->root, t->arch);
	char *gen_asm = xasprintf("%s/arch/%s/include/generated/asm", dir, t->arch);
	char *gen_uasm = xasprintf("%s/arch/%s/include/generated/uapi/asm", dir, t->arch);
	char *kb;

	mkdir_p(gen_asm, 0700);
	mkdir_p(gen_uasm, 0700);
	kb = xasprintf("%s/Kbuild", arch_uasm);
	wrappers_from_kbuild(kb, "generic-y", arch_uasm, gen_uasm);
	free(kb);
	kb = xasprintf("%s/include/uapi/asm-generic/Kbuild", t->root);
	wrappers_from_kbuild(kb, "mandatory-y", arch_uasm, gen_uasm);
	free(kb);
	kb = xasprintf("%s/Kbuild", arch_asm);
	wrappers_from_kbuild(kb, "generic-y", arch_asm, gen_asm);
	free(kb);
	kb = xasprintf("%s/include/asm-generic/Kbuild", t->root);
	/* mandatory-y entries the arch has in neither asm/ nor uapi/asm/ */
	wrappers_from_kbuild(kb, "mandatory-y", arch_asm, gen_asm);
	free(kb);
	free(arch_asm);
	free(arch_uasm);
	free(gen_asm);
	free(gen_uasm);

	struct strbuf cfg = STRBUF_INIT;
	if (kconfig) {
		char *ac = autoconf_from_kconfig(kconfig);
		if (!ac)
			return -1;
		strbuf_addstr(&cfg, ac);
		free(ac);
		goto write_config;
	}
	strbuf_addstr(&cfg, "/* tracecheck: minimal configuration for an unconfigured tree */\n"
			    "#define CONFIG_TRACEPOINTS 1\n#define CONFIG_TRACING 1\n"
			    "#define CONFIG_EVENT_TRACING 1\n#define CONFIG_FTRACE 1\n"
			    "#define CONFIG_SMP 1\n#define CONFIG_NR_CPUS 64\n#define CONFIG_MMU 1\n"
			    "#define CONFIG_HZ 250\n#define CONFIG_PAGE_SHIFT 12\n"
			    "#define CONFIG_NODES_SHIFT 6\n#define CONFIG_BASE_SMALL 0\n"
			    "#define CONFIG_PRINTK 1\n#define CONFIG_BLOCK 1\n#define CONFIG_NET 1\n"
			    "#define CONFIG_PCI 1\n#define CONFIG_MODULES 1\n#define CONFIG_INET 1\n"
			    "#define CONFIG_IPV6 1\n#define CONFIG_TREE_RCU 1\n#define CONFIG_TREE_SRCU 1\n"
			    "#define CONFIG_PERF_EVENTS 1\n#define CONFIG_BPF_EVENTS 1\n"
			    "#define CONFIG_SYSFS 1\n#define CONFIG_PROC_FS 1\n#define CONFIG_NUMA 1\n"
			    /* the default allocator (the only one from 6.8): slab.h needs one */
			    "#define CONFIG_SLUB 1\n");
	if (is_64bit(target))
		strbuf_addstr(&cfg, "#define CONFIG_64BIT 1\n#define CONFIG_PHYS_ADDR_T_64BIT 1\n"
				    "#define CONFIG_ARCH_DMA_ADDR_T_64BIT 1\n");
	if (!strcmp(t->arch, "x86"))
		strbuf_addstr(&cfg, is_64bit(target)
					    ? "#define CONFIG_X86 1\n#define CONFIG_X86_64 1\n"
					      "#define CONFIG_PGTABLE_LEVELS 4\n"
					      "#define CONFIG_X86_L1_CACHE_SHIFT 6\n"
					      "#define CONFIG_X86_INTERNODE_CACHE_SHIFT 6\n"
					      "#define CONFIG_ILLEGAL_POINTER_VALUE 0xdead000000000000\n"
					    : "#define CONFIG_X86 1\n#define CONFIG_X86_32 1\n"
					      "#define CONFIG_PGTABLE_LEVELS 2\n"
					      "#define CONFIG_X86_L1_CACHE_SHIFT 6\n"
					      "#define CONFIG_ILLEGAL_POINTER_VALUE 0\n");
	else if (!strcmp(t->arch, "arm64"))
		strbuf_addstr(&cfg, "#define CONFIG_ARM64 1\n#define CONFIG_PGTABLE_LEVELS 4\n"
				    "#define CONFIG_ARM64_PAGE_SHIFT 12\n");
	/* what every build of the architecture has (HAVE_SYSCALL_TRACEPOINTS ...) */
	tc_kmake_arch_selects(t->root, t->arch, &cfg);
write_config:;
	char *path = xasprintf("%s/include/generated/autoconf.h", dir);
	write_text(path, cfg.buf);
	free(path);
	const char *hzl = strstr(cfg.buf, "#define CONFIG_HZ ");
	unsigned long long hz = hzl ? strtoull(hzl + 18, NULL, 10) : 0;
	if (hz >= 2) {
		struct strbuf tc = STRBUF_INIT;
		tc_ktree_timeconst(&tc, hz);
		path = xasprintf("%s/include/generated/timeconst.h", dir);
		write_text(path, tc.buf);
		free(path);
		strbuf_release(&tc);
	}
	/* what the tree's Kbuild files say kbuild generates (bounds.h: see below) */
	tc_kmake_generate(t->root, t->arch, cfg.buf, dir);
	tracepoint_includes(t->root, dir);
	strbuf_release(&cfg);

	free(t->version);
	t->version = makefile_version(t->root, &v, &p, &s);
	if (t->version) {
		char *ver = xasprintf(
			"#define LINUX_VERSION_CODE %d\n"
			"#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))\n"
			"#define LINUX_VERSION_MAJOR %d\n#define LINUX_VERSION_PATCHLEVEL %d\n"
			"#define LINUX_VERSION_SUBLEVEL %d\n",
			(v << 16) + (p << 8) + (s > 255 ? 255 : s < 0 ? 0 : s), v, p, s < 0 ? 0 : s);
		path = xasprintf("%s/include/generated/uapi/linux/version.h", dir);
		write_text(path, ver);
		free(path);
		free(ver);
		ver = xasprintf("#define UTS_RELEASE \"%s\"\n", t->version);
		path = xasprintf("%s/include/generated/utsrelease.h", dir);
		write_text(path, ver);
		free(path);
		free(ver);
	}
	path = xasprintf("%s/include/generated/bounds.h", dir);
	write_text(path, "#define NR_PAGEFLAGS 23\n#define MAX_NR_ZONES 5\n#define NR_CPUS_BITS 6\n"
			 "#define SPINLOCK_SIZE 4\n#define LRU_GEN_WIDTH 0\n#define __LRU_REFS_WIDTH 0\n");
	free(path);
	path = xasprintf("%s/include/generated/asm-offsets.h", dir);
	if (!is_file(path))
		write_text(path, "");
	free(path);
	return 0;
}

/* Does root/rel contain text?  How the tree behaves, not its version. */
static int file_contains(const char *root, const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", root, rel);
	char *body = read_file(path, NULL);
	int yes = body && strstr(body, text);

	free(body);
	free(path);
	return yes;
}

const char *tc_ktree_gen_dir(const struct tc_ktree *t)
{
	return t->gen;
}

int tc_ktree_unsigned_char(const struct tc_ktree *t)
{
	return t->unsigned_char;
}

int tc_ktree_numeric_array_len(const struct tc_ktree *t)
{
	return t->numeric_array_len;
}

/*
 * kbuild's dialect flags (kmake.c): of each flag's alternatives the
 * first whose every word the compiler takes.
 */
static void dialect_flags(struct tc_ktree *t, const char *gen, int (*cc_option)(const char *))
{
	char *ac = xasprintf("%s/include/generated/autoconf.h", gen);
	char *config = read_file(ac, NULL);
	struct tc_kflags f = { 0 };

	tc_kmake_dialect(t->root, t->arch, config, &f);
	for (size_t i = 0; i < f.nr; i++) {
		for (size_t a = 0; a < f.v[i].nr; a++) {
			const char *alt = f.v[i].alts[a];
			char *words = xstrdup(alt), *save = NULL;
			int ok = 1;
			for (char *w = strtok_r(words, " \t", &save); w && ok;
			     w = strtok_r(NULL, " \t", &save))
				ok = !cc_option || cc_option(w);
			free(words);
			if (!ok)
				continue;
			words = xstrdup(alt);
			for (char *w = strtok_r(words, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
				add_flag(t, xstrdup(w));
			free(words);
			break;
		}
	}
	tc_kflags_release(&f);
	free(config);
	free(ac);
}

struct tc_ktree *tc_ktree_prepare(const char *root, const char *target, const char *kconfig,
				  const char *build, int (*cc_option)(const char *flag))
{
	struct tc_ktree *t = xcalloc(1, sizeof(*t));
	char *probe;
	int v, p, s;

	t->root = xstrdup(root);
	t->arch = xstrdup(tc_kernel_arch(target));
	probe = xasprintf("%s/arch/%s/include", root, t->arch);
	if (!is_dir(probe)) {
		error("%s: not a kernel tree for architecture %s (no %s)", root, t->arch, probe);
		free(probe);
		tc_ktree_free(t);
		return NULL;
	}
	free(probe);
	t->version = makefile_version(root, &v, &p, &s);
	t->unsigned_char = file_contains(root, "Makefile", "-funsigned-char");
	t->numeric_array_len =
		file_contains(root, "kernel/trace/trace_events.c", "trace_define_field_ext");
	t->version_code = tc_kernel_version_of(root, build);

	/* an O= build directory holds what kbuild generated */
	probe = xasprintf("%s/include/generated/autoconf.h", build ? build : root);
	int configured = is_file(probe);
	free(probe);
	if (build && !configured) {
		error("--kernel-build %s: not a configured kernel build directory (no "
		      "include/generated/autoconf.h)",
		      build);
		tc_ktree_free(t);
		return NULL;
	}
	if ((!configured || kconfig) && generate(t, target, kconfig)) {
		tc_ktree_free(t);
		return NULL;
	}
	share_gen(t);
	const char *gen = configured ? (build ? build : root) : t->gen;

	add_flag(t, xstrdup("-D__KERNEL__"));
	dialect_flags(t, t->gen && (kconfig || !configured) ? t->gen : gen, cc_option);
	add_flag(t, xasprintf("-I%s/arch/%s/include", root, t->arch));
	add_flag(t, xasprintf("-I%s/arch/%s/include/generated", gen, t->arch));
	/* our generated/autoconf.h (for --kconfig) goes before the tree's */
	if (t->gen)
		add_flag(t, xasprintf("-I%s/include", t->gen));
	if (build)
		add_flag(t, xasprintf("-I%s/include", build));
	add_flag(t, xasprintf("-I%s/include", root));
	add_flag(t, xasprintf("-I%s/arch/%s/include/uapi", root, t->arch));
	add_flag(t, xasprintf("-I%s/arch/%s/include/generated/uapi", gen, t->arch));
	add_flag(t, xasprintf("-I%s/include/uapi", root));
	add_flag(t, xasprintf("-I%s/include/generated/uapi", gen));
	/* kbuild's -include list; kconfig.h pulls in generated/autoconf.h */
	static const char *const forced[] = { "include/linux/kconfig.h",
					      "include/linux/compiler_types.h" };
	for (size_t i = 0; i < ARRAY_SIZE(forced); i++) {
		char *p = xasprintf("%s/%s", root, forced[i]);
		if (is_file(p)) {
			add_flag(t, xstrdup("-include"));
			add_flag(t, p);
		} else {
			if (i == 0) {
				/* a tree without kconfig.h still gets its configuration */
				add_flag(t, xstrdup("-include"));
				add_flag(t, xasprintf("%s/include/generated/autoconf.h",
						      t->gen && (kconfig || !configured) ? t->gen : gen));
			}
			free(p);
		}
	}
	add_flag(t, xasprintf("-iquote%s/include/trace", root));
	add_flag(t, xstrdup("-DKBUILD_MODNAME=\"tracecheck\""));
	add_flag(t, xstrdup("-DKBUILD_BASENAME=\"tracecheck\""));
	return t;
}


void tc_ktree_free(struct tc_ktree *t)
{
	if (!t)
		return;
	if (t->gen && !t->gen_shared)
		nftw(t->gen, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	for (size_t i = 0; i < t->nr_cflags; i++)
		free(t->cflags[i]);
	free(t->cflags);
	free(t->root);
	free(t->arch);
	free(t->gen);
	free(t->version);
	free(t);
}

const char *tc_ktree_root(const struct tc_ktree *t)
{
	return t->root;
}

const char *tc_ktree_arch(const struct tc_ktree *t)
{
	return t->arch;
}

const char *const *tc_ktree_cflags(const struct tc_ktree *t)
{
	static const char *const none[] = { NULL };

	return t->cflags ? (const char *const *)t->cflags : none;
}

const char *tc_ktree_version(const struct tc_ktree *t)
{
	return t->version;
}

int tc_ktree_version_code(const struct tc_ktree *t)
{
	return t->version_code;
}
