/* SPDX-License-Identifier: MIT */
/*
 * printk-userspace, release by release: what some libtraceevent releases
 * mishandle is a gap of the library (a note naming the releases that
 * fail and the first that handles it), what no release handles is a
 * warning where a spelling every release handles exists; the same
 * output whichever libtraceevent tracecheck is linked with.
 * testdata/cli/userspace-*.case judge other selections of releases.
 *
 * check-name: printk-userspace: the releases each construct fails in, and whose problem it is, with the default releases (1.7.1 to 1.9.0)
 * check-command: tracecheck --disable layout-abi,layout-hole $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-userspace-versions.h:48:23: note: libtraceevent 1.7.1 and 1.7.2 print '>c<' for '%c' and give every later conversion the wrong argument; 1.7.3 and later print the character (a gap of libtraceevent, not a defect of the header) [printk-userspace]
testdata/rules/printk-userspace-versions.h:48:23: note: libtraceevent 1.7.1 to 1.8.2 evaluate the character constant 'A' as 0; 1.8.3 and later read it as its character code (a gap of libtraceevent, not a defect of the header) [printk-userspace]
testdata/rules/printk-userspace-versions.h:48:23: note: a spelling every release handles: write its code as a number ('A' is 65)
testdata/rules/printk-userspace-versions.h:61:15: note: the format string holds a TAB (written \t): libtraceevent 1.7.1 to 1.8.4 cannot parse a TAB in the format string (it ends their string token): perf and trace-cmd print the event as [FAILED TO PARSE]; 1.8.5 and later parse it (a gap of libtraceevent, not a defect of the header) [printk-format-text]
testdata/rules/printk-userspace-versions.h:61:15: note: use spaces (or ': ') instead
testdata/rules/printk-userspace-versions.h:74:23: note: libtraceevent 1.7.1 to 1.8.4 do not know __print_dynamic_array(): perf and trace-cmd print the event as [FAILED TO PARSE]; 1.8.5 and later print it as the kernel does (a gap of libtraceevent, not a defect of the header) [printk-userspace]
testdata/rules/printk-userspace-versions.h:74:23: note: a spelling every release handles: __print_array(__get_dynamic_array(F), __get_dynamic_array_len(F) / SIZE, SIZE), which 1.8.4 and later print as the kernel does
testdata/rules/printk-userspace-versions.h:74:23: note: libtraceevent 1.7.1 reads a token it freed while parsing sizeof(int) and frees it again: perf and trace-cmd may crash or fail to parse the event, depending on the allocator (with glibc's it usually parses; AddressSanitizer reports a use after free); 1.7.2 and later parse it (a gap of libtraceevent, not a defect of the header) [printk-userspace]
testdata/rules/printk-userspace-versions.h:74:23: note: a spelling every release handles: sizeof(long), sizeof(unsigned) or the number
testdata/rules/printk-userspace-versions.h:87:23: warning: TP_printk() argument calls '__builtin_bswap16()', which user-space tools evaluate only when libtraceevent's plugin_net plugin is loaded (libtraceevent 1.8.5 and later) [printk-call]
testdata/rules/printk-userspace-versions.h:100:23: warning: TP_printk() argument '__print_symbolic(__entry->code, { })' has a table of no values, '{ }', which libtraceevent 1.7.1 to 1.9.0 cannot parse, so perf and trace-cmd print the event as [FAILED TO PARSE] there (a gap of libtraceevent, not a defect of the header) [printk-construct]
testdata/rules/printk-userspace-versions.h:100:23: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-userspace-versions.h:113:57: note: libtraceevent 1.7.1 to 1.9.0 print the value of '%*pbl' as %p followed by the letters 'bl' where the kernel prints the bitmap it points to as a list ('0-3,8') (a gap of libtraceevent, not a defect of the header) [printk-userspace]
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_uv

#if !defined(_TC_UV_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_UV_H

#include <linux/tracepoint.h>

/* %c and a character constant: 1.7.3 prints %c, 1.8.3 reads 'A' */
TRACE_EVENT(tc_uv_char,
	TP_PROTO(int pipe),
	TP_ARGS(pipe),
	TP_STRUCT__entry(
		__field(int, pipe)
	),
	TP_fast_assign(
		__entry->pipe = pipe;
	),
	TP_printk("pipe %c", __entry->pipe + 'A')
);

/* a TAB: parsed from 1.8.5 */
TRACE_EVENT(tc_uv_tab,
	TP_PROTO(int n),
	TP_ARGS(n),
	TP_STRUCT__entry(
		__field(int, n)
	),
	TP_fast_assign(
		__entry->n = n;
	),
	TP_printk("n:\t%d", __entry->n)
);

/* __print_dynamic_array(): from 1.8.5; sizeof(int): 1.7.1 reads a freed token */
TRACE_EVENT(tc_uv_dynarray,
	TP_PROTO(const int *v, int n),
	TP_ARGS(v, n),
	TP_STRUCT__entry(
		__dynamic_array(int, vals, n)
	),
	TP_fast_assign(
		memcpy(__get_dynamic_array(vals), v, n * sizeof(int));
	),
	TP_printk("vals=%s", __print_dynamic_array(vals, sizeof(int)))
);

/* byte swapping: only 1.8.5's net plugin evaluates it */
TRACE_EVENT(tc_uv_swab,
	TP_PROTO(u16 port),
	TP_ARGS(port),
	TP_STRUCT__entry(
		__field(u16, port)
	),
	TP_fast_assign(
		__entry->port = port;
	),
	TP_printk("port %u", __builtin_bswap16(__entry->port))
);

/* a table of no values: no release parses it (kvm:kvm_inj_exception) */
TRACE_EVENT(tc_uv_notable,
	TP_PROTO(int code),
	TP_ARGS(code),
	TP_STRUCT__entry(
		__field(int, code)
	),
	TP_fast_assign(
		__entry->code = code;
	),
	TP_printk("code %s", __print_symbolic(__entry->code, { }))
);

/* a bitmap as a list: no release, and no portable spelling */
TRACE_EVENT(tc_uv_bitmap,
	TP_PROTO(const unsigned long *bits),
	TP_ARGS(bits),
	TP_STRUCT__entry(
		__bitmask(bits, 64)
	),
	TP_fast_assign(
		__assign_bitmask(bits, bits, 64);
	),
	TP_printk("bits %*pbl", __get_dynamic_array_len(bits), __get_dynamic_array(bits))
);

#endif

#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-userspace-versions
#include <trace/define_trace.h>
