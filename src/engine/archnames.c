// SPDX-License-Identifier: MIT
/*
 * Which names another architecture's own headers hold (archnames.h): a
 * header below arch/X/ read for another target stands on X's asm/
 * headers for its tables and helpers, which a parse for the target does
 * not read.  A name X's headers define is X's, and what stands on it is
 * not judged; a name they do not define (a function of a .c, as 7.3's
 * arm64 __hyp_enter_exit_reason_str(), which arm64's kvm_hypevents.h
 * itself names) is the header's own defect in any build.  The headers
 * are every .h below arch/X/include, read as text, and a name counts
 * where one of them has a "#define NAME": the tables and helpers such
 * headers give print fmts are macros (s390's diagnose_codes and
 * icpt_insn_decoder(), arm64's kvm_arm.h tables and sys_reg_Op0()); a
 * function one declares is a call user space cannot evaluate in any
 * build.  The listings and the files read are the result's dependencies.
 */
#include "archnames.h"

#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "deps.h"
#include "util.h"

#define MAX_DEPTH 8

/* Does text have a "#define name" (name a whole identifier)? */
static int has_define(const char *text, size_t len, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = text, *end = text + len; n && p < end;) {
		const char *q = memmem(p, (size_t)(end - p), name, n);
		if (!q)
			return 0;
		p = q + 1;
		if (q + n < end && tc_cident_char((unsigned char)q[n]))
			continue;
		/* back over blanks, "define", blanks, '#', blanks to the line's start */
		const char *b = q;
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b == q || b - text < 6 || memcmp(b - 6, "define", 6))
			continue;
		b -= 6;
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b == text || b[-1] != '#')
			continue;
		b--;
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b == text || b[-1] == '\n')
			return 1;
	}
	return 0;
}

static void scan(const char *dir, const char *const *names, size_t nr, int *found,
		 size_t *left, int depth)
{
	char **v;
	size_t n = list_dir(dir, &v);

	for (size_t i = 0; i < n && *left; i++) {
		char *path = xasprintf("%s/%s", dir, v[i]);
		if (ends_with(v[i], ".h")) {
			size_t len;
			char *text = read_file(path, &len);
			for (size_t k = 0; text && k < nr; k++) {
				if (!found[k] && has_define(text, len, names[k])) {
					found[k] = 1;
					--*left;
				}
			}
			free(text);
		} else if (depth < MAX_DEPTH && v[i][0] != '.' && tc_deps_probe(path) == 'd') {
			scan(path, names, nr, found, left, depth + 1);
		}
		free(path);
	}
	free_strings(v, n);
}

void tc_arch_headers_name(const char *root, const char *arch, size_t arch_len,
			  const char *const *names, size_t nr, int *found)
{
	char *dir = xasprintf("%s/arch/%.*s/include", root, (int)arch_len, arch);
	size_t left = nr;

	memset(found, 0, nr * sizeof(*found));
	if (tc_deps_probe(dir) == 'd')
		scan(dir, names, nr, found, &left, 0);
	free(dir);
}
