// SPDX-License-Identifier: MIT
/* As iwl-io.c: in tputwifi.o, built with CONFIG_TPUTWIFI like the instantiator. */
#include "trace.h"

void tputwifi_read(int v)
{
	trace_tputwifi_ioread(v);
#ifdef CONFIG_TRACEPOINTS
	/* as fs/xfs/xfs_trans.c: under the option tracepoints need anyway */
	trace_tputwifi_resv(v);
#endif
#ifdef CONFIG_PM
	trace_tputwifi_suspend(v);
#endif
}
