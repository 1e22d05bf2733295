// SPDX-License-Identifier: MIT
#include "baseline.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static uint64_t fnv1a(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	h ^= 0xff; /* field separator */
	h *= 0x100000001b3ULL;
	return h;
}

/*
 * The message as fingerprinted: the numbers __COUNTER__ gives
 * __UNIQUE_ID_x_359 (min_t() and friends) depend on everything the unit
 * read before, not on the finding.
 */
static char *stable_msg(const char *msg)
{
	char *s = xstrdup(msg), *o = s;

	for (const char *p = msg; *p;) {
		if (!strncmp(p, "__UNIQUE_ID_", 12)) {
			const char *e = p + 12;
			while (*e == '_' || isalnum((unsigned char)*e))
				e++;
			const char *d = e;
			while (d > p + 12 && isdigit((unsigned char)d[-1]))
				d--;
			if (d < e && d[-1] == '_') {
				memcpy(o, p, (size_t)(d - p));
				o += d - p;
				p = e;
				continue;
			}
			memcpy(o, p, (size_t)(e - p));
			o += e - p;
			p = e;
			continue;
		}
		*o++ = *p++;
	}
	*o = '\0';
	return s;
}

/* A hash of salt (the version), the rule, the file, what and an occurrence number. */
static char *fingerprint(const char *salt, const char *rule, const char *file, const char *what,
			 unsigned occ)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	char num[16];

	snprintf(num, sizeof(num), "%u", occ);
	if (salt)
		h = fnv1a(h, salt);
	h = fnv1a(h, rule);
	h = fnv1a(h, file);
	h = fnv1a(h, what);
	h = fnv1a(h, num);
	return xasprintf("%016llx", (unsigned long long)h);
}

/*
 * The fingerprint of each finding: of its rule, the file, what[i] and
 * an occurrence number among the earlier findings with the same rule
 * and what; frees what.
 */
static char **fingerprints_of(const struct tc_diags *d, const char *file, char **what,
			      const char *salt)
{
	char **fps = xcalloc(d->nr + 1, sizeof(*fps));

	for (size_t i = 0; i < d->nr; i++) {
		const struct tc_diag *g = &d->v[i];
		unsigned occ = 0;
		for (size_t j = 0; j < i; j++)
			occ += !strcmp(d->v[j].rule, g->rule) && !strcmp(what[j], what[i]);
		fps[i] = fingerprint(salt, g->rule, file, what[i], occ);
	}
	free_strings(what, d->nr);
	return fps;
}

char *tc_fingerprint_of(const char *kind, const char *file, const char *what)
{
	return fingerprint("v2", kind, file, what, 0);
}

/*
 * Version 2: what a finding is about (its subject's key), with the
 * rule and the file.  No message, no line: a reworded message, another
 * libtraceevent named in a message or moved lines keep it.
 */
char **tc_fingerprints(const struct tc_diags *d, const char *file)
{
	char **keys = xcalloc(d->nr + 1, sizeof(*keys));

	for (size_t i = 0; i < d->nr; i++)
		keys[i] = tc_subject_key(&d->v[i].subj);
	return fingerprints_of(d, file, keys, "v2");
}

/* Version 1 (tracecheck 0.1): the message instead of the subject, for old baselines. */
static char **fingerprints_v1(const struct tc_diags *d, const char *file)
{
	char **msgs = xcalloc(d->nr + 1, sizeof(*msgs));

	for (size_t i = 0; i < d->nr; i++)
		msgs[i] = stable_msg(d->v[i].msg);
	return fingerprints_of(d, file, msgs, NULL);
}

void tc_fingerprints_free(char **fps, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(fps[i]);
	free(fps);
}

void tc_baseline_write(FILE *out, const struct tc_diags *d, const char *file, char **fps)
{
	for (size_t i = 0; i < d->nr; i++) {
		if (d->v[i].severity == TC_SEV_NOTE)
			continue;
		/* the message is for people reading the file; only the fingerprint counts */
		fprintf(out, "%s %s %s ", fps[i], file, d->v[i].rule);
		for (const char *m = d->v[i].msg; *m; m++)
			fputc(*m == '\n' ? ' ' : *m, out);
		fputc('\n', out);
	}
}

int tc_baseline_load(const char *path, struct tc_baseline *b)
{
	char *text = read_file(path, NULL);
	char *save = NULL;
	size_t lineno = 0;

	memset(b, 0, sizeof(*b));
	if (!text) {
		error("--baseline %s: %s", path, strerror(errno));
		return -1;
	}
	if (!strncmp(text, TC_BASELINE_HEADER, strlen(TC_BASELINE_HEADER))) {
		b->version = 2;
	} else if (!strncmp(text, TC_BASELINE_HEADER_V1, strlen(TC_BASELINE_HEADER_V1))) {
		/* still read: its fingerprints hash the messages, as 0.1 wrote them */
		b->version = 1;
		warning("--baseline %s: a version 1 baseline, whose fingerprints hash the "
			"messages: a reworded message counts as new; write it again with "
			"--write-baseline to key it on what each finding is about",
			path);
	} else {
		error("--baseline %s: not a tracecheck baseline (it does not start with \"%s\")",
		      path, TC_BASELINE_HEADER);
		free(text);
		return -1;
	}
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (l[0] == '#' || !l[0])
			continue;
		char *sp = strchr(l, ' ');
		char *sp2 = sp ? strchr(sp + 1, ' ') : NULL;
		if (!sp || sp - l != 16 || strspn(l, "0123456789abcdef") != 16) {
			error_at(path, (unsigned)lineno, 1, "not a baseline entry (--baseline)");
			tc_baseline_release(b);
			free(text);
			return -1;
		}
		ALLOC_GROW(b->fps, b->nr + 1, b->alloc);
		b->files = xrealloc(b->files, b->alloc * sizeof(*b->files));
		b->fps[b->nr] = xstrndup(l, 16);
		b->files[b->nr] = sp2 ? xstrndup(sp + 1, (size_t)(sp2 - sp - 1)) : xstrdup(sp + 1);
		b->nr++;
	}
	free(text);
	return 0;
}

void tc_baseline_release(struct tc_baseline *b)
{
	for (size_t i = 0; i < b->nr; i++) {
		free(b->fps[i]);
		free(b->files[i]);
	}
	free(b->fps);
	free(b->files);
	memset(b, 0, sizeof(*b));
}

size_t tc_baseline_filter(const struct tc_baseline *b, struct tc_diags *d, const char *file)
{
	char **fps = b->version == 1 ? fingerprints_v1(d, file) : tc_fingerprints(d, file);
	unsigned char *drop = xcalloc(d->nr + 1, 1);
	unsigned char *seen = xcalloc(b->nr + 1, 1);
	size_t fixed = 0, n = d->nr;

	for (size_t i = 0; i < d->nr; i++)
		for (size_t k = 0; k < b->nr; k++)
			if (!seen[k] && !strcmp(b->fps[k], fps[i])) {
				seen[k] = 1;
				drop[i] = 1;
				break;
			}
	for (size_t k = 0; k < b->nr; k++)
		fixed += !seen[k] && !strcmp(b->files[k], file);
	tc_diags_remove(d, drop);
	tc_fingerprints_free(fps, n);
	free(drop);
	free(seen);
	return fixed;
}
