// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness: --patch's input, a git format-patch file, an mbox
 * series or a plain unified diff (patch.c), split into patches, files
 * and hunks; each hunk is then applied, forwards and in reverse, to the
 * text it says it applies to and to the input itself (to exercise the
 * search for an offset and for fuzz).  A hunk applied to its own old
 * side must apply and give its new side, as patch(1) does wherever the
 * hunk says it starts: the harness aborts when it does not.
 */
#include "fuzz.h"

#include "patch.h"
#include "strbuf.h"

/*
 * The hunk's old (reverse: new) side, as a file's text: without the
 * last newline where a "\ No newline at end of file" says so.
 */
static void side(const struct tc_hunk *h, int new, struct strbuf *out)
{
	strbuf_reset(out);
	for (size_t i = 0; i < h->nr; i++) {
		char c = h->lines[i][0];
		if (c == ' ' || c == (new ? '+' : '-')) {
			strbuf_addstr(out, h->lines[i] + 1);
			strbuf_addch(out, '\n');
		}
	}
	if (out->len && (new ? h->no_newline_new : h->no_newline_old))
		out->buf[--out->len] = '\0';
}

/* a and b, the same but for a newline at the end */
static int same_text(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);

	if (na && a[na - 1] == '\n')
		na--;
	if (nb && b[nb - 1] == '\n')
		nb--;
	return na == nb && !memcmp(a, b, na);
}

/*
 * The last line of a side, empty and without a newline, is no line at
 * all: no file has that side, so there is nothing to apply it to.
 */
static int side_exists(const struct tc_hunk *h, int new)
{
	if (!(new ? h->no_newline_new : h->no_newline_old))
		return 1;
	for (size_t i = h->nr; i-- > 0;) {
		char c = h->lines[i][0];
		if (c == ' ' || c == (new ? '+' : '-'))
			return h->lines[i][1] != '\0';
	}
	return 1;
}

/* Apply h to its old (reverse: new) side: it applies and gives the other side. */
static void apply_own(const struct tc_hunk *h, int reverse)
{
	struct strbuf sb = STRBUF_INIT, want = STRBUF_INIT;
	int failed = 0, fuzz = 0;

	if (!side_exists(h, 0) || !side_exists(h, 1))
		return;

	side(h, reverse, &sb);
	side(h, !reverse, &want);
	tc_hunk_apply(h, &sb, reverse, &failed, &fuzz);
	if (failed || !same_text(sb.buf ? sb.buf : "", want.buf ? want.buf : "")) {
		fprintf(stderr, "hunk at line %u (@@ -%u,%u +%u,%u @@) %s its own %s side%s%s\n",
			h->line, h->old_start, h->old_count, h->new_start, h->new_count,
			failed ? "does not apply to" : "applied to", reverse ? "new" : "old",
			failed ? "" : " gives ", failed ? "" : (sb.buf ? sb.buf : ""));
		abort();
	}
	strbuf_release(&sb);
	strbuf_release(&want);
}

static void apply(const struct tc_hunk *h, const char *text, int reverse)
{
	struct strbuf sb = STRBUF_INIT;
	int failed = 0, fuzz = 0;
	long base = 0;

	strbuf_addstr(&sb, text ? text : "");
	tc_hunk_apply_at(h, &sb, reverse, &failed, &fuzz, &base);
	strbuf_release(&sb);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = tc_fuzz_text(data, size);
	struct tc_patches ps = { 0 };
	char *why = NULL;
	struct strbuf sb = STRBUF_INIT;

	if (tc_patches_parse(text, &ps, &why) == 0) {
		size_t hunks = 0;
		for (size_t i = 0; i < ps.nr; i++)
			for (size_t j = 0; j < ps.v[i].nr; j++) {
				const struct tc_pfile *f = &ps.v[i].files[j];
				if (f->old_path)
					tc_patch_path_ok(f->old_path);
				if (f->new_path)
					tc_patch_path_ok(f->new_path);
				for (size_t k = 0; k < f->nr && hunks < 64; k++, hunks++) {
					const struct tc_hunk *h = &f->hunks[k];
					apply_own(h, 0);
					apply_own(h, 1);
					side(h, 0, &sb);
					apply(h, sb.buf, 0);
					side(h, 1, &sb);
					apply(h, sb.buf, 1);
					apply(h, text, 0);
					apply(h, text, 1);
				}
			}
	}
	strbuf_release(&sb);
	free(why);
	tc_patches_release(&ps);
	free(text);
	return 0;
}
