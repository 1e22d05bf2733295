// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness: a trace header through the whole checker as
 * "tracecheck --no-kernel-tree" checks it: the front end (libclang and
 * tracecheck's stage headers, frontend.c and the model builders), every
 * rule but printk-userspace (which hands each event to libtraceevent in
 * a child process), the format files the model gives (format.c), read
 * back by the format-file reader (fmtfile.c), and the model dump.
 */
#include "fuzz.h"

#include "analyze.h"
#include "config.h"
#include "diag.h"
#include "dump.h"
#include "fmtfile.h"
#include "format.h"
#include "frontend.h"
#include "report.h"
#include "rules.h"
#include "strbuf.h"

static struct tc_frontend *fe;
static struct tc_settings settings;
static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* libclang's own SIGSEGV handlers would hide a crash from the sanitizers */
	setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
	/* the stage headers: scripts/fuzz and make check set it to the source tree's */
	const char *dd = getenv("TRACECHECK_DATADIR");
	struct tc_fe_options o = {
		.datadir = dd && *dd ? dd : TC_DATADIR,
		.no_kernel_tree = 1,
		.no_instantiator = 1,
	};
	fe = tc_frontend_new(&o);
	tc_settings_init(&settings);
	int ri = tc_rule_index("printk-userspace");
	if (ri >= 0)
		settings.rules[ri].enabled = 0;
	/* TC_FUZZ_SHOW=1: print the findings (to see what an input does) */
	devnull = getenv("TC_FUZZ_SHOW") ? stderr : fopen("/dev/null", "w");
	if (!devnull)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char path[] = TC_FUZZ_DIR "/include/trace/events/fuzz.h";
	struct tc_diags diags = { 0 };

	tc_fuzz_file(path, data, size);
	struct tc_header *h = tc_frontend_parse(fe, path);
	if (h) {
		tc_check_header(h, &settings, &diags);
		struct strbuf gcc = STRBUF_INIT;
		tc_report_diags_gcc(&gcc, path, &diags, 0, TC_SEV_WARNING);
		fputs(strbuf_str(&gcc), devnull);
		strbuf_release(&gcc);
		tc_diags_release(&diags);
		if (devnull != stderr)
			tc_dump_model(h, devnull);
		struct strbuf sb = STRBUF_INIT;
		for (size_t i = 0; i < h->nr_events; i++) {
			const char *why = NULL;
			strbuf_reset(&sb);
			if (tc_format_event(h, h->events[i], &sb, &why) == 0) {
				struct tc_fmtfile ff;
				tc_fmtfile_parse(sb.buf, &ff, &why);
				tc_fmtfile_release(&ff);
			}
		}
		strbuf_release(&sb);
		tc_header_free(h);
	}
	tc_overlay_clear();
	return 0;
}
