// SPDX-License-Identifier: MIT
/* stand-in: the symbols include/generated/rq-offsets.h gets */
#define COMPILE_OFFSETS

int main(void)
{
	DEFINE(RQ_nr_pinned, offsetof(struct rq, nr_pinned));
	return 0;
}
