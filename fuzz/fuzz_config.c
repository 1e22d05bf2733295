// SPDX-License-Identifier: MIT
/* libFuzzer harness: a .tracecheck config file (config.c). */
#include "fuzz.h"

#include "config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char path[] = TC_FUZZ_DIR "/.tracecheck";
	struct tc_settings s, copy;

	tc_fuzz_file(path, data, size);
	tc_settings_init(&s);
	if (tc_settings_load_file(&s, path) == 0) {
		/* what check_file() does with it: a copy per header */
		tc_settings_copy(&copy, &s);
		tc_settings_release(&copy);
	}
	tc_settings_release(&s);
	tc_overlay_clear();
	return 0;
}
