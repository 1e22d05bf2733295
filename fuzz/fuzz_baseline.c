// SPDX-License-Identifier: MIT
/* libFuzzer harness: a --baseline file (baseline.c), loaded and used to filter findings. */
#include "fuzz.h"

#include "baseline.h"
#include "diag.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char path[] = TC_FUZZ_DIR "/rules.baseline";
	struct tc_baseline b;

	tc_fuzz_file(path, data, size);
	if (tc_baseline_load(path, &b) == 0) {
		/* findings in each file the baseline names, and in one it does not */
		for (size_t i = 0; i <= b.nr && i < 8; i++) {
			const char *file = i < b.nr ? b.files[i] : "include/trace/events/none.h";
			struct tc_diags d = { 0 };
			struct tc_loc loc = { .file = file, .line = 1, .col = 1 };
			tc_diags_add(&d, TC_SEV_WARNING, "layout-hole", loc, "a hole of %zu bytes", i);
			tc_diags_add(&d, TC_SEV_WARNING, "layout-hole", loc, "a hole of %zu bytes", i);
			tc_diags_add(&d, TC_SEV_ERROR, "printk-call", loc, "%s", "a call");
			tc_baseline_filter(&b, &d, file);
			tc_diags_release(&d);
		}
		tc_baseline_release(&b);
	}
	tc_overlay_clear();
	return 0;
}
