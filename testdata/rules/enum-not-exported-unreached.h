/* SPDX-License-Identifier: MIT */
/*
 * enum-not-exported: afs_edit_dir of include/trace/events/afs.h (6.12,
 * 7.2), cut down.  Every reason has its TRACE_DEFINE_ENUM(), yet a booted
 * kernel's format file keeps the first one as a name:
 *   __print_symbolic(REC->why, { afs_edit_dir_for_create, "Create" },
 *                    { 1, "Link  " }, { 2, "MkDir " }, ...)
 * update_event_printk() steps over the character after a name unseen: the
 * '"' after '%s' of the format string's \"%s\" does not toggle its string
 * state, so it takes ", REC->vnode, ... { afs_edit_dir_for_create, " for
 * a string literal and "Create" for code.  The ops table is read after
 * "Create" puts the scan right again: rewritten.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_afs

#if !defined(_TC_AFS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_AFS_H

#include <linux/tracepoint.h>

#define afs_edit_dir_ops			  \
	EM(afs_edit_dir_create,			"create") \
	EM(afs_edit_dir_create_error,		"c_fail") \
	E_(afs_edit_dir_delete,			"delete")

#define afs_edit_dir_reasons				  \
	EM(afs_edit_dir_for_create,		"Create") \
	EM(afs_edit_dir_for_link,		"Link  ") \
	E_(afs_edit_dir_for_unlink,		"Unlink")

#ifndef __TC_AFS_GENERATE_TRACE_ENUMS_ONCE_ONLY
#define __TC_AFS_GENERATE_TRACE_ENUMS_ONCE_ONLY

#undef EM
#undef E_
#define EM(a, b) a,
#define E_(a, b) a

enum afs_edit_dir_op		{ afs_edit_dir_ops } __mode(byte);
enum afs_edit_dir_reason	{ afs_edit_dir_reasons } __mode(byte);

#endif /* end __TC_AFS_GENERATE_TRACE_ENUMS_ONCE_ONLY */

#undef EM
#undef E_
#define EM(a, b) TRACE_DEFINE_ENUM(a);
#define E_(a, b) TRACE_DEFINE_ENUM(a);

afs_edit_dir_ops;
afs_edit_dir_reasons;

#undef EM
#undef E_
#define EM(a, b)	{ a, b },
#define E_(a, b)	{ a, b }

TRACE_EVENT(afs_edit_dir,
	    TP_PROTO(unsigned int vnode,
		     enum afs_edit_dir_reason why,
		     enum afs_edit_dir_op op,
		     const char *name),

	    TP_ARGS(vnode, why, op, name),

	    TP_STRUCT__entry(
		    __field(unsigned int,		vnode)
		    __field(enum afs_edit_dir_reason,	why)
		    __field(enum afs_edit_dir_op,	op)
		    __array(char,			name, 24)
			     ),

	    TP_fast_assign(
		    int __len = strlen(name);
		    __len = min(__len, 23);
		    __entry->vnode	= vnode;
		    __entry->why	= why;
		    __entry->op		= op;
		    memcpy(__entry->name, name, __len);
		    __entry->name[__len] = 0;
			   ),

	    TP_printk("di=%x %s %s \"%s\"",
		      __entry->vnode,
		      __print_symbolic(__entry->why, afs_edit_dir_reasons),
		      __print_symbolic(__entry->op, afs_edit_dir_ops),
		      __entry->name)
	    );

#endif /* _TC_AFS_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE enum-not-exported-unreached
#include <trace/define_trace.h>

/*
 * check-name: enum-not-exported: an enumerator with TRACE_DEFINE_ENUM() the kernel's rewrite does not reach (afs_edit_dir)
 * check-command: tracecheck --disable printk-userspace $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/enum-not-exported-unreached.h:83:29: error: the format string holds a double quote (written \"), which ends libtraceevent's string token: perf and trace-cmd cannot parse the event ([FAILED TO PARSE]) though the kernel prints it [printk-format-text]
testdata/rules/enum-not-exported-unreached.h:83:29: note: use single quotes ('%s') instead
testdata/rules/enum-not-exported-unreached.h:85:9: error: TP_printk() argument prints enumerator 'afs_edit_dir_for_create', which has a TRACE_DEFINE_ENUM(), but the kernel's rewrite of the print fmt does not reach it: the format file keeps its name, which user-space tools cannot resolve [enum-not-exported]
check-output-end
 */
