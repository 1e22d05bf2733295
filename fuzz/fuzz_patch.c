// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness: --patch's input, a git format-patch file, an mbox
 * series or a plain unified diff (patch.c), split into patches, files
 * and hunks; each hunk is then applied, forwards and in reverse, to the
 * text it says it applies to and to the input itself (to exercise the
 * search for an offset and for fuzz).
 */
#include "fuzz.h"

#include "patch.h"
#include "strbuf.h"

/* The hunk's old (reverse: new) side, as a file's text. */
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
