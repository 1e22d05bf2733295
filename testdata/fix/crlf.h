/* SPDX-License-Identifier: MIT */
/*
 * --fix keeps a file's line ends: a CRLF file gets CRLF in the lines the
 * repairs write, a mixed one the line end of the line a repair replaces
 * or is inserted before (the command below makes the three files).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM fix_crlf

#if !defined(_TC_FIX_CRLF_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_FIX_CRLF_H

#include <linux/tracepoint.h>

const char *crlf_state_name(int state);

TRACE_EVENT(crlf_state,
	TP_PROTO(int state, int mode),
	TP_ARGS(state, mode),
	TP_STRUCT__entry(
		__field(int, state)
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->state = state;
		__entry->mode = mode;
	),
	TP_printk("state %s mode %s", crlf_state_name(__entry->state),
		  __entry->mode == 1 ? "on" : __entry->mode == 2 ? "auto" : "off")
);

#endif /* _TC_FIX_CRLF_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE crlf
#include <trace/define_trace.h>

/*
 * check-name: --fix keeps the line ends: CRLF in a CRLF file; in a mixed one, those of the line a repair replaces or is inserted before (crlf/: every line CRLF; entry/: all but TP_STRUCT__entry(); assign/: only TP_fast_assign())
 * check-command: { d=$(mktemp -d); mkdir $d/lf $d/crlf $d/entry $d/assign; cp $file $d/lf/crlf.h; chmod u+w $d/lf/crlf.h; tracecheck -q --fix $d/lf/crlf.h; sed 's/$/\r/' $file > $d/crlf/crlf.h; sed '/TP_STRUCT__entry/,/^\t),/!s/$/\r/' $file > $d/entry/crlf.h; sed '/TP_fast_assign/,/^\t),/s/$/\r/' $file > $d/assign/crlf.h; for k in crlf entry assign; do echo "== $k"; tracecheck -q --fix $d/$k/crlf.h; echo "exit status $?"; sed -n -e '/^TRACE_EVENT/,/^);/l 0' -e '/^);/q' $d/$k/crlf.h; tr -d '\r' < $d/$k/crlf.h | cmp -s - $d/lf/crlf.h && echo "without the CRs: the LF file's fix"; done; rm -rf $d; }
 * check-exit-value: 0
 *
 * check-output-start
== crlf
exit status 0
TRACE_EVENT(crlf_state,\r$
\tTP_PROTO(int state, int mode),\r$
\tTP_ARGS(state, mode),\r$
\tTP_STRUCT__entry(\r$
\t\t__field(int, state)\r$
\t\t__field(int, mode)\r$
\r$
\t\t__string(state_str, crlf_state_name(state))\r$
\t),\r$
\tTP_fast_assign(\r$
\t\t__entry->state = state;\r$
\t\t__entry->mode = mode;\r$
\r$
\t\t__assign_str(state_str);\r$
\t),\r$
\tTP_printk("state %s mode %s", __get_str(state_str),\r$
\t\t  __entry->mode == 1 ? "on" : (__entry->mode == 2 ? "auto" : "off"))\r$
);\r$
without the CRs: the LF file's fix
== entry
exit status 0
TRACE_EVENT(crlf_state,\r$
\tTP_PROTO(int state, int mode),\r$
\tTP_ARGS(state, mode),\r$
\tTP_STRUCT__entry($
\t\t__field(int, state)$
\t\t__field(int, mode)$
$
\t\t__string(state_str, crlf_state_name(state))$
\t),$
\tTP_fast_assign(\r$
\t\t__entry->state = state;\r$
\t\t__entry->mode = mode;\r$
\r$
\t\t__assign_str(state_str);\r$
\t),\r$
\tTP_printk("state %s mode %s", __get_str(state_str),\r$
\t\t  __entry->mode == 1 ? "on" : (__entry->mode == 2 ? "auto" : "off"))\r$
);\r$
without the CRs: the LF file's fix
== assign
exit status 0
TRACE_EVENT(crlf_state,$
\tTP_PROTO(int state, int mode),$
\tTP_ARGS(state, mode),$
\tTP_STRUCT__entry($
\t\t__field(int, state)$
\t\t__field(int, mode)$
$
\t\t__string(state_str, crlf_state_name(state))$
\t),$
\tTP_fast_assign(\r$
\t\t__entry->state = state;\r$
\t\t__entry->mode = mode;\r$
\r$
\t\t__assign_str(state_str);\r$
\t),\r$
\tTP_printk("state %s mode %s", __get_str(state_str),$
\t\t  __entry->mode == 1 ? "on" : (__entry->mode == 2 ? "auto" : "off"))$
);$
without the CRs: the LF file's fix
 * check-output-end
 */
