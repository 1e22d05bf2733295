/* SPDX-License-Identifier: MIT */
/* s390's tables and helpers for its trace header, as 7.3's arch/s390/include/uapi/asm/sie.h */
#ifndef _TC_S390_SIE_H
#define _TC_S390_SIE_H

#define diagnose_codes					\
	{ 0x10, "DIAG (0x10) release pages" },		\
	{ 0x44, "DIAG (0x44) time slice end" }

#define icpt_insn_decoder(insn) (((insn) >> 8) & 0xff)

#endif
