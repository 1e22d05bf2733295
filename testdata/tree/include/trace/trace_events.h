/* SPDX-License-Identifier: MIT */
/*
 * Stand-in for the kernel's stage machinery: it #defines the event
 * macros, so a directory sweep must not take it for a trace header.
 */
#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print) \
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct), \
			    PARAMS(assign), PARAMS(print));
