/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Record fifos, the DMA helpers of kfifo and scatterlists, through the
 * kernel-compatible headers: records of 1- and 2-byte length fields go in
 * whole or not at all and come out whole (a short read drops the rest),
 * also to and from the caller's memory; kfifo_dma_*_prepare describe the
 * ring's free or filled pieces as scatterlist entries over its memory and
 * the _finish calls move the counts; scatterlists chain, end, count and copy.
 */
#include <linux/kfifo.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

/* The kernel's record sample, in short: records of 1..10 bytes and one of 6. */
static void test_rec1_in_out(void **state)
{
	STRUCT_KFIFO_REC_1(64) f;
	char buf[100];
	unsigned int i;

	(void)state;
	INIT_KFIFO(f);
	assert_int_equal(kfifo_recsize(&f), 1);
	assert_int_equal(kfifo_size(&f), 64);
	assert_true(kfifo_is_empty(&f));
	assert_int_equal(kfifo_peek_len(&f), 0);
	assert_int_equal(kfifo_in(&f, "hello", 6), 6);
	assert_int_equal(kfifo_peek_len(&f), 6);
	/* A record costs its length field: 7 bytes. */
	assert_int_equal(kfifo_len(&f), 7);
	assert_int_equal(kfifo_avail(&f), 64 - 7 - 1);
	for (i = 0; i < 6; i++) {
		memset(buf, 'a' + i, i + 1);
		assert_int_equal(kfifo_in(&f, buf, i + 1), i + 1);
	}
	kfifo_skip(&f);
	assert_int_equal(kfifo_peek_len(&f), 1);
	assert_int_equal(kfifo_out_peek(&f, buf, sizeof(buf)), 1);
	assert_int_equal(buf[0], 'a');
	for (i = 0; i < 6; i++) {
		memset(buf, 0, sizeof(buf));
		assert_int_equal(kfifo_out(&f, buf, sizeof(buf)), i + 1);
		assert_int_equal(strspn(buf, (char[]){ (char)('a' + i), 0 }), i + 1);
	}
	assert_true(kfifo_is_empty(&f));
	assert_int_equal(kfifo_out(&f, buf, sizeof(buf)), 0);
	/* An empty fifo has nothing to skip. */
	kfifo_skip(&f);
	assert_int_equal(kfifo_len(&f), 0);
}

/* Whole records or nothing; a short read drops the record's rest; the ring wraps under them. */
static void test_rec1_whole_records(void **state)
{
	STRUCT_KFIFO_REC_1(16) f;
	char buf[32];
	unsigned int i;

	(void)state;
	INIT_KFIFO(f);
	assert_int_equal(kfifo_in(&f, "0123456789", 10), 10);
	/* 11 used, 5 free: a record of 5 needs 6. */
	assert_int_equal(kfifo_avail(&f), 4);
	assert_int_equal(kfifo_in(&f, "abcde", 5), 0);
	assert_int_equal(kfifo_len(&f), 11);
	assert_int_equal(kfifo_out(&f, buf, 3), 3);
	assert_memory_equal(buf, "012", 3);
	assert_true(kfifo_is_empty(&f));
	/* Records across the end of the ring, many times over. */
	for (i = 0; i < 20; i++) {
		char rec[7];

		memset(rec, 'A' + i, sizeof(rec));
		assert_int_equal(kfifo_in(&f, rec, sizeof(rec)), sizeof(rec));
		assert_int_equal(kfifo_peek_len(&f), sizeof(rec));
		assert_int_equal(kfifo_out(&f, buf, sizeof(buf)), sizeof(rec));
		assert_memory_equal(buf, rec, sizeof(rec));
	}
	/* kfifo_put()/kfifo_get() of a record fifo move one-byte records. */
	assert_int_equal(kfifo_put(&f, 'z'), 1);
	assert_int_equal(kfifo_len(&f), 2);
	assert_int_equal(kfifo_get(&f, (unsigned char *)buf), 1);
	assert_int_equal(buf[0], 'z');
}

/* Two-byte length fields: records longer than 255 bytes, allocated fifo. */
static void test_rec2_alloc(void **state)
{
	struct kfifo_rec_ptr_2 f;
	static char big[300], back[400];

	(void)state;
	assert_int_equal(kfifo_alloc(&f, 1000, GFP_KERNEL), 0);
	assert_int_equal(kfifo_size(&f), 1024);
	assert_int_equal(kfifo_recsize(&f), 2);
	memset(big, 'x', sizeof(big));
	big[299] = 'y';
	assert_int_equal(kfifo_in(&f, big, sizeof(big)), sizeof(big));
	assert_int_equal(kfifo_len(&f), 302);
	assert_int_equal(kfifo_peek_len(&f), 300);
	assert_int_equal(kfifo_out(&f, back, sizeof(back)), 300);
	assert_memory_equal(back, big, sizeof(big));
	kfifo_free(&f);

	/* A record of a 1-byte field holds at most 255 bytes. */
	assert_int_equal(__kfifo_max_r(300, 1), 255);
	assert_int_equal(__kfifo_max_r(300, 2), 300);
}

/* To and from the caller's memory (the direct backend's caller is this process). */
static void test_rec_user(void **state)
{
	STRUCT_KFIFO_REC_1(32) f;
	char back[64];
	unsigned int copied;

	(void)state;
	INIT_KFIFO(f);
	assert_int_equal(kfifo_from_user(&f, (const void __user *)"first", 5, &copied), 0);
	assert_int_equal(copied, 5);
	assert_int_equal(kfifo_from_user(&f, (const void __user *)"second!", 7, &copied), 0);
	assert_int_equal(copied, 7);
	/* No room for 20 more: nothing copied, no error. */
	assert_int_equal(
		kfifo_from_user(&f, (const void __user *)"01234567890123456789", 20, &copied), 0);
	assert_int_equal(copied, 0);
	/* One record per read; a short read drops the rest of it. */
	assert_int_equal(kfifo_to_user(&f, (void __user *)back, 3, &copied), 0);
	assert_int_equal(copied, 3);
	assert_memory_equal(back, "fir", 3);
	assert_int_equal(kfifo_to_user(&f, (void __user *)back, sizeof(back), &copied), 0);
	assert_int_equal(copied, 7);
	assert_memory_equal(back, "second!", 7);
	assert_int_equal(kfifo_to_user(&f, (void __user *)back, sizeof(back), &copied), 0);
	assert_int_equal(copied, 0);
	/* A fault takes nothing out. */
	assert_int_equal(kfifo_in(&f, "abc", 3), 3);
	assert_int_equal(kfifo_to_user(&f, (void __user *)16, 3, &copied), -EFAULT);
	assert_int_equal(copied, 0);
	assert_int_equal(kfifo_peek_len(&f), 3);
	assert_int_equal(kfifo_from_user(&f, (const void __user *)16, 3, &copied), -EFAULT);
	assert_int_equal(kfifo_len(&f), 4);
}

/* The kernel's DMA sample: a byte fifo of 32 holding 12 bytes from offset 1. */
static void test_dma_bytes(void **state)
{
	struct kfifo fifo;
	struct scatterlist sg[10];
	unsigned int nents, i;
	unsigned char *data;

	(void)state;
	assert_int_equal(kfifo_alloc(&fifo, 32, GFP_KERNEL), 0);
	data = fifo.kfifo.data;
	kfifo_in(&fifo, "test", 4);
	for (i = 0; i != 9; i++)
		kfifo_put(&fifo, i);
	kfifo_skip(&fifo);
	assert_int_equal(kfifo_len(&fifo), 12);

	/* Free: bytes 13..31, then byte 0. */
	sg_init_table(sg, ARRAY_SIZE(sg));
	nents = kfifo_dma_in_prepare(&fifo, sg, ARRAY_SIZE(sg), 32);
	assert_int_equal(nents, 2);
	assert_ptr_equal(sg_virt(&sg[0]), data + 13);
	assert_int_equal(sg[0].length, 19);
	assert_ptr_equal(sg_virt(&sg[1]), data);
	assert_int_equal(sg[1].length, 1);
	assert_int_equal(sg_dma_len(&sg[1]), 1);
	assert_true((unsigned long)sg_dma_address(&sg[0]) == (unsigned long)(data + 13));
	/* "Receive" 3 bytes into the first piece. */
	memcpy(sg_virt(&sg[0]), "xyz", 3);
	kfifo_dma_in_finish(&fifo, 3);
	assert_int_equal(kfifo_len(&fifo), 15);

	/* Filled: 8 of them from byte 1, in one piece. */
	nents = kfifo_dma_out_prepare(&fifo, sg, ARRAY_SIZE(sg), 8);
	assert_int_equal(nents, 1);
	assert_ptr_equal(sg_virt(&sg[0]), data + 1);
	assert_int_equal(sg[0].length, 8);
	kfifo_dma_out_finish(&fifo, 5);
	assert_int_equal(kfifo_len(&fifo), 10);

	/* A full fifo has no free space to describe. */
	while (kfifo_put(&fifo, 0))
		;
	assert_int_equal(kfifo_dma_in_prepare(&fifo, sg, ARRAY_SIZE(sg), 32), 0);
	/* One entry where two would be needed: the first piece only. */
	kfifo_reset(&fifo);
	fifo.kfifo.in = fifo.kfifo.out = 30;
	assert_int_equal(kfifo_dma_in_prepare(&fifo, sg, 1, 32), 1);
	assert_int_equal(sg[0].length, 2);
	kfifo_free(&fifo);
}

/* A record through DMA: its length field is written at finish. */
static void test_dma_record(void **state)
{
	STRUCT_KFIFO_REC_1(16) f;
	struct scatterlist sg[2];
	char buf[16];

	(void)state;
	INIT_KFIFO(f);
	sg_init_table(sg, 2);
	assert_int_equal(kfifo_dma_in_prepare(&f, sg, 2, 4), 1);
	assert_ptr_equal(sg_virt(&sg[0]), f.buf + 1);
	memcpy(sg_virt(&sg[0]), "dma!", 4);
	kfifo_dma_in_finish(&f, 4);
	assert_int_equal(kfifo_peek_len(&f), 4);
	assert_int_equal(kfifo_dma_out_prepare(&f, sg, 2, 4), 1);
	assert_ptr_equal(sg_virt(&sg[0]), f.buf + 1);
	/* More than the fifo holds: nothing. */
	assert_int_equal(kfifo_dma_out_prepare(&f, sg, 2, 5), 0);
	kfifo_dma_out_finish(&f, 0);
	assert_true(kfifo_is_empty(&f));
	assert_int_equal(kfifo_in(&f, "ab", 2), 2);
	assert_int_equal(kfifo_out(&f, buf, sizeof(buf)), 2);
	/* No room for a 15-byte record after its field in 16 bytes. */
	assert_int_equal(kfifo_dma_in_prepare(&f, sg, 2, 16), 0);
}

/* Scatterlists: ends, chains, counts and copies. */
static void test_scatterlist(void **state)
{
	struct scatterlist a[3], b[2], *sg;
	char m1[5] = "abcde", m2[3] = "fgh", m3[4] = "ijkl", m4[2] = "mn", out[16];
	struct sg_table t;
	unsigned int i;

	(void)state;
	sg_init_table(a, 3);
	assert_true(sg_is_last(&a[2]));
	assert_false(sg_is_last(&a[1]));
	sg_set_buf(&a[0], m1, sizeof(m1));
	sg_set_buf(&a[1], m2, sizeof(m2));
	sg_init_table(b, 2);
	sg_set_buf(&b[0], m3, sizeof(m3));
	sg_set_buf(&b[1], m4, sizeof(m4));
	/* a[2] becomes the link to b. */
	sg_chain(a, 3, b);
	assert_true(sg_is_chain(&a[2]));
	assert_ptr_equal(sg_next(&a[1]), &b[0]);
	assert_null(sg_next(&b[1]));
	assert_int_equal(sg_nents(a), 4);
	assert_int_equal(sg_nents_for_len(a, 9), 3);
	assert_int_equal(sg_nents_for_len(a, 100), -EINVAL);
	assert_ptr_equal(sg_page(&a[0]), virt_to_page(m1));
	assert_int_equal(a[0].offset, offset_in_page(m1));
	assert_ptr_equal(sg_last(a, 4), &b[1]);
	i = 0;
	for_each_sg(a, sg, 4, i) assert_non_null(sg_virt(sg));
	assert_int_equal(i, 4);
	memset(out, 0, sizeof(out));
	assert_int_equal(sg_copy_to_buffer(a, 4, out, sizeof(out)), 14);
	assert_string_equal(out, "abcdefghijklmn");
	assert_int_equal(sg_pcopy_from_buffer(a, 4, "XYZ", 3, 4), 3);
	assert_memory_equal(m1, "abcdX", 5);
	assert_memory_equal(m2, "YZh", 3);
	/* 2 asked, 1 left after 13 bytes. */
	assert_int_equal(sg_zero_buffer(a, 4, 2, 13), 1);
	assert_memory_equal(m4, "m", 2);
	assert_int_equal(sg_pcopy_to_buffer(a, 4, out, 4, 20), 0);

	sg_init_one(&a[0], m3, 2);
	assert_int_equal(sg_nents(a), 1);
	assert_int_equal(sg_alloc_table(&t, 5, GFP_KERNEL), 0);
	assert_int_equal(sg_nents(t.sgl), 5);
	assert_true(sg_is_last(&t.sgl[4]));
	sg_free_table(&t);
	assert_null(t.sgl);
	assert_int_equal(sg_alloc_table(&t, 0, GFP_KERNEL), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rec1_in_out), cmocka_unit_test(test_rec1_whole_records),
		cmocka_unit_test(test_rec2_alloc),  cmocka_unit_test(test_rec_user),
		cmocka_unit_test(test_dma_bytes),   cmocka_unit_test(test_dma_record),
		cmocka_unit_test(test_scatterlist),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
