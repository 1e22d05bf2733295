// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness: a tracefs format file as --check-format reads it
 * (fmtfile.c), then what tracecheck's own code does with it in process:
 * the synthetic record and the kernel's rendering of the print fmt
 * (keval.c).  libtraceevent's side of --check-format runs in a child
 * process by design (it crashes on some formats) and is not fuzzed here.
 */
#include "fuzz.h"

#include "fmtfile.h"
#include "keval.h"
#include "strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = tc_fuzz_text(data, size);
	struct tc_fmtfile ff;
	const char *why = NULL;

	if (tc_fmtfile_parse(text, &ff, &why) == 0) {
		for (size_t i = 0; i < ff.nr_fields; i++)
			tc_fmtfile_field(&ff, ff.fields[i].name);
		size_t rsize = 0;
		unsigned char *rec = tc_synthetic_record(&ff, &rsize);
		struct tc_krecord r = { &ff, rec, rsize };
		struct strbuf out = STRBUF_INIT;
		if (ff.fmt) {
			struct tc_pconv *cv = NULL;
			size_t n = tc_pconvs(ff.fmt, TC_PCONV_GNU, &cv);
			for (size_t i = 0; i < n; i++) {
				const char *w = NULL;
				strbuf_reset(&out);
				tc_krender_conv(&r, &cv[i], &out, &w);
			}
			free(cv);
			strbuf_reset(&out);
			tc_krender(&r, &out);
		}
		strbuf_release(&out);
		free(rec);
	}
	tc_fmtfile_release(&ff);
	free(text);
	return 0;
}
