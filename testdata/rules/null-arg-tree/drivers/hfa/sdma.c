// SPDX-License-Identifier: MIT
/* sdma_ahg_alloc() and sdma_ahg_free() of hfi1's sdma.c. */
#define CREATE_TRACE_POINTS
#include "trace.h"

int sdma_ahg_alloc(struct sdma_engine *sde)
{
	if (!sde) {
		trace_hfa_ahg_allocate(sde, -22);
		return -22;
	}
	trace_hfa_ahg_allocate(sde, 0);
	return 0;
}

/* a #define is no call */
#define trace_hfa_ahg_deallocate_one(s) trace_hfa_ahg_deallocate(s, 0)

void sdma_ahg_free(struct sdma_engine *sde, int aidx)
{
	if (!sde)
		return;
	trace_hfa_ahg_deallocate(sde, aidx);
}
