// SPDX-License-Identifier: MIT
/*
 * Step 3 of uverdict.h: the model's facts and the witness's findings
 * become findings about releases, and the way each is reported for a
 * selection of releases.
 */
#include "uverdict.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "fmtfile.h"
#include "keval.h"
#include "strbuf.h"
#include "tep.h"
#include "util.h"

int tc_uv_witness_release(void)
{
	return tc_urelease_of_version(tc_tep_version());
}

/* The format text with print fmt "fmt", args. */
static char *reprint(const char *format, const char *fmt, char *const *args, size_t nr)
{
	const char *pf = strstr(format, "\nprint fmt: ");
	struct strbuf sb = STRBUF_INIT;

	strbuf_add(&sb, format, pf ? (size_t)(pf - format) : strlen(format));
	strbuf_addf(&sb, "\nprint fmt: \"%s\"", fmt);
	for (size_t i = 0; i < nr; i++)
		strbuf_addf(&sb, ", %s", args[i]);
	strbuf_addch(&sb, '\n');
	return strbuf_detach(&sb);
}

/* Was the witness shown what m is about? */
static int shielded(const struct tc_umatch *m, int w)
{
	return m->fact == &tc_ufacts[TC_UF_TAB] ||
	       (m->fact->effect == TC_UE_MEMORY && m->arg >= 0 && w >= 0 &&
		(m->fact->fails & TC_USET(w)));
}

/*
 * What the witness is shown: the format with what the model covers and
 * the witness cannot be trusted with taken out -- a TAB of the format
 * string (it would hide every other verdict on the print fmt: the
 * witness would blame the format string alone) and the constructs that
 * make the witness's own release corrupt its heap (the verdict then
 * depends on the allocator): their value where it is known, else the
 * whole argument becomes 0; so does an argument nested too deeply
 * (deep[a]: its parse could overflow the witness's stack).  NULL when it
 * is shown the format as it is.
 */
static char *shown(const char *format, const struct tc_fmtfile *ff, const struct tc_umatch *m,
		   size_t nm, int w, const unsigned char *deep)
{
	char **args = xcalloc(ff->nr_args + 1, sizeof(*args));
	char *fmt = xstrdup(ff->fmt);
	int changed = 0;

	for (char *t = strchr(fmt, '\t'); t; t = strchr(t, '\t'))
		*t = ' ', changed = 1;
	for (size_t a = 0; a < ff->nr_args; a++) {
		struct strbuf sb = STRBUF_INIT;
		const char *text = ff->args[a];
		size_t at = 0;
		int whole = deep[a], any = deep[a];
		/* the matches of an argument are in the order of their position */
		for (size_t i = 0; i < nm && !whole; i++) {
			if (m[i].arg != (long)a || !shielded(&m[i], w))
				continue;
			any = 1;
			if (!m[i].stand_in || m[i].start < at || m[i].end > strlen(text)) {
				whole = 1;
				break;
			}
			strbuf_add(&sb, text + at, m[i].start - at);
			strbuf_addstr(&sb, m[i].stand_in);
			at = m[i].end;
		}
		if (any) {
			strbuf_addstr(&sb, text + at);
			args[a] = whole ? xstrdup("0") : strbuf_detach(&sb);
			changed = 1;
		}
		strbuf_release(&sb);
	}
	char **use = xcalloc(ff->nr_args + 1, sizeof(*use));
	for (size_t a = 0; a < ff->nr_args; a++)
		use[a] = args[a] ? args[a] : ff->args[a];
	char *text = changed ? reprint(format, fmt, use, ff->nr_args) : NULL;
	for (size_t a = 0; a < ff->nr_args; a++)
		free(args[a]);
	free(args);
	free(use);
	free(fmt);
	return text;
}

/* Could fact m be what witness finding f shows? */
static int explains(const struct tc_umatch *m, const struct tc_uv_finding *f, int w)
{
	if (w < 0 || !(m->fact->fails & TC_USET(w)) || m->arg != f->arg || shielded(m, w))
		return 0;
	switch (m->fact->effect) {
	case TC_UE_PARSE:
		return f->kind == TC_UV_UNPARSABLE || f->kind == TC_UV_PLUGIN_ONLY;
	case TC_UE_RENDER:
		return f->kind == TC_UV_MISRENDERED || f->kind == TC_UV_NONPRINTABLE;
	case TC_UE_MEMORY:
		return 1;
	}
	return 0;
}

static void add_note(struct tc_uv_finding *f, char *s)
{
	ALLOC_GROW(f->notes, f->nr_notes + 1, f->alloc_notes);
	f->notes[f->nr_notes++] = s;
}

/* The kernel's line for the synthetic record, or NULL. */
static char *kernel_line(const struct tc_fmtfile *ff)
{
	size_t size;
	unsigned char *rec = tc_synthetic_record(ff, &size);
	struct tc_krecord kr = { .ff = ff, .data = rec, .size = size };
	struct strbuf sb = STRBUF_INIT;
	char *line = NULL;

	if (tc_krender(&kr, &sb)) {
		struct strbuf v = STRBUF_INIT;
		for (size_t i = 0; i < sb.len; i++) {
			unsigned char c = (unsigned char)sb.buf[i];
			if (c == '\n')
				strbuf_addstr(&v, "\\n");
			else if (c == '\t')
				strbuf_addstr(&v, "\\t");
			else if (c == '\\')
				strbuf_addstr(&v, "\\\\");
			else if (c < 0x20 || c == 0x7f)
				strbuf_addf(&v, "\\x%02x", c);
			else
				strbuf_addch(&v, (char)c);
		}
		line = strbuf_detach(&v);
	}
	strbuf_release(&sb);
	free(rec);
	return line;
}

/* The witness's findings and the model's facts of one format, into out. */
static void reconcile(const char *format, const struct tc_fmtfile *ff, const struct tc_umatch *m,
		      size_t nm, int w, struct tc_uv_findings *wit, struct tc_uv_findings *out)
{
	int *seen = xcalloc(nm + 1, sizeof(*seen));
	char *kline = NULL;
	int kline_done = 0;

	(void)format;
	out->parsed = wit->parsed;
	out->rendered = wit->rendered;
	out->unchecked = wit->unchecked;
	out->interrupted = wit->interrupted;
	wit->unchecked = NULL;
	/* the witness's: what a fact explains gives way to it; the rest is every release's */
	for (size_t i = 0; i < wit->nr; i++) {
		struct tc_uv_finding *f = &wit->v[i];
		int explained = 0;
		for (size_t k = 0; k < nm; k++)
			if (explains(&m[k], f, w)) {
				seen[k] = 1;
				explained = 1;
			}
		if (explained && f->kind != TC_UV_BAD_FORMAT) {
			tc_uv_finding_release(f);
			continue;
		}
		f->fails = TC_USET_ALL;
		/* the model says the witness's release handles what it shows here */
		for (size_t k = 0; k < nm && w >= 0; k++) {
			struct tc_umatch x = m[k];
			struct tc_ufact other = *x.fact;
			other.fails |= TC_USET(w);
			x.fact = &other;
			if (f->kind != TC_UV_BAD_FORMAT && !(m[k].fact->fails & TC_USET(w)) &&
			    m[k].fact->effect != TC_UE_MEMORY && explains(&x, f, w)) {
				add_note(f, xasprintf("the linked %s shows this where tracecheck's model "
						      "says %s handles %s: the model may be wrong here",
						      tc_uv_consumer(), tc_ureleases[w].name,
						      m[k].fact->what));
				break;
			}
		}
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		out->v[out->nr++] = *f;
	}
	free(wit->v);
	memset(wit, 0, sizeof(*wit));
	/* the model's, once per argument */
	for (size_t k = 0; k < nm; k++) {
		const struct tc_ufact *fact = m[k].fact;
		struct tc_uv_finding *f;
		int again = 0;
		for (size_t j = 0; j < k; j++)
			again |= m[j].fact == fact && m[j].arg == m[k].arg;
		if (again)
			continue;
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		f = &out->v[out->nr++];
		memset(f, 0, sizeof(*f));
		f->kind = fact->effect == TC_UE_RENDER ? TC_UV_MISRENDERED : TC_UV_UNPARSABLE;
		f->arg = m[k].arg;
		f->why = fact->effect == TC_UE_PARSE ? TC_UV_WHY_CANNOT_PARSE
			 : fact->effect == TC_UE_RENDER ? TC_UV_WHY_DIFFERS
							: 0;
		f->spec = m[k].spec ? xstrdup(m[k].spec) : NULL;
		f->msg = xstrdup(fact->what);
		f->fact = fact;
		f->fails = fact->fails;
		f->construct = xstrdup(m[k].text);
		/* a parse failure of the witness's release the witness did not show */
		f->disagrees = w >= 0 && !seen[k] && !shielded(&m[k], w) &&
			       fact->effect == TC_UE_PARSE && (fact->fails & TC_USET(w)) &&
			       !(fact->plugins & TC_USET(w));
		if (fact->effect == TC_UE_RENDER) {
			if (!kline_done)
				kline = kernel_line(ff);
			kline_done = 1;
			if (kline)
				add_note(f, xasprintf("for a record whose fields hold 1, 2, 3, ... the "
						      "kernel prints '%s'",
						      kline));
		}
	}
	free(kline);
	free(seen);
}

/* Per argument of ff: is it nested too deeply to be judged (keval.h)?  Malloced. */
static unsigned char *too_deep(const struct tc_fmtfile *ff)
{
	unsigned char *deep = xcalloc(ff->nr_args + 1, 1);

	for (size_t a = 0; a < ff->nr_args; a++)
		deep[a] = (unsigned char)tc_karg_too_deep(ff->args[a]);
	return deep;
}

/*
 * The arguments too deep for a verdict: the findings out has on them go
 * (the witness was shown 0 in their place), and out says they were not
 * judged.
 */
static void not_judged(const struct tc_fmtfile *ff, const unsigned char *deep,
		       struct tc_uv_findings *out)
{
	struct strbuf sb = STRBUF_INIT;
	size_t k = 0;

	for (size_t a = 0; a < ff->nr_args; a++)
		if (deep[a])
			strbuf_addf(&sb, "%s%zu", sb.len ? ", " : "", a + 1);
	if (!sb.len)
		return;
	for (size_t i = 0; i < out->nr; i++) {
		struct tc_uv_finding *f = &out->v[i];
		if (f->arg >= 0 && (size_t)f->arg < ff->nr_args && deep[f->arg]) {
			tc_uv_finding_release(f);
			continue;
		}
		out->v[k++] = *f;
	}
	out->nr = k;
	char *line = xasprintf("argument%s %s of the print fmt nest%s more than %d levels deep "
			       "(parentheses, casts, operators): not judged",
			       strchr(sb.buf, ',') ? "s" : "", sb.buf,
			       strchr(sb.buf, ',') ? "" : "s", TC_MAX_NESTING);
	if (out->unchecked) {
		char *both = xasprintf("%s; %s", out->unchecked, line);
		free(out->unchecked);
		free(line);
		line = both;
	}
	out->unchecked = line;
	strbuf_release(&sb);
}

int tc_uverdict(const char *format, const char *system, struct tc_uv_findings *out)
{
	return tc_uverdict_many(&format, &system, 1, out);
}

int tc_uverdict_many(const char *const *formats, const char *const *systems, size_t n,
		     struct tc_uv_findings *outs)
{
	struct tc_fmtfile *ff = xcalloc(n + 1, sizeof(*ff));
	int *ok = xcalloc(n + 1, sizeof(*ok));
	struct tc_umatch **m = xcalloc(n + 1, sizeof(*m));
	size_t *nm = xcalloc(n + 1, sizeof(*nm));
	char **texts = xcalloc(n + 1, sizeof(*texts));
	const char **show = xcalloc(n + 1, sizeof(*show));
	struct tc_uv_findings *wit = xcalloc(n + 1, sizeof(*wit));
	unsigned char **deep = xcalloc(n + 1, sizeof(*deep));
	int w = tc_uv_witness_release();

	for (size_t i = 0; i < n; i++) {
		const char *why;
		ok[i] = !tc_fmtfile_parse(formats[i], &ff[i], &why);
		if (ok[i]) {
			deep[i] = too_deep(&ff[i]);
			nm[i] = tc_umodel_scan(&ff[i], &m[i]); /* none on those too deep */
			texts[i] = shown(formats[i], &ff[i], m[i], nm[i], w, deep[i]);
		}
		show[i] = texts[i] ? texts[i] : formats[i];
	}
	int rc = tc_uwitness_many(show, systems, n, wit);
	memset(outs, 0, n * sizeof(*outs));
	for (size_t i = 0; i < n; i++) {
		if (!rc && ok[i] && !wit[i].interrupted)
			reconcile(formats[i], &ff[i], m[i], nm[i], w, &wit[i], &outs[i]);
		else
			outs[i] = wit[i];
		if (!rc && ok[i] && !outs[i].interrupted)
			not_judged(&ff[i], deep[i], &outs[i]);
		free(deep[i]);
		tc_umatches_free(m[i], nm[i]);
		free(texts[i]);
		if (ok[i])
			tc_fmtfile_release(&ff[i]);
	}
	free(ff);
	free(ok);
	free(m);
	free(nm);
	free(texts);
	free(show);
	free(wit);
	free(deep);
	return rc;
}

/* ---- reporting ---- */

static void say(struct tc_uv_report *r, enum tc_note_kind kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void say(struct tc_uv_report *r, enum tc_note_kind kind, const char *fmt, ...)
{
	va_list ap;
	char *s;
	size_t alloc = r->alloc_notes;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	ALLOC_GROW(r->notes, r->nr_notes + 1, r->alloc_notes);
	if (alloc != r->alloc_notes)
		r->kinds = xrealloc(r->kinds, r->alloc_notes * sizeof(*r->kinds));
	r->kinds[r->nr_notes] = kind;
	r->notes[r->nr_notes++] = s;
}

void tc_uv_report_release(struct tc_uv_report *r)
{
	free(r->msg);
	for (size_t i = 0; i < r->nr_notes; i++)
		free(r->notes[i]);
	free(r->notes);
	free(r->kinds);
	memset(r, 0, sizeof(*r));
}

/* The witness's message without its "libtraceevent X.Y.Z " */
static const char *unnamed(const char *msg)
{
	const char *who = tc_uv_consumer();
	size_t n = who ? strlen(who) : 0;

	return n && !strncmp(msg, who, n) && msg[n] == ' ' ? msg + n + 1 : NULL;
}

/* A witness's finding: every release has it. */
static void compose_witness(const struct tc_uv_finding *f, tc_uset sel, int installed,
			    enum tc_severity sev, struct tc_uv_report *r)
{
	const char *who = tc_uv_consumer();
	const char *rest = unnamed(f->msg);

	r->severity = tc_uv_severity(f, sev);
	r->why = f->why;
	if (installed >= 0 || !rest) {
		r->msg = xstrdup(f->msg);
		for (size_t i = 0; i < f->nr_notes; i++)
			say(r, TC_NOTE_EVIDENCE, "%s", f->notes[i]);
		return;
	}
	char *all = tc_uset_text(sel, sel);
	r->msg = xasprintf("libtraceevent %s %s", all, rest);
	free(all);
	for (size_t i = 0; i < f->nr_notes; i++) {
		const char *nt = f->notes[i], *tail = unnamed(nt);
		if (tail && starts_with(tail, "prints '"))
			continue; /* the witness's whole line: its release's */
		if (tail && starts_with(tail, "says: "))
			say(r, TC_NOTE_EVIDENCE, "libtraceevent %s", tail);
		else
			say(r, TC_NOTE_EVIDENCE, "%s", nt);
	}
	(void)who;
}

int tc_uv_compose(const struct tc_uv_finding *f, tc_uset sel, int installed, enum tc_severity sev,
		  struct tc_uv_report *r)
{
	const struct tc_ufact *fact = f->fact;

	memset(r, 0, sizeof(*r));
	if (!sel)
		sel = tc_uset_default();
	if (installed >= 0 ? !(f->fails & TC_USET(installed)) : !(f->fails & sel))
		return 0;
	if (!fact) {
		compose_witness(f, sel, installed, sev, r);
		return 1;
	}
	r->why = f->why;
	r->library = fact->blame != TC_UB_HEADER;
	if (installed >= 0) {
		/* the system's library decides; the other releases are notes */
		tc_uset me = TC_USET(installed);
		r->msg = tc_ufact_sentence(fact, f->construct, me, me);
		if (fact->effect == TC_UE_RENDER)
			r->severity = fact->usable ? TC_SEV_NOTE : sev;
		else if (fact->effect == TC_UE_MEMORY)
			r->severity = fact->blame == TC_UB_HEADER ? sev : tc_severity_lower(sev);
		else
			r->severity = fact->plugins & me ? tc_severity_lower(sev) : sev;
		char *all = tc_ufact_sentence(fact, f->construct, f->fails & sel, sel);
		say(r, TC_NOTE_LIBRARY, "versions: %s", all);
		free(all);
	} else {
		char *s = tc_ufact_sentence(fact, f->construct, f->fails & sel, sel);
		tc_ufact_severity(fact, sel, sev, &r->severity);
		r->msg = xasprintf("%s%s", s, tc_ufact_blame(fact));
		free(s);
	}
	for (size_t i = 0; i < f->nr_notes; i++)
		say(r, TC_NOTE_EVIDENCE, "%s", f->notes[i]);
	if (fact->instead)
		say(r, TC_NOTE_ADVICE, "a spelling every release handles: %s", fact->instead);
	char *prov = tc_ufact_provenance(fact);
	say(r, TC_NOTE_PROVENANCE, "%s", prov);
	free(prov);
	if (f->disagrees) {
		int w = tc_uv_witness_release();
		say(r, TC_NOTE_PROVENANCE,
		    "the linked %s parses it, though tracecheck's model says %s does not: the "
		    "model may be wrong here",
		    tc_uv_consumer(), tc_ureleases[w].name);
	}
	return 1;
}
