// SPDX-License-Identifier: MIT
/* Another driver's own trace_hfa_ahg_deallocate(), not drivers/hfa's. */
void trace_hfa_ahg_deallocate(void *p, int n);

void other_free(void)
{
	trace_hfa_ahg_deallocate(NULL, 0);
}
