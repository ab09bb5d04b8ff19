/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - printk() and pr_*(), after include/linux/printk.h.
 *
 * Messages go to standard error as "MODULE: message" (the module being the
 * one whose code runs, when a loader runs it), with the level's name for
 * warnings and worse. pr_debug() prints only with LIBCDEV_LOG=debug.
 *
 * Hex dumps (lib/hexdump.c): a row of @rowsize (16 or 32) bytes per line,
 * in groups of @groupsize (1, 2, 4 or 8) bytes read as values of this
 * machine's byte order, then, with @ascii, the bytes as text ('.' for what
 * does not print); each line begins with @prefix_str and, by
 * @prefix_type, the row's address or its offset (8 hex digits).
 */
#ifndef LIBCDEV_PRINTK_H
#define LIBCDEV_PRINTK_H

#include <stdbool.h>
#include <stddef.h>

#include <libcdev/names.h>

#define KERN_SOH     "\001"
#define KERN_EMERG   KERN_SOH "0"
#define KERN_ALERT   KERN_SOH "1"
#define KERN_CRIT    KERN_SOH "2"
#define KERN_ERR     KERN_SOH "3"
#define KERN_WARNING KERN_SOH "4"
#define KERN_NOTICE  KERN_SOH "5"
#define KERN_INFO    KERN_SOH "6"
#define KERN_DEBUG   KERN_SOH "7"
#define KERN_DEFAULT ""

int printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

#define pr_emerg(fmt, ...)  printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)  printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)   printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)    printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)   printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...) printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)   printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)  printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)

enum {
	DUMP_PREFIX_NONE,
	DUMP_PREFIX_ADDRESS,
	DUMP_PREFIX_OFFSET,
};

/**
 * hex_dump_to_buffer - one row of @buf (at most @rowsize of its @len bytes)
 * into @linebuf, NUL-terminated
 *
 * Return: its length; or, when @linebuflen is too short, the length it needs.
 */
int hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize, char *linebuf,
		       size_t linebuflen, bool ascii);
/** print_hex_dump - @buf as rows, printk() at @level (KERN_*) each */
void print_hex_dump(const char *level, const char *prefix_str, int prefix_type, int rowsize,
		    int groupsize, const void *buf, size_t len, bool ascii);
/* At the debug level: printed as pr_debug() is, with LIBCDEV_LOG=debug. */
#define print_hex_dump_debug(prefix_str, prefix_type, rowsize, groupsize, buf, len, ascii) \
	print_hex_dump(KERN_DEBUG, prefix_str, prefix_type, rowsize, groupsize, buf, len, ascii)
#define print_hex_dump_bytes(prefix_str, prefix_type, buf, len) \
	print_hex_dump_debug(prefix_str, prefix_type, 16, 1, buf, len, true)

#endif
