// SPDX-License-Identifier: MIT
/* The synthetic unit parsed, against a precompiled prelude when there is one; --save-tu. */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_internal.h"
#include "rebuild.h"
#include "overlay.h"
#include "stackguard.h"
#include "strbuf.h"
#include "util.h"

/*
 * For benchmarks and bug reports: the unit and its arguments, so that
 * clang -fsyntax-only $(cat DIR/args) DIR/tu.c parses what tracecheck
 * parses (the unit's quoted includes resolve through -iquote).
 */
static const char *copy_to;
static size_t copy_from_len;

static int copy_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	char *to = xasprintf("%s%s", copy_to, path + copy_from_len);

	(void)ftw;
	if (flag == FTW_D) {
		mkdir(to, 0700);
	} else if (flag == FTW_F) {
		size_t n;
		char *body = read_file(path, &n);
		FILE *f = body ? fopen(to, "w") : NULL;
		if (f) {
			fwrite(body, 1, n, f);
			fclose(f);
		}
		free(body);
	}
	(void)st;
	free(to);
	return 0;
}

void tc_fe_save_tu(const char *dir, const struct argv *args, const char *tu_name,
		   const char *tu_text, const char *gen)
{
	char *a = xasprintf("%s/args", dir), *t = xasprintf("%s/tu.c", dir);
	char *udir = dir_name(tu_name);
	char *gen_copy = gen ? xasprintf("%s/gen", dir) : NULL;
	FILE *f;

	/* the tree's generated headers live in a directory removed at exit: copy them */
	if (gen) {
		copy_to = gen_copy;
		copy_from_len = strlen(gen);
		nftw(gen, copy_entry, 16, FTW_PHYS);
	}
	f = fopen(a, "w");
	if (f) {
		for (size_t i = 0; i < args->nr; i++) {
			const char *v = args->v[i], *at = gen ? strstr(v, gen) : NULL;
			if (at)
				fprintf(f, "%.*s%s%s\n", (int)(at - v), v, gen_copy, at + strlen(gen));
			else
				fprintf(f, "%s\n", v);
		}
		fprintf(f, "-iquote\n%s\n", udir);
		fclose(f);
	}
	f = fopen(t, "w");
	if (f) {
		fputs(tu_text, f);
		fclose(f);
	}
	if (!f)
		error("--save-tu %s: %s", dir, strerror(errno));
	free(udir);
	free(gen_copy);
	free(a);
	free(t);
}

/*
 * The synthetic unit: basics, the instantiator's text, then the header
 * instantiated; a trace remote's header through <trace/tc_remote.h>,
 * which reads __TRACECHECK_SELF.
 */
char *tc_fe_unit_text(const char *basics, const char *prelude, const char *header, int remote)
{
	if (remote)
		return xasprintf("%s%s\n#include <trace/tc_remote.h>\n", basics, prelude);
	return xasprintf("%s%s\n#define CREATE_TRACE_POINTS\n#include \"%s\"\n", basics, prelude,
			 header);
}

static int parse_unit_with(CXIndex idx, const char *tu_name, const char *tu_text,
			   const struct argv *args, CXTranslationUnit *tu)
{
	/* the unit, and the files --patch changed (a removed one stays on the disk) */
	size_t n = 1 + tc_overlay_count();
	struct CXUnsavedFile *unsaved = xcalloc(n, sizeof(*unsaved));

	unsaved[0].Filename = tu_name;
	unsaved[0].Contents = tu_text;
	unsaved[0].Length = strlen(tu_text);
	n = 1;
	for (size_t i = 0; i < tc_overlay_count(); i++) {
		const char *text;
		size_t len;
		const char *path = tc_overlay_entry(i, &text, &len);
		if (text) {
			unsaved[n].Filename = path;
			unsaved[n].Contents = text;
			unsaved[n++].Length = len;
		}
	}
	*tu = NULL;
	tc_guard_foreign(1);
	int rc = clang_parseTranslationUnit2(idx, tu_name, (const char *const *)args->v,
					     (int)args->nr, unsaved, (unsigned)n,
					     CXTranslationUnit_DetailedPreprocessingRecord |
						     CXTranslationUnit_KeepGoing |
						     CXTranslationUnit_SkipFunctionBodies,
					     tu);
	tc_guard_foreign(0);
	free(unsaved);
	return rc;
}

static int parse_unit(struct tc_frontend *fe, const char *tu_name, const char *tu_text,
		      const struct argv *args, CXTranslationUnit *tu)
{
	return parse_unit_with(fe->index, tu_name, tu_text, args, tu);
}

/*
 * Does the .c's text up to CREATE_TRACE_POINTS define nothing before
 * its last #include?  Then the kernel headers it includes read the same
 * when a precompiled prelude has read them before it.
 */
static int defines_nothing_first(const char *pre)
{
	const char *last_define = NULL, *last_include = NULL;

	for (const char *l = pre; *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		if (tc_directive(l, "include"))
			last_include = l;
		else if (tc_directive(l, "define") || tc_directive(l, "undef") ||
			 tc_directive(l, "pragma"))
			last_define = l;
	}
	return !last_define || !last_include || last_define > last_include;
}

/*
 * A unit in a kernel tree -- basics, the .c's text (or none: the header
 * alone), then the header instantiated (tu_text) -- read against a
 * precompiled prelude (pch.c) when there is one: the header alone with
 * the tree's basics and <linux/tracepoint.h>, a .c's context with the
 * kernel headers most .c files read.  The instantiator's -I directories
 * come after every directory of the prelude's and change none of its
 * look-ups; its -D flags are the prelude's too (a PCH of their own).
 * Whatever clang refuses of the PCH, the unit is read as it is.  The
 * dependencies are recorded.
 */
enum CXErrorCode tc_fe_parse_with_prelude(struct tc_frontend *fe, const char *tu_name,
					  const char *tu_text, struct tc_tu *t, struct argv *args,
					  size_t common, const struct tc_instantiator *inst,
					  const char *cprelude, const char *htext, const char *hdir)
{
	const struct tc_header *h = t->h;
	const char *prelude = cprelude ? tc_pch_prelude_big : tc_pch_prelude;
	char *own = NULL;
	enum CXErrorCode rc;

	tc_pch_info_free((struct tc_pch_info *)t->pch);
	t->pch = NULL;
	if (!h->bare && !fe->o.kbuild_c && !fe->o.save_tu && !h->remote &&
	    (!cprelude || defines_nothing_first(cprelude))) {
		struct argv pa = { 0 };
		for (size_t i = 0; i < common; i++)
			tc_fe_argv_push(&pa, args->v[i]);
		for (size_t i = 0; inst && i < inst->nr_flags; i++)
			if (starts_with(inst->flags[i], "-D"))
				tc_fe_argv_push(&pa, inst->flags[i]);
		/*
		 * A header checked again as it is edited: a prelude of its own
		 * includes too, with every flag the header is read with
		 * (its instantiator's -I directories, its own) but its name.
		 */
		if (!cprelude && fe->o.few && htext) {
			struct argv ha = { 0 };
			for (size_t i = 0; i < args->nr; i++)
				if (!starts_with(args->v[i], "-D__TRACECHECK_SELF=") &&
				    strcmp(args->v[i], "-Wimplicit-function-declaration"))
					tc_fe_argv_push(&ha, args->v[i]);
			own = tc_pch_header_prelude(htext, hdir, (const char *const *)ha.v, ha.nr);
			if (own && tc_pch_seen_again(h->abs_path, (const char *const *)ha.v, ha.nr)) {
				prelude = own;
				tc_fe_argv_release(&pa);
				pa = ha;
			} else {
				tc_fe_argv_release(&ha);
			}
		}
		struct tc_pch_info *pch =
			tc_pch_get(fe->index_pch, prelude, (const char *const *)pa.v, pa.nr);
		if (pch) {
			char *text = tc_fe_unit_text("", cprelude ? cprelude : "", h->abs_path, 0);
			tc_fe_argv_push(args, "-include-pch");
			tc_fe_argv_push(args, pch->path);
			rc = parse_unit_with(fe->index_pch, tu_name, text, args, &t->tu);
			tc_fe_record_deps(t->tu, tu_name, (const char *const *)args->v, args->nr, pch);
			free(args->v[--args->nr]);
			free(args->v[--args->nr]);
			free(text);
			if (rc == CXError_Success && t->tu && !tc_pch_failed(t->tu)) {
				tc_fe_argv_release(&pa);
				free(own);
				t->pch = pch;
				return rc;
			}
			/* refused (an input touched since): read without, made anew next time */
			if (t->tu)
				clang_disposeTranslationUnit(t->tu);
			t->tu = NULL;
			tc_pch_forget(prelude, (const char *const *)pa.v, pa.nr);
			tc_pch_info_free(pch);
		}
		tc_fe_argv_release(&pa);
	}
	free(own);
	rc = parse_unit(fe, tu_name, tu_text, args, &t->tu);
	tc_fe_record_deps(t->tu, tu_name, (const char *const *)args->v, args->nr, NULL);
	return rc;
}
