// SPDX-License-Identifier: MIT
#include "umodel.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "ctypes.h"
#include "helpers.h"
#include "keval.h"
#include "pconv.h"
#include "pext.h"
#include "strbuf.h"
#include "util.h"

const struct tc_urelease tc_ureleases[TC_UREL_NR] = {
	{ "1.7.1", "2023-01-09", "4e51588; Debian 12 (bookworm)" },
	{ "1.7.2", "2023-03-27", "1c6f0f3" },
	{ "1.7.3", "2023-06-07", "dd14818" },
	{ "1.8.0", "2023-12-24", "8cf5315" },
	{ "1.8.1", "2023-12-28", "85a2078" },
	{ "1.8.2", "2024-01-08", "6f6d580" },
	{ "1.8.3", "2024-07-24", "645a883" },
	{ "1.8.4", "2024-10-11", "bd47bd5; Debian 13 (trixie), RHEL 9" },
	{ "1.8.5", "2025-11-12", "bea29b16e9b0 (from the push announcements; no build tested here)" },
	{ "1.9.0", "2026-02", "Debian sid (its binary package, run by scripts/compare-render); "
			      "trace-cmd 3.4 requires it" },
};

const char tc_urender_kernel[] = "Linux 6.12.118 amd64";

tc_uset tc_uset_default(void)
{
	return TC_USET_RANGE(TC_UREL_1_7_1, TC_UREL_1_9_0);
}

int tc_urelease_index(const char *name)
{
	for (int i = 0; i < TC_UREL_NR; i++)
		if (!strcmp(tc_ureleases[i].name, name))
			return i;
	/* "1.8" is 1.8.0's tag */
	if (!strcmp(name, "1.8"))
		return TC_UREL_1_8_0;
	return -1;
}

/* "1.8.4" -> 10804; -1 if not a version */
static long version_code(const char *v)
{
	long part[3] = { 0, 0, 0 };
	int n = 0;

	while (n < 3) {
		if (!isdigit((unsigned char)*v))
			return -1;
		part[n++] = strtol(v, (char **)&v, 10);
		if (*v != '.')
			break;
		v++;
	}
	if (*v && *v != '-' && *v != '+' && *v != '~')
		return -1;
	return part[0] * 10000 + part[1] * 100 + part[2];
}

int tc_urelease_of_version(const char *v)
{
	long c = v ? version_code(v) : -1;
	int best = -1;

	for (int i = 0; c >= 0 && i < TC_UREL_NR; i++)
		if (version_code(tc_ureleases[i].name) <= c)
			best = i;
	return best;
}

tc_uset tc_uset_parse(const char *list, const char **bad)
{
	static char name[32];
	tc_uset s = 0;
	const char *p = list;

	for (;;) {
		size_t n = strcspn(p, ",");
		snprintf(name, sizeof(name), "%.*s", (int)(n < sizeof(name) - 1 ? n : sizeof(name) - 1), p);
		int r = tc_urelease_index(name);
		if (!strcmp(name, "all")) {
			s |= TC_USET_ALL;
		} else if (r < 0) {
			*bad = name;
			return 0;
		} else {
			s |= TC_USET(r);
		}
		if (!p[n])
			return s;
		p += n + 1;
	}
}

char *tc_uset_text(tc_uset s, tc_uset sel)
{
	struct strbuf sb = STRBUF_INIT;
	int runs[TC_UREL_NR][2], nr = 0;

	sel |= s;
	for (int i = 0; i < TC_UREL_NR; i++) {
		if (!(s & TC_USET(i)))
			continue;
		/* continue the run when no selected release lies between */
		int prev = nr ? runs[nr - 1][1] : -1, gap = 0;
		for (int k = prev + 1; prev >= 0 && k < i; k++)
			gap |= !!(sel & TC_USET(k));
		if (prev >= 0 && !gap) {
			runs[nr - 1][1] = i;
		} else {
			runs[nr][0] = runs[nr][1] = i;
			nr++;
		}
	}
	for (int r = 0; r < nr; r++) {
		if (r)
			strbuf_addstr(&sb, r == nr - 1 ? " and " : ", ");
		int a = runs[r][0], b = runs[r][1], between = 0;
		for (int k = a; k <= b; k++)
			between += !!(sel & TC_USET(k));
		if (a == b)
			strbuf_addstr(&sb, tc_ureleases[a].name);
		else if (between == 2 && nr == 1)
			strbuf_addf(&sb, "%s and %s", tc_ureleases[a].name, tc_ureleases[b].name);
		else
			strbuf_addf(&sb, "%s to %s", tc_ureleases[a].name, tc_ureleases[b].name);
	}
	return strbuf_detach(&sb);
}

int tc_uset_fixed_in(tc_uset s)
{
	int last = -1;

	for (int i = 0; i < TC_UREL_NR; i++)
		if (s & TC_USET(i))
			last = i;
	return last >= 0 && last + 1 < TC_UREL_NR ? last + 1 : -1;
}

/* ---- the facts ---- */

#define R(x) TC_UREL_##x
#define UP_TO(x) TC_USET_RANGE(0, R(x))
#define FROM(x) TC_USET_RANGE(R(x), TC_UREL_NR - 1)
#define TESTED TC_USET(R(1_7_1)) | TC_USET(R(1_8_4))
/*
 * scripts/compare-render: trace-cmd report of the test module's records of a booted kernel
 * (and of a synthetic event's, for get-stacktrace)
 */
#define VERIFIED TC_USET(R(1_7_1)) | TC_USET(R(1_8_4)) | TC_USET(R(1_9_0))
#define RESEARCH "1.9.0 (../shared/reference/review-2026-12/research-2026.md, section 2.3)"

const struct tc_ufact tc_ufacts[TC_UF_NR] = {
	[TC_UF_CONV_C] = {
		"conv-c", TC_UE_RENDER, UP_TO(1_7_2), 0, TC_UB_LIBRARY, 0, 0, 0,
		"the '%c' conversion",
		"print{s} '>c<' for '%s' and give{s} every later conversion the wrong argument",
		"print{s} the character",
		NULL,
		"commit 1d8ddb9 \"libtraceevent: Handle %c\" (2023-05-08), first in 1.7.3",
		TESTED, NULL, VERIFIED,
	},
	[TC_UF_FLAG_PLUS] = {
		"flag-plus", TC_UE_RENDER, UP_TO(1_7_2), 0, TC_UB_LIBRARY, 0, 0, 0,
		"the '+' flag",
		"print{s} '>+<' for the '+' flag of '%s' and give{s} every later conversion the wrong "
		"argument",
		"print{s} the sign",
		NULL,
		"commit 0b9a34e \"libtraceevent: Handle printf '%+d' case\" (2023-06-01), first in 1.7.3",
		TESTED, NULL, VERIFIED,
	},
	[TC_UF_FLAG_SPACE] = {
		"flag-space", TC_UE_RENDER, TC_USET_ALL, 0, TC_UB_LIBRARY, 0, 1, 0,
		"the ' ' flag",
		"print{s} '> <' for the ' ' flag of '%s' and give{s} every later conversion the wrong "
		"argument",
		NULL,
		"drop the ' ' flag (a positive number then has no space before it)",
		"parse_arg_format() has no ' ' flag in any release up to 1.8.4; no later changelog "
		"entry adds it",
		TESTED, RESEARCH, VERIFIED,
	},
	[TC_UF_CHAR_LITERAL] = {
		"char-literal", TC_UE_RENDER, UP_TO(1_8_2), 0, TC_UB_LIBRARY, 0, 1, 0,
		"a character constant",
		"evaluate{s} the character constant %s as 0",
		"read{s} it as its character code",
		"write its code as a number ('A' is 65)",
		"commit 5bc98bd \"libtraceevent: Have single quotes represent characters\" "
		"(2024-04-15), first in 1.8.3",
		TESTED, NULL, VERIFIED,
	},
	[TC_UF_CHAR_ESCAPE] = {
		"char-escape", TC_UE_RENDER, TC_USET_ALL, 0, TC_UB_LIBRARY, 0, 1, 0,
		"a character constant with an escape or several characters",
		"do{es} not evaluate the character constant %s as the compiler does: up to 1.8.2 it is "
		"0, from 1.8.3 the code of its first character ('\\n' is 92, the backslash)",
		NULL,
		"write its value as a number ('\\n' is 10)",
		"commit 5bc98bd (1.8.3) reads the first byte of the quoted text and decodes no escape",
		TESTED, NULL, VERIFIED,
	},
	[TC_UF_PRINT_ARRAY] = {
		"print-array", TC_UE_RENDER, UP_TO(1_8_3), 0, TC_UB_LIBRARY, 1, 0, 0,
		"__print_array()",
		"print{s} %s as '1 2 3' where the kernel prints '{0x1,0x2,0x3}'",
		"print{s} it as the kernel does",
		NULL,
		"commit 5f570de \"libtraceevent: Print arrays like Linux does\" (2024-08-26), first "
		"in 1.8.4",
		TESTED, NULL, VERIFIED,
	},
	[TC_UF_SIZEOF_FIXED] = {
		"sizeof-fixed", TC_UE_PARSE, UP_TO(1_8_3), 0, TC_UB_LIBRARY, 0, 1, 0,
		"sizeof() of a fixed-width type (u8 ... u64, s8 ... s64, __u8 ... __s64)",
		"cannot parse %s: perf and trace-cmd print the event as [FAILED TO PARSE]",
		"parse{s} it",
		"sizeof(int), sizeof(long) or the number",
		"commit f2224d5 \"libtraceevent: Have sizeof() parsing handle u8/s8 through u64/s64\" "
		"(2024-10-11), first in 1.8.4",
		TESTED, NULL, VERIFIED,
	},
	[TC_UF_SIZEOF_FREED] = {
		"sizeof-freed", TC_UE_MEMORY, TC_USET(R(1_7_1)), 0, TC_UB_LIBRARY, 0, 1, 0,
		"sizeof(int), sizeof(long long) or sizeof(REC->field)",
		"read{s} a token {it} freed while parsing %s and free{s} it again: perf and trace-cmd may "
		"crash or fail to parse the event, depending on the allocator (with glibc's it "
		"usually parses; AddressSanitizer reports a use after free)",
		"parse{s} it",
		"sizeof(long), sizeof(unsigned) or the number",
		"commit a4b1ba5 \"libtraceevent: Fix double free in parsing sizeof()\" (2023-03-24, "
		"found by fuzzing), first in 1.7.2",
		TESTED, NULL,
	},
	[TC_UF_TAB] = {
		"tab", TC_UE_PARSE, UP_TO(1_8_4), 0, TC_UB_LIBRARY, 0, 1, 0,
		"a TAB in the format string",
		"cannot parse a TAB in the format string (it ends {its} string token): perf and "
		"trace-cmd print the event as [FAILED TO PARSE]",
		"parse{s} it",
		"spaces (or ': ')",
		"commit a1648f49584d \"libtraceevent: Add support for \\t char in print fmt\" (pushed "
		"2025-04-02), first in 1.8.5",
		TESTED, RESEARCH, VERIFIED,
	},
	[TC_UF_PRINT_DYNAMIC_ARRAY] = {
		"print-dynamic-array", TC_UE_PARSE, UP_TO(1_8_4), 0, TC_UB_LIBRARY, 0, 0, 0,
		"__print_dynamic_array()",
		"do{es} not know %s(): perf and trace-cmd print the event as [FAILED TO PARSE]",
		"print{s} it as the kernel does",
		"__print_array(__get_dynamic_array(F), __get_dynamic_array_len(F) / SIZE, SIZE), "
		"which 1.8.4 and later print as the kernel does",
		"commit 3f9655198727 \"libtraceevent: Add support for __print_dynamic_array() macro\" "
		"(pushed 2025-05-30), first in 1.8.5",
		TESTED, RESEARCH, VERIFIED,
	},
	[TC_UF_GET_STACKTRACE] = {
		"get-stacktrace", TC_UE_PARSE, UP_TO(1_8_5), 0, TC_UB_LIBRARY, 0, 0, 0,
		"__get_stacktrace()",
		"do{es} not know %s(): perf and trace-cmd print the event as [FAILED TO PARSE]",
		"print{s} the stack trace",
		NULL,
		"commit c284dec6c638 \"libtraceevent: Handle __get_stacktrace()\" (pushed 2025-12-30), "
		"first in 1.9.0",
		TESTED, RESEARCH, VERIFIED,
	},
	[TC_UF_TERNARY_ELSE] = {
		"ternary-else", TC_UE_RENDER, UP_TO(1_8_4), 0, TC_UB_LIBRARY, 0, 1, 0,
		"a conditional nested in the else branch of another without parentheses "
		"(c1 ? a : c2 ? b : c)",
		"evaluate{s} the conditional nested without parentheses in the else branch of another "
		"('%s') wrongly: when the first condition holds, another branch is printed",
		"evaluate{s} it as C does",
		"parentheses around the nested conditional: c1 ? a : (c2 ? b : c)",
		"commit c1db0c69f6d4 \"libtraceevent: Add support for nested ?: conditionals\" "
		"(pushed 2025-05-30), first in 1.8.5; seen in ras:aer_event, where perf script showed "
		"corrected errors as \"Uncorrected\"",
		TESTED, RESEARCH, VERIFIED,
	},
	[TC_UF_TERNARY_THEN] = {
		"ternary-then", TC_UE_PARSE, FROM(1_8_5), 0, TC_UB_LIBRARY, 0, 1, 0,
		"a conditional nested in the then branch of another without parentheses "
		"(a ? b ? x : y : z)",
		"cannot parse the conditional nested without parentheses in the then branch of "
		"another ('%s'): perf and trace-cmd print the event as [FAILED TO PARSE]",
		"parse{s} it",
		"parentheses around the nested conditional: a ? (b ? x : y) : z",
		"a regression of commit c1db0c69f6d4 (1.8.5), which taught the parser nested "
		"conditionals in the else branch",
		TESTED, RESEARCH, VERIFIED,
	},
	[TC_UF_BYTE_SWAP] = {
		"byte-swap", TC_UE_PARSE, TC_USET_ALL, FROM(1_8_5), TC_UB_LIBRARY, 0, 1, 0,
		"__builtin_constant_p(), __fswab16/32/64() and __builtin_bswap16/32/64() (what "
		"ntohs(), be16_to_cpu() and their family expand to)",
		"do{es} not know %s() without plugins: trace-cmd check-events and other programs that "
		"load no plugin print the event as [FAILED TO PARSE]",
		"evaluate{s} them with {its} net plugin, which perf and trace-cmd load",
		"the converted value recorded in a field at assign time",
		"commit 800c1a257df2 \"libtraceevent plugins: Add plugin_net to handle byte swap "
		"during print\" (pushed 2025-05-30), first in 1.8.5",
		TESTED, RESEARCH, VERIFIED,
	},
	[TC_UF_EMPTY_TABLE] = {
		"empty-table", TC_UE_PARSE, TC_USET_ALL, 0, TC_UB_LIBRARY, 0, 1, 0,
		"__print_symbolic() or __print_flags() with an empty or no table of values",
		"cannot parse '%s' without a table of values: perf and trace-cmd print the event as "
		"[FAILED TO PARSE]",
		NULL,
		"print the value as a number, or give the table its entries",
		"process_fields() expects a '{ value, \"name\" }' entry after the value in every "
		"release up to 1.8.4, and no later changelog entry changes it; the kernel accepts no "
		"table since its tables lost the { -1, NULL } end (kvm:kvm_inj_exception)",
		TESTED, RESEARCH,
	},
	[TC_UF_CPUMASK] = {
		"cpumask", TC_UE_RENDER, TC_USET_ALL, 0, TC_UB_LIBRARY, 1, 1, 1,
		"a cpumask (__get_cpumask())",
		"print{s} %s as a list of CPUs ('0-3,8') where the kernel prints a hex bitmap: the "
		"field's type, cpumask_t, tells user space it may",
		NULL,
		"__get_bitmask(), which both print as the hex bitmap",
		"print_str_arg() (TEP_PRINT_CPUMASK) of every release up to 1.8.4; the kernel's "
		"trace-events-sample.h documents cpumask_t as a type user space may print "
		"differently",
		TESTED, RESEARCH, VERIFIED,
	},
	[TC_UF_DYN_ARITH] = {
		"dyn-arith", TC_UE_MEMORY, TC_USET_ALL, 0, TC_UB_HEADER, 0, 1, 0,
		"arithmetic on __get_dynamic_array()",
		"take{s} arithmetic on '%s' for an address in {its} own memory and read{s} outside the "
		"record: perf and trace-cmd crash or print garbage, depending on the heap",
		NULL,
		"the array itself as the helper's argument, or the element recorded in a field",
		"eval_num_arg() and print_str_arg() of every release up to 1.8.4 (the helper reads a "
		"field from an operator); firewire_ohci:self_id_complete",
		TESTED, NULL, VERIFIED,
	},
	[TC_UF_BITMAP_HEX] = {
		"bitmap-hex", TC_UE_RENDER, TC_USET_ALL, 0, TC_UB_LIBRARY, 0, 1, 0,
		"the '%*pb' extension (a bitmap in hex)",
		"print{s} the value of '%s' as %p followed by the letters 'b' where the kernel prints "
		"the bitmap it points to in hex",
		NULL,
		"__get_bitmask(), which both print as the hex bitmap",
		"parse_arg_format_pointer() knows no 'b' extension in any release up to 1.8.4; no "
		"later changelog entry adds it",
		TESTED, RESEARCH, VERIFIED,
	},
	[TC_UF_BITMAP_LIST] = {
		"bitmap-list", TC_UE_RENDER, TC_USET_ALL, 0, TC_UB_LIBRARY, 0, 0, 0,
		"the '%*pbl' extension (a bitmap as a list of bits)",
		"print{s} the value of '%s' as %p followed by the letters 'bl' where the kernel prints "
		"the bitmap it points to as a list ('0-3,8')",
		NULL,
		NULL,
		"parse_arg_format_pointer() knows no 'b' extension in any release up to 1.8.4; no "
		"later changelog entry adds it (measured: '%*pbl prints a host pointer plus bl')",
		TESTED, RESEARCH, VERIFIED,
	},
	[TC_UF_PEXT_GLUED] = {
		"pext-glued", TC_UE_RENDER, TC_USET_ALL, 0, TC_UB_HEADER, 1, 1, 0,
		"letters glued to a %p extension ('%pMpmk')",
		"print{s} the letters glued to '%s', which the kernel's vsnprintf() takes into the "
		"conversion and never prints",
		NULL,
		"a space or a comma between the conversion and the text",
		"parse_arg_format_pointer() of every release up to 1.8.4 reads only the letters of "
		"the extensions it knows; the kernel's format_decode() skips every letter after %p",
		TESTED, NULL, VERIFIED,
	},
};

#undef R
#undef UP_TO
#undef FROM
#undef TESTED
#undef VERIFIED
#undef RESEARCH

/* ---- finding them ---- */

struct scan {
	struct tc_umatch *v;
	size_t nr, alloc;
	const struct tc_fmtfile *ff;
	const char *base; /* the argument's text */
};

static struct tc_umatch *add(struct scan *s, enum tc_ufact_id id, long arg, const char *text,
			     size_t n, const char *spec)
{
	/* once per argument; each place a witness must not see */
	for (size_t i = 0; i < s->nr && id != TC_UF_SIZEOF_FREED; i++)
		if (s->v[i].fact == &tc_ufacts[id] && s->v[i].arg == arg)
			return NULL;
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	struct tc_umatch *m = &s->v[s->nr++];
	memset(m, 0, sizeof(*m));
	m->fact = &tc_ufacts[id];
	m->arg = arg;
	m->text = n > 120 ? xasprintf("%.117s...", text) : xstrndup(text, n);
	m->spec = spec ? xstrdup(spec) : NULL;
	if (arg >= 0 && s->base) {
		m->start = (size_t)(text - s->base);
		m->end = m->start + n;
	}
	return m;
}

static int is(const struct tc_ctok *t, size_t n, size_t i, const char *s)
{
	return i < n && tc_ctok_is(&t[i], s);
}

/* The index of the ')' closing the '(' at t[open] (n if none). */
static size_t closing(const struct tc_ctok *t, size_t n, size_t open)
{
	int depth = 0;

	for (size_t i = open; i < n; i++) {
		if (tc_ctok_is(&t[i], "(") || tc_ctok_is(&t[i], "[") || tc_ctok_is(&t[i], "{"))
			depth++;
		else if ((tc_ctok_is(&t[i], ")") || tc_ctok_is(&t[i], "]") || tc_ctok_is(&t[i], "}")) &&
			 --depth == 0)
			return i;
	}
	return n;
}

/* The text of tokens [a, b]. */
static struct tc_umatch *add_span(struct scan *s, enum tc_ufact_id id, long arg,
				  const struct tc_ctok *t, size_t a, size_t b)
{
	return add(s, id, arg, t[a].p, (size_t)(t[b].p + t[b].n - t[a].p), NULL);
}

/* u8 ... u64, s8 ... s64, __u8 ... __s64 -- but __s8, which 1.8.4 misspells "__8" */
static int fixed_width(const struct tc_ctok *w)
{
	const struct tc_ctype *ct = tc_ctype_findn(w->p, w->n);

	return ct && (ct->flags & TC_CT_KFIXED) && !tc_ctok_is(w, "__s8");
}

/* sizeof ( ... ) at t[i]: the facts of its operand */
static void scan_sizeof(struct scan *s, long arg, const struct tc_ctok *t, size_t n, size_t i)
{
	if (!is(t, n, i + 1, "("))
		return;
	size_t c = closing(t, n, i + 1), k = c - (i + 2);
	if (c >= n)
		return;
	const struct tc_ctok *in = &t[i + 2];
	if (k == 1 && fixed_width(&in[0]))
		add_span(s, TC_UF_SIZEOF_FIXED, arg, t, i, c);
	/*
	 * 1.7.1's process_sizeof() reads the ')' into the caller's token
	 * after freeing its own where the type is not followed by a token it
	 * has to look at: int, unsigned int, long long, unsigned long long
	 * and REC->field of a non-array field.
	 */
	long size = (k == 1 && tc_ctok_is(&in[0], "int")) ||
				    (k == 2 && tc_ctok_is(&in[0], "unsigned") && tc_ctok_is(&in[1], "int"))
			    ? 4
		    : (k == 2 && tc_ctok_is(&in[0], "long") && tc_ctok_is(&in[1], "long")) ||
				    (k == 3 && tc_ctok_is(&in[0], "unsigned") &&
				     tc_ctok_is(&in[1], "long") && tc_ctok_is(&in[2], "long"))
			    ? 8
			    : 0;
	if (k == 3 && tc_ctok_is(&in[0], "REC") && tc_ctok_is(&in[1], "->")) {
		char *name = xstrndup(in[2].p, in[2].n);
		const struct tc_ff_field *f = tc_fmtfile_field(s->ff, name);
		size = f && f->array_len < 0 ? f->size : 0;
		free(name);
	}
	struct tc_umatch *m = size ? add_span(s, TC_UF_SIZEOF_FREED, arg, t, i, c) : NULL;
	if (m)
		m->stand_in = xasprintf("%ld", size);
}

/*
 * __print_symbolic/__print_flags(value[, delim]) with no table, or an
 * empty one: nothing, or only "{ }", after the value (and the
 * delimiter).  A name there is a macro the kernel's build expands.
 */
static void scan_table(struct scan *s, long arg, const struct tc_ctok *t, size_t n, size_t i)
{
	size_t c = closing(t, n, i + 1);
	int flags = t[i].n >= 13 && !strncmp(t[i].p, "__print_flags", 13);
	size_t commas = 0, rest = 0;
	int depth = 0;

	if (c >= n)
		return;
	for (size_t k = i + 2; k < c; k++) {
		if (depth == 0 && commas == (size_t)(flags ? 2 : 1)) {
			/* what follows the value: "{", "}" and nothing else */
			if (!tc_ctok_is(&t[k], "{") && !tc_ctok_is(&t[k], "}"))
				return;
			rest++;
			continue;
		}
		if (tc_ctok_is(&t[k], "(") || tc_ctok_is(&t[k], "[") || tc_ctok_is(&t[k], "{"))
			depth++;
		else if (tc_ctok_is(&t[k], ")") || tc_ctok_is(&t[k], "]") || tc_ctok_is(&t[k], "}"))
			depth--;
		else if (tc_ctok_is(&t[k], ",") && depth == 0)
			commas++;
	}
	if (rest <= 2)
		add_span(s, TC_UF_EMPTY_TABLE, arg, t, i, c);
}

/* ((T *)__get_dynamic_array(f)) + k: a helper's buffer moved by arithmetic */
static void scan_dyn_arith(struct scan *s, long arg, const struct tc_ctok *t, size_t n, size_t i)
{
	size_t c = closing(t, n, i + 1);
	size_t end = c;

	/* out of the casts and parentheses around it */
	while (end + 1 < n && tc_ctok_is(&t[end + 1], ")"))
		end++;
	if (end + 1 < n && (tc_ctok_is(&t[end + 1], "+") || tc_ctok_is(&t[end + 1], "-")))
		add_span(s, TC_UF_DYN_ARITH, arg, t, i, c);
}

static void scan_arg(struct scan *s, long arg, const char *text)
{
	struct tc_ctok *t;
	size_t n = tc_ctokenize(text, &t);

	s->base = text;
	/*
	 * A function no release knows, even with plugins, makes the argument
	 * fail whatever else it holds: then plugin_net's functions change
	 * nothing.
	 */
	int unknown_call = 0;
	for (size_t i = 0; i + 1 < n; i++) {
		if (!tc_ctok_is_ident(&t[i]) || !tc_ctok_is(&t[i + 1], "("))
			continue;
		char *name = xstrndup(t[i].p, t[i].n);
		unknown_call |= !tc_uspace_builtin_function(name) && !tc_uspace_plugin_for(name) &&
				strcmp(name, "__print_dynamic_array") &&
				strcmp(name, "__get_stacktrace") && strcmp(name, "__print_flags_u64") &&
				strcmp(name, "__print_symbolic_u64");
		free(name);
	}
	for (size_t i = 0; i < n; i++) {
		const struct tc_ctok *k = &t[i];
		if (k->p[0] == '\'') {
			/* 'x': one plain character; anything else is an escape or several */
			int plain = k->n == 3 && k->p[1] != '\\';
			add(s, plain ? TC_UF_CHAR_LITERAL : TC_UF_CHAR_ESCAPE, arg, k->p, k->n, NULL);
			continue;
		}
		if (!tc_ctok_is_ident(k) || !is(t, n, i + 1, "("))
			continue;
		if (tc_ctok_is(k, "__print_array"))
			add_span(s, TC_UF_PRINT_ARRAY, arg, t, i, closing(t, n, i + 1) < n ? closing(t, n, i + 1) : i);
		else if (tc_ctok_is(k, "__print_dynamic_array"))
			add_span(s, TC_UF_PRINT_DYNAMIC_ARRAY, arg, t, i, i);
		else if (tc_ctok_is(k, "__get_stacktrace"))
			add_span(s, TC_UF_GET_STACKTRACE, arg, t, i, i);
		else if (tc_ctok_is(k, "__get_cpumask") || tc_ctok_is(k, "__get_rel_cpumask"))
			add_span(s, TC_UF_CPUMASK, arg, t, i, closing(t, n, i + 1) < n ? closing(t, n, i + 1) : i);
		else if (unknown_call)
			;
		else if (tc_ctok_is(k, "__builtin_constant_p") || tc_ctok_is(k, "__fswab16") ||
			 tc_ctok_is(k, "__fswab32") || tc_ctok_is(k, "__fswab64") ||
			 tc_ctok_is(k, "__builtin_bswap16") || tc_ctok_is(k, "__builtin_bswap32") ||
			 tc_ctok_is(k, "__builtin_bswap64"))
			add_span(s, TC_UF_BYTE_SWAP, arg, t, i, i);
		else if (tc_ctok_is(k, "__print_symbolic") || tc_ctok_is(k, "__print_flags") ||
			 tc_ctok_is(k, "__print_symbolic_u64") || tc_ctok_is(k, "__print_flags_u64"))
			scan_table(s, arg, t, n, i);
		else if (tc_ctok_is(k, "sizeof"))
			scan_sizeof(s, arg, t, n, i);
		else if (tc_ctok_is(k, "__get_dynamic_array") || tc_ctok_is(k, "__get_rel_dynamic_array"))
			scan_dyn_arith(s, arg, t, n, i);
	}
	free(t);

	struct tc_unested *nc;
	size_t nn = tc_unested_conditionals(text, &nc);
	for (size_t i = 0; i < nn; i++)
		add(s, nc[i].then_branch ? TC_UF_TERNARY_THEN : TC_UF_TERNARY_ELSE, arg,
		    text + nc[i].start, nc[i].end - nc[i].start, NULL);
	free(nc);
}

/* The conversions of the format string: %c, the '+' and ' ' flags. */
static void scan_format(struct scan *s)
{
	const char *fmt = s->ff->fmt;
	struct tc_pconv *cv;
	size_t n = tc_pconvs(fmt, TC_PCONV_GNU, &cv);

	s->base = NULL;
	if (strchr(fmt, '\t'))
		add(s, TC_UF_TAB, -1, "\\t", 2, NULL);
	for (size_t i = 0; i < n; i++) {
		const struct tc_pconv *c = &cv[i];
		if (!c->conv || !c->nr_args)
			continue;
		long arg = (long)(c->first_arg + c->nr_args - 1);
		char *spec = xstrndup(fmt + c->start, c->end - c->start);
		int plus = 0, space = 0;
		for (size_t k = c->start + 1; k < c->end && strchr("-+ #0", fmt[k]); k++) {
			plus |= fmt[k] == '+';
			space |= fmt[k] == ' ';
		}
		if (c->conv == 'c')
			add(s, TC_UF_CONV_C, arg, spec, strlen(spec), spec);
		if (plus)
			add(s, TC_UF_FLAG_PLUS, arg, spec, strlen(spec), spec);
		if (space)
			add(s, TC_UF_FLAG_SPACE, arg, spec, strlen(spec), spec);
		long used = c->conv == 'p' ? tc_pext_used(fmt + c->ext, c->ext_n) : -1;
		if (used > 0 && (size_t)used < c->ext_n &&
		    tc_pext_in_userspace(fmt + c->ext, (size_t)used))
			add(s, TC_UF_PEXT_GLUED, arg, spec, strlen(spec), spec);
		if (c->conv == 'p' && c->ext_n && fmt[c->ext] == 'b')
			add(s, c->ext_n > 1 && fmt[c->ext + 1] == 'l' ? TC_UF_BITMAP_LIST : TC_UF_BITMAP_HEX,
			    arg, spec, strlen(spec), spec);
		free(spec);
	}
	free(cv);
}

size_t tc_umodel_scan(const struct tc_fmtfile *ff, struct tc_umatch **out)
{
	struct scan s = { .ff = ff };

	if (ff->fmt)
		scan_format(&s);
	for (size_t i = 0; i < ff->nr_args; i++)
		if (!tc_karg_too_deep(ff->args[i])) /* not judged (keval.h) */
			scan_arg(&s, (long)i, ff->args[i]);
	/* the format string's first, then by argument */
	for (size_t i = 1; i < s.nr; i++)
		for (size_t j = i; j > 0 && s.v[j - 1].arg > s.v[j].arg; j--) {
			struct tc_umatch x = s.v[j];
			s.v[j] = s.v[j - 1];
			s.v[j - 1] = x;
		}
	*out = s.v;
	return s.nr;
}

void tc_umatches_free(struct tc_umatch *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].text);
		free(v[i].spec);
		free(v[i].stand_in);
	}
	free(v);
}

/* ---- nested conditionals ---- */

/*
 * The conditional whose '?' is t[q]: its ':' (*colon) and the end of its
 * else branch (*end, the token after it), at the depth of the '?'.
 * 0 if it has no ':'.
 */
static int cond_extent(const struct tc_ctok *t, size_t n, size_t q, size_t *colon, size_t *end)
{
	int depth = 0, pending = 0;
	size_t i;

	*colon = 0;
	for (i = q + 1; i < n; i++) {
		const struct tc_ctok *k = &t[i];
		if (tc_ctok_is(k, "(") || tc_ctok_is(k, "[") || tc_ctok_is(k, "{")) {
			depth++;
		} else if (tc_ctok_is(k, ")") || tc_ctok_is(k, "]") || tc_ctok_is(k, "}")) {
			if (depth-- == 0)
				break;
		} else if (depth == 0 && tc_ctok_is(k, ",")) {
			break;
		} else if (depth == 0 && tc_ctok_is(k, "?")) {
			pending++;
		} else if (depth == 0 && tc_ctok_is(k, ":")) {
			if (*colon && !pending)
				break; /* an enclosing conditional's */
			if (pending)
				pending--;
			else
				*colon = i;
		}
	}
	*end = i;
	return *colon != 0;
}

size_t tc_unested_conditionals(const char *expr, struct tc_unested **out)
{
	struct tc_ctok *t;
	size_t n = tc_ctokenize(expr, &t);
	struct tc_unested *v = NULL;
	size_t nr = 0, alloc = 0;

	/* each '?' scans to its end: thousands nested take minutes; and they are not judged */
	if (tc_ctok_nesting(t, n) > TC_MAX_NESTING)
		n = 0;

	for (size_t q = 0; q < n; q++) {
		size_t colon, end;
		if (!tc_ctok_is(&t[q], "?") || is(t, n, q + 1, ":") || !cond_extent(t, n, q, &colon, &end))
			continue;
		/* a '?' directly in a branch, outside brackets, starts a nested conditional */
		for (int then = 1; then >= 0; then--) {
			size_t from = then ? q + 1 : colon + 1, to = then ? colon : end;
			int depth = 0;
			for (size_t i = from; i < to; i++) {
				if (tc_ctok_is(&t[i], "(") || tc_ctok_is(&t[i], "[") || tc_ctok_is(&t[i], "{"))
					depth++;
				else if (tc_ctok_is(&t[i], ")") || tc_ctok_is(&t[i], "]") ||
					 tc_ctok_is(&t[i], "}"))
					depth--;
				else if (!depth && tc_ctok_is(&t[i], "?") && !is(t, n, i + 1, ":")) {
					ALLOC_GROW(v, nr + 1, alloc);
					v[nr].start = (size_t)(t[from].p - expr);
					v[nr].end = (size_t)(t[to - 1].p + t[to - 1].n - expr);
					v[nr].then_branch = then;
					nr++;
					break;
				}
			}
		}
	}
	free(t);
	*out = v;
	return nr;
}

/* ---- saying it ---- */

static int one(tc_uset s)
{
	return s && !(s & (s - 1));
}

/*
 * Template t for one release or several: print{s}, do{es}, {it} (it,
 * they), {its} (its, their); a %s is the construct.
 */
static void conjugate(struct strbuf *sb, const char *t, int singular, const char *construct)
{
	static const struct {
		const char *mark, *one, *more;
	} words[] = { { "{s}", "s", "" }, { "{es}", "es", "" }, { "{it}", "it", "they" },
		      { "{its}", "its", "their" } };

	while (*t) {
		size_t k;
		if (t[0] == '%' && t[1] == 's') {
			strbuf_addstr(sb, construct ? construct : "it");
			t += 2;
			continue;
		}
		for (k = 0; k < ARRAY_SIZE(words); k++)
			if (starts_with(t, words[k].mark))
				break;
		if (k < ARRAY_SIZE(words)) {
			strbuf_addstr(sb, singular ? words[k].one : words[k].more);
			t += strlen(words[k].mark);
		} else {
			strbuf_addch(sb, *t++);
		}
	}
}

char *tc_ufact_sentence(const struct tc_ufact *f, const char *construct, tc_uset s, tc_uset sel)
{
	struct strbuf sb = STRBUF_INIT;
	char *who = tc_uset_text(s, sel);
	tc_uset others = sel & ~s;

	strbuf_addf(&sb, "libtraceevent %s ", who);
	free(who);
	conjugate(&sb, f->wrong, one(s), construct);
	if (f->plugins & sel) {
		char *p = tc_uset_text(f->plugins & sel, sel);
		strbuf_addf(&sb, "; %s ", p);
		conjugate(&sb, f->right, one(f->plugins & sel), construct);
		free(p);
	} else if (f->right && others) {
		int fix = tc_uset_fixed_in(f->fails);
		if (fix >= 0 && !(f->fails & ~TC_USET_RANGE(0, fix))) {
			strbuf_addf(&sb, "; %s and later ", tc_ureleases[fix].name);
			conjugate(&sb, f->right, 0, construct);
		} else {
			char *o = tc_uset_text(others, sel);
			strbuf_addf(&sb, "; %s ", o);
			conjugate(&sb, f->right, one(others), construct);
			free(o);
		}
	}
	return strbuf_detach(&sb);
}

char *tc_ufact_provenance(const struct tc_ufact *f)
{
	struct strbuf sb = STRBUF_INIT;
	char *t = tc_uset_text(f->tested, f->tested);

	strbuf_addf(&sb, "source: %s; tested with libtraceevent %s", f->source, t);
	free(t);
	if (f->measured)
		strbuf_addf(&sb, ", measured with %s", f->measured);
	if (f->verified) {
		t = tc_uset_text(f->verified, TC_USET_ALL);
		strbuf_addf(&sb, "; verified with real records of %s by scripts/compare-render: %s",
			    tc_urender_kernel, t);
		free(t);
	}
	/* a release where the fact changes that no real library confirmed */
	tc_uset edge = 0;
	for (int i = 0; i + 1 < TC_UREL_NR; i++)
		if (!!(f->fails & TC_USET(i)) != !!(f->fails & TC_USET(i + 1)) ||
		    !!(f->plugins & TC_USET(i)) != !!(f->plugins & TC_USET(i + 1)))
			edge |= TC_USET(i) | TC_USET(i + 1);
	edge &= ~(f->tested | f->verified);
	if (f->measured && strstr(f->measured, "1.9.0"))
		edge &= ~TC_USET(TC_UREL_1_9_0);
	if (edge) {
		char *e = tc_uset_text(edge, edge);
		strbuf_addf(&sb, "; %s not verified against a real library", e);
		free(e);
	}
	return strbuf_detach(&sb);
}

int tc_ufact_severity(const struct tc_ufact *f, tc_uset sel, enum tc_severity sev,
		      enum tc_severity *out)
{
	tc_uset fs = f->fails & sel;

	if (!fs)
		return 0;
	if (f->blame == TC_UB_HEADER)
		*out = sev;
	else if (f->by_design || (sel & ~fs))
		*out = TC_SEV_NOTE;
	else if ((f->plugins & sel) || f->portable)
		*out = tc_severity_lower(sev);
	else
		*out = TC_SEV_NOTE;
	return 1;
}

const char *tc_ufact_blame(const struct tc_ufact *f)
{
	if (f->blame == TC_UB_HEADER)
		return "";
	return f->by_design ? " (user space's choice, not a defect of the header)"
			    : " (a gap of libtraceevent, not a defect of the header)";
}

void tc_umodel_print(FILE *out)
{
	static const char *const effects[] = { "does not parse", "prints otherwise than the kernel",
					       "reads memory it does not own" };
	char *def = tc_uset_text(tc_uset_default(), tc_uset_default());

	fprintf(out, "libtraceevent releases (--userspace; default %s):\n", def);
	free(def);
	for (int i = 0; i < TC_UREL_NR; i++)
		fprintf(out, "  %-6s %-11s %s\n", tc_ureleases[i].name, tc_ureleases[i].date,
			tc_ureleases[i].what);
	fprintf(out, "\nWhat changes between them (anything else, the linked library shows for "
		     "every release):\n");
	for (int i = 0; i < TC_UF_NR; i++) {
		const struct tc_ufact *f = &tc_ufacts[i];
		char *fails = tc_uset_text(f->fails, TC_USET_ALL);
		char *prov = tc_ufact_provenance(f);
		fprintf(out, "\n%s: %s\n", f->name, f->what);
		fprintf(out, "  %s: %s", effects[f->effect], fails);
		if (f->plugins) {
			char *p = tc_uset_text(f->plugins, TC_USET_ALL);
			fprintf(out, " (with plugins: %s parse it)", p);
			free(p);
		}
		fprintf(out, "; %s\n",
			f->blame == TC_UB_HEADER ? "the header's problem"
			: f->by_design		 ? "user space's choice"
						 : "a gap of libtraceevent");
		if (f->instead)
			fprintf(out, "  portable: %s\n", f->instead);
		fprintf(out, "  %s\n", prov);
		free(fails);
		free(prov);
	}
}
