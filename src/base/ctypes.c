// SPDX-License-Identifier: MIT
#include "ctypes.h"

#include <string.h>

#include "util.h"

#define A TC_CT_ABI
#define K TC_CT_KFIXED

static const struct tc_ctype ctypes[] = {
	{ "char", 8, 0, 0 }, { "signed char", 8, 1, 0 }, { "unsigned char", 8, 0, 0 },
	{ "short", 16, 1, 0 }, { "short int", 16, 1, 0 }, { "unsigned short", 16, 0, 0 },
	{ "unsigned short int", 16, 0, 0 }, { "int", 32, 1, 0 }, { "signed", 32, 1, 0 },
	{ "signed int", 32, 1, 0 }, { "unsigned", 32, 0, 0 }, { "unsigned int", 32, 0, 0 },
	{ "long", 64, 1, A }, { "long int", 64, 1, A }, { "unsigned long", 64, 0, A },
	{ "unsigned long int", 64, 0, A }, { "long long", 64, 1, 0 }, { "long long int", 64, 1, 0 },
	{ "unsigned long long", 64, 0, 0 }, { "unsigned long long int", 64, 0, 0 }, { "_Bool", 1, 0, 0 },
	{ "bool", 1, 0, 0 }, { "u8", 8, 0, K }, { "u16", 16, 0, K },
	{ "u32", 32, 0, K }, { "u64", 64, 0, K }, { "s8", 8, 1, K },
	{ "s16", 16, 1, K }, { "s32", 32, 1, K }, { "s64", 64, 1, K },
	{ "__u8", 8, 0, K }, { "__u16", 16, 0, K }, { "__u32", 32, 0, K },
	{ "__u64", 64, 0, K }, { "__s8", 8, 1, K }, { "__s16", 16, 1, K },
	{ "__s32", 32, 1, K }, { "__s64", 64, 1, K }, { "uint8_t", 8, 0, 0 },
	{ "uint16_t", 16, 0, 0 }, { "uint32_t", 32, 0, 0 }, { "uint64_t", 64, 0, 0 },
	{ "int8_t", 8, 1, 0 }, { "int16_t", 16, 1, 0 }, { "int32_t", 32, 1, 0 },
	{ "int64_t", 64, 1, 0 }, { "size_t", 64, 0, A }, { "ssize_t", 64, 1, A },
	{ "uintptr_t", 64, 0, A }, { "pid_t", 32, 1, 0 }, { "uid_t", 32, 0, 0 },
	{ "gid_t", 32, 0, 0 }, { "dev_t", 32, 0, 0 }, { "loff_t", 64, 1, 0 },
	{ "sector_t", 64, 0, 0 }, { "blkcnt_t", 64, 0, 0 }, { "gfp_t", 32, 0, 0 },
	{ "umode_t", 16, 0, 0 }, { "phys_addr_t", 64, 0, A }, { "dma_addr_t", 64, 0, A },
	{ "__le16", 16, 0, 0 }, { "__le32", 32, 0, 0 }, { "__le64", 64, 0, 0 },
	{ "__be16", 16, 0, 0 }, { "__be32", 32, 0, 0 }, { "__be64", 64, 0, 0 },
	{ "ino_t", 64, 0, A }, { "time64_t", 64, 1, 0 }, { "ktime_t", 64, 1, 0 },
};

const struct tc_ctype *tc_ctype_findn(const char *name, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(ctypes); i++)
		if (strlen(ctypes[i].name) == n && !memcmp(ctypes[i].name, name, n))
			return &ctypes[i];
	return NULL;
}

const struct tc_ctype *tc_ctype_find(const char *name)
{
	return tc_ctype_findn(name, strlen(name));
}
