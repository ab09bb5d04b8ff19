/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The caller's memory taken whole, as a driver's ioctl takes it: pinned
 * pages (pin_user_pages_fast(), unpin_user_page(s)) mapped with
 * kmap_local_page(), and memdup_user()/memdup_user_nul(). Without a request
 * running, the "caller" is this process (the direct backend's rule), so the
 * test plays both sides.
 */
#include <linux/err.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "test-util.h"

/* Two pages of the "caller", each byte its offset's low bits plus @seed. */
static unsigned char *caller_pages(unsigned char seed)
{
	unsigned char *buf = mmap(NULL, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	assert_true(buf != MAP_FAILED);
	for (size_t i = 0; i < 2 * PAGE_SIZE; i++)
		buf[i] = (unsigned char)(i + seed);
	return buf;
}

static void test_pin_reads_the_callers_pages(void **state)
{
	unsigned char *buf = caller_pages(3);
	struct page *pages[2];
	unsigned char *p;

	(void)state;
	/* An address inside the first page pins from that page's start. */
	assert_int_equal(pin_user_pages_fast((unsigned long)buf + 100, 2, 0, pages), 2);
	p = kmap_local_page(pages[0]);
	assert_memory_equal(p, buf, PAGE_SIZE);
	kunmap_local(p);
	assert_memory_equal(page_address(pages[1]), buf + PAGE_SIZE, PAGE_SIZE);
	assert_int_equal(offset_in_page(page_address(pages[1])), 0);
	/* A read-only pin the driver scribbles on gives nothing back. */
	memset(page_address(pages[0]), 0xee, 16);
	unpin_user_pages(pages, 2);
	assert_int_equal(buf[0], 3);
	munmap(buf, 2 * PAGE_SIZE);
}

static void test_pin_stops_where_the_caller_maps_nothing(void **state)
{
	unsigned char *buf = caller_pages(0);
	struct page *pages[2];

	(void)state;
	munmap(buf + PAGE_SIZE, PAGE_SIZE);
	assert_int_equal(pin_user_pages_fast((unsigned long)buf, 2, 0, pages), 1);
	unpin_user_page(pages[0]);
	assert_int_equal(pin_user_pages_fast((unsigned long)buf + PAGE_SIZE, 1, 0, pages), -EFAULT);
	assert_int_equal(pin_user_pages_fast((unsigned long)buf, 0, 0, pages), 0);
	/* FOLL_FORCE (writing where the caller may not) is not this layer's to grant. */
	assert_int_equal(pin_user_pages_fast((unsigned long)buf, 1, 0x10, pages), -EINVAL);
	munmap(buf, PAGE_SIZE);
}

/*
 * What the driver writes into a FOLL_WRITE pin reaches the caller at unpin,
 * and only that: a byte the caller changed meanwhile keeps its new value.
 */
static void test_pin_for_write_gives_back_the_drivers_bytes(void **state)
{
	unsigned char *buf = caller_pages(0);
	struct page *pages[1];
	unsigned char *p;

	(void)state;
	assert_int_equal(
		pin_user_pages_fast((unsigned long)buf, 1, FOLL_WRITE | FOLL_LONGTERM, pages), 1);
	p = kmap_local_page(pages[0]);
	memset(p + 10, 0xab, 10);
	p[PAGE_SIZE - 1] = 0xcd;
	kunmap_local(p);
	buf[200] = 0x55;
	unpin_user_pages_dirty_lock(pages, 1, true);
	for (int i = 10; i < 20; i++)
		assert_int_equal(buf[i], 0xab);
	assert_int_equal(buf[9], 9);
	assert_int_equal(buf[20], 20);
	assert_int_equal(buf[PAGE_SIZE - 1], 0xcd);
	assert_int_equal(buf[200], 0x55);
	assert_int_equal(buf[PAGE_SIZE], 0);
	munmap(buf, 2 * PAGE_SIZE);
}

static void test_unpin_of_a_page_never_pinned_is_reported(void **state)
{
	void *mine = aligned_alloc(PAGE_SIZE, PAGE_SIZE);

	(void)state;
	test_log_take();
	unpin_user_page(virt_to_page(mine));
	assert_non_null(strstr(test_log_take(), "is not a pinned page"));
	free(mine);
}

static void test_memdup_user(void **state)
{
	static const char msg[] = "sdfec";
	char *copy;

	(void)state;
	copy = memdup_user((const void __user *)msg, sizeof(msg));
	assert_false(IS_ERR(copy));
	assert_string_equal(copy, "sdfec");
	kfree(copy);
	copy = memdup_user_nul((const void __user *)msg, 3);
	assert_false(IS_ERR(copy));
	assert_string_equal(copy, "sdf");
	kfree(copy);
	copy = memdup_user((const void __user *)8, 4);
	assert_true(IS_ERR(copy));
	assert_int_equal(PTR_ERR(copy), -EFAULT);
}

/* A driver's .mmap is never called here; the mapping helpers say why if called anyway. */
static void test_mapping_helpers(void **state)
{
	struct vm_area_struct vma = { .vm_start = 0x10000, .vm_end = 0x12000, .vm_flags = VM_READ };

	(void)state;
	vma.vm_page_prot = pgprot_writecombine(vma.vm_page_prot);
	assert_int_equal(pgprot_val(vma.vm_page_prot), 0x08);
	assert_int_equal(pgprot_val(pgprot_noncached(vma.vm_page_prot)), 0x10);
	assert_int_equal(vm_iomap_memory(&vma, 0x90000000, 0x2000), -ENODEV);
	assert_int_equal(remap_pfn_range(&vma, vma.vm_start, 0x90000, 0x2000, vma.vm_page_prot),
			 -ENODEV);
	assert_true(PAGE_ALIGNED(0x2000) && !PAGE_ALIGNED(0x2001));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pin_reads_the_callers_pages),
		cmocka_unit_test(test_pin_stops_where_the_caller_maps_nothing),
		cmocka_unit_test(test_pin_for_write_gives_back_the_drivers_bytes),
		cmocka_unit_test_setup(test_unpin_of_a_page_never_pinned_is_reported,
				       test_env_capture),
		cmocka_unit_test(test_memdup_user),
		cmocka_unit_test(test_mapping_helpers),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
