/* SPDX-License-Identifier: MIT */
/*
 * Basic kernel types for checking a trace header without a kernel tree.
 * Forced into the translation unit only in bare mode, so that the record
 * layout of fields with ordinary kernel types is still known when the
 * header's own #includes cannot be found.
 */
#ifndef __TRACECHECK_BARE_H
#define __TRACECHECK_BARE_H

typedef signed char s8;
typedef unsigned char u8;
typedef signed short s16;
typedef unsigned short u16;
typedef signed int s32;
typedef unsigned int u32;
typedef signed long long s64;
typedef unsigned long long u64;
typedef s8 __s8;
typedef u8 __u8;
typedef s16 __s16;
typedef u16 __u16;
typedef s32 __s32;
typedef u32 __u32;
typedef s64 __s64;
typedef u64 __u64;
/* sparse's __bitwise and __force: nothing to the compiler; the typedefs' text says which are bitwise */
#ifndef __bitwise
#define __bitwise
#endif
#ifndef __force
#define __force
#endif
typedef u16 __bitwise __le16;
typedef u16 __bitwise __be16;
typedef u32 __bitwise __le32;
typedef u32 __bitwise __be32;
typedef u64 __bitwise __le64;
typedef u64 __bitwise __be64;
typedef u16 __bitwise __sum16;
typedef u32 __bitwise __wsum;
typedef _Bool bool;
typedef unsigned long size_t;
typedef long ssize_t;
typedef long ptrdiff_t;
typedef unsigned long uintptr_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int __kernel_uid32_t;
typedef unsigned int __kernel_gid32_t;
typedef u32 dev_t;
typedef long long loff_t;
typedef long long time64_t;
typedef s64 ktime_t;
typedef u64 sector_t;
typedef u64 blkcnt_t;
typedef unsigned int __bitwise gfp_t;
typedef unsigned int __bitwise fmode_t;
typedef unsigned short umode_t;
typedef u64 dma_addr_t;
typedef u64 phys_addr_t;
typedef phys_addr_t resource_size_t;
typedef unsigned long pgoff_t;
typedef unsigned long irq_hw_number_t;
typedef int clockid_t;
typedef struct { int counter; } atomic_t;
typedef struct { s64 counter; } atomic64_t;
typedef struct { unsigned long bits[1]; } cpumask_t;
typedef __builtin_va_list va_list;

enum { false = 0, true = 1 };

#define NULL ((void *)0)
#ifndef __stringify
#define __stringify_1(x...) #x
#define __stringify(x...) __stringify_1(x)
#endif

#endif /* __TRACECHECK_BARE_H */
