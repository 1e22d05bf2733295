// SPDX-License-Identifier: MIT
#include "checkfmt.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fmtfile.h"
#include "report.h"
#include "rules.h"
#include "strbuf.h"
#include "uverdict.h"
#include "util.h"

struct totals {
	size_t files, parsed, unparsable, plugin_only, misrendered, unreadable;
};

static void find_formats(const char *dir, char ***v, size_t *nr, size_t *alloc, int depth)
{
	char **names;
	size_t n;

	if (depth > 8)
		return;
	n = list_dir(dir, &names);
	for (size_t i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]);
		if (is_real_dir(p)) {
			find_formats(p, v, nr, alloc, depth + 1);
			free(p);
		} else if (!strcmp(names[i], "format")) {
			ALLOC_GROW(*v, *nr + 1, *alloc);
			(*v)[(*nr)++] = p;
		} else {
			free(p);
		}
	}
	free_strings(names, n);
}

/* events/SYSTEM/EVENT/format: SYSTEM; else the name of the directory above. */
static char *system_of(const char *path)
{
	char *d = dir_name(path), *up = dir_name(d);
	const char *b = strrchr(up, '/');
	char *s = xstrdup(b ? b + 1 : up);

	free(d);
	free(up);
	if (!*s || !strcmp(s, ".")) {
		free(s);
		s = xstrdup("unknown");
	}
	return s;
}

/* Column of argument i on the print fmt line (1-based), or 1. */
static unsigned arg_col(const char *text, size_t print_line, const char *arg, long i)
{
	const char *l = text;
	for (size_t k = 1; k < print_line && l; k++) {
		l = strchr(l, '\n');
		l = l ? l + 1 : NULL;
	}
	if (!l || i < 0)
		return 1;
	const char *p = strstr(l, "\", ");
	for (long k = 0; p && k <= i; k++) {
		const char *q = strstr(p, arg);
		if (k == i)
			return q ? (unsigned)(q - l) + 1 : 1;
		p = p + 1;
	}
	return 1;
}

static int check_file(const char *path, const struct tc_settings *s, const struct tc_rule_setting *rs,
		      struct tc_diags *diags, struct totals *t)
{
	char *text = read_file(path, NULL);
	struct tc_uv_findings uv;
	char *sys;
	int status = 0;

	t->files++;
	if (!text) {
		error("%s: cannot read: %s", path, strerror(errno));
		t->unreadable++;
		return 2;
	}
	sys = system_of(path);
	tc_uverdict(text, sys, &uv);
	/* an argument nested too deeply, a libtraceevent child killed from outside */
	if (uv.unchecked) {
		warning("%s: not checked: %s", path, uv.unchecked);
		status = 3;
	}
	/* where the findings go: the print fmt line, at the argument */
	struct tc_fmtfile ff;
	const char *why;
	int have_ff = !tc_fmtfile_parse(text, &ff, &why);
	int up = 0, po = 0, mr = 0;
	int w = tc_uv_witness_release();
	for (size_t i = 0; i < uv.nr; i++) {
		const struct tc_uv_finding *f = &uv.v[i];
		struct tc_uv_report r;
		if (f->kind == TC_UV_BAD_FORMAT) {
			error("%s: %s", path, f->msg);
			t->unreadable++;
			status = 2;
			continue;
		}
		/* the system's library decides; the model's other releases are notes */
		if (!tc_uv_compose(f, s->userspace, w, rs->severity, &r))
			continue;
		int memory = f->fact && f->fact->effect == TC_UE_MEMORY;
		int plugins = f->fact && w >= 0 && (f->fact->plugins & TC_USET(w));
		up |= f->kind == TC_UV_UNPARSABLE && !memory && !plugins;
		po |= f->kind == TC_UV_PLUGIN_ONLY || plugins;
		mr |= f->kind == TC_UV_MISRENDERED || f->kind == TC_UV_NONPRINTABLE;
		if (!rs->enabled) {
			tc_uv_report_release(&r);
			continue;
		}
		struct tc_loc loc = { .file = path, .line = 1, .col = 1 };
		if (have_ff) {
			loc.line = (unsigned)ff.print_line;
			if (f->arg >= 0 && (size_t)f->arg < ff.nr_args)
				loc.col = arg_col(text, (size_t)ff.print_line, ff.args[f->arg], f->arg);
		}
		struct tc_diag *d = tc_diags_add(diags, r.severity, "printk-userspace", loc, "%s", r.msg);
		/* a format file is one event: its argument, or its whole print fmt */
		tc_diag_subject(d, TC_SCOPE_EVENT, have_ff && ff.name ? ff.name : path,
				f->arg >= 0 ? TC_ELEM_ARG : TC_ELEM_FORMAT, NULL, f->arg);
		for (size_t k = 0; k < r.nr_notes; k++)
			tc_diag_note_as(d, r.kinds[k], loc, "%s", r.notes[k]);
		tc_uv_report_release(&r);
	}
	if (status != 2) {
		if (up)
			t->unparsable++;
		else if (po)
			t->plugin_only++;
		else
			t->parsed++;
		t->misrendered += mr && !up;
	}
	tc_fmtfile_release(&ff);
	tc_uv_findings_release(&uv);
	free(sys);
	free(text);
	return status;
}

int tc_check_formats(const char *const *paths, size_t n, const struct tc_settings *s)
{
	struct totals t = { 0 };
	int status = 0, any_dir = 0;
	int ri = tc_rule_index("printk-userspace");

	if (!tc_uv_consumer()) {
		error("--check-format needs libtraceevent, and tracecheck was built without it");
		return 2;
	}
	for (size_t i = 0; i < n; i++) {
		char **files = NULL;
		size_t nr = 0, alloc = 0;
		if (is_dir(paths[i])) {
			any_dir = 1;
			find_formats(paths[i], &files, &nr, &alloc, 0);
			sort_strings(files, nr);
			if (!nr) {
				error("%s: no format files below it", paths[i]);
				status = 2;
			}
		} else if (is_file(paths[i])) {
			ALLOC_GROW(files, nr + 1, alloc);
			files[nr++] = xstrdup(paths[i]);
		} else {
			error("%s: no such file or directory", paths[i]);
			status = 2;
		}
		for (size_t k = 0; k < nr; k++) {
			struct tc_diags diags = { 0 };
			int st = check_file(files[k], s, &s->rules[ri], &diags, &t);
			struct strbuf sb = STRBUF_INIT;
			tc_diags_sort(&diags);
			tc_report_diags_gcc(&sb, files[k], &diags, tc_diag_detail, s->fail_on);
			fputs(strbuf_str(&sb), stdout);
			strbuf_release(&sb);
			for (size_t j = 0; j < diags.nr; j++)
				if (diags.v[j].severity >= s->fail_on)
					st = tc_status_worse(st, 1);
			status = tc_status_worse(status, st);
			tc_diags_release(&diags);
			free(files[k]);
		}
		free(files);
	}
	fflush(stdout);
	if (any_dir)
		fprintf(stderr,
			"%zu format files: %zu parse in %s, %zu only with its plugins, %zu do "
			"not parse, %zu unreadable; %zu of those that parse print differently "
			"from the kernel\n",
			t.files, t.parsed, tc_uv_consumer(), t.plugin_only, t.unparsable,
			t.unreadable, t.misrendered);
	return status;
}
