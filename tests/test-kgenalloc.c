/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Pools of special memory (<linux/genalloc.h>) as lib/genalloc.c has them:
 * first fit by default, sizes rounded up to the pool's order, the newest
 * chunk tried first, the aligned, fixed, order-aligned and best-fit
 * algorithms, free and avail accounting, physical addresses, the owner of
 * a chunk, a pool destroyed with memory still allocated (reported, no
 * crash), managed pools found by name and gone at unbind; and list_sort()
 * (<linux/list_sort.h>), stable.
 */
#include <linux/genalloc.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/list_sort.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include <stdlib.h>
#include <string.h>

#include "test-util.h"

#define PHYS 0x40000000ULL

/* 4 KiB of "SRAM" in 32-byte units (order 5), at physical PHYS. */
/* Page-aligned, so that the aligned allocations below fall where written. */
static unsigned long mem[4096 / sizeof(unsigned long)] __attribute__((aligned(4096)));
#define BASE ((unsigned long)mem)

static struct gen_pool *make_pool(size_t size)
{
	struct gen_pool *pool = gen_pool_create(5, -1);

	assert_non_null(pool);
	assert_int_equal(gen_pool_add_virt(pool, BASE, PHYS, size, -1), 0);
	return pool;
}

static void test_alloc_first_fit(void **state)
{
	struct gen_pool *pool = make_pool(sizeof(mem));
	unsigned long a, b, c;

	(void)state;
	assert_int_equal(gen_pool_size(pool), 4096);
	assert_int_equal(gen_pool_avail(pool), 4096);
	assert_int_equal(gen_pool_alloc(pool, 0), 0);
	a = gen_pool_alloc(pool, 1);  /* one unit of 32 bytes */
	b = gen_pool_alloc(pool, 33); /* two */
	c = gen_pool_alloc(pool, 64);
	assert_int_equal(a, BASE);
	assert_int_equal(b, BASE + 32);
	assert_int_equal(c, BASE + 96);
	assert_int_equal(gen_pool_avail(pool), 4096 - 32 - 64 - 64);
	/* First fit: the hole b leaves is taken again by what fits in it. */
	gen_pool_free(pool, b, 33);
	assert_int_equal(gen_pool_avail(pool), 4096 - 32 - 64);
	assert_int_equal(gen_pool_alloc(pool, 40), BASE + 32);
	/* Too much: 0, nothing taken. */
	assert_int_equal(gen_pool_alloc(pool, 4096), 0);
	assert_int_equal(gen_pool_avail(pool), 4096 - 32 - 64 - 64);
	gen_pool_free(pool, a, 1);
	gen_pool_free(pool, BASE + 32, 40);
	gen_pool_free(pool, c, 64);
	assert_int_equal(gen_pool_avail(pool), 4096);
	gen_pool_destroy(pool);
}

static void test_virt_to_phys(void **state)
{
	struct gen_pool *pool = make_pool(1024);
	unsigned long long dma = 0;
	void *p;

	(void)state;
	assert_int_equal(gen_pool_virt_to_phys(pool, BASE), PHYS);
	assert_int_equal(gen_pool_virt_to_phys(pool, BASE + 1023), PHYS + 1023);
	assert_int_equal(gen_pool_virt_to_phys(pool, BASE + 1024), (phys_addr_t)-1);
	assert_true(gen_pool_has_addr(pool, BASE + 64, 960));
	assert_false(gen_pool_has_addr(pool, BASE + 64, 961));
	memset(mem, 0xa5, 128);
	p = gen_pool_dma_zalloc(pool, 100, &dma);
	assert_ptr_equal(p, (void *)BASE);
	assert_int_equal(dma, PHYS);
	for (int i = 0; i < 100; i++)
		assert_int_equal(((unsigned char *)p)[i], 0);
	gen_pool_free(pool, (unsigned long)p, 100);
	gen_pool_destroy(pool);
}

static void test_chunks(void **state)
{
	struct gen_pool *pool = gen_pool_create(5, -1);
	int owner1, owner2;
	void *owner;

	(void)state;
	assert_int_equal(gen_pool_add_owner(pool, BASE, PHYS, 1024, -1, &owner1), 0);
	assert_int_equal(gen_pool_add_owner(pool, BASE + 2048, PHYS + 2048, 512, -1, &owner2), 0);
	assert_int_equal(gen_pool_size(pool), 1536);
	/* The chunk added last is tried first, as in the kernel. */
	assert_int_equal(gen_pool_alloc_owner(pool, 256, &owner), BASE + 2048);
	assert_ptr_equal(owner, &owner2);
	/* Bigger than what is left of it: the other chunk. */
	assert_int_equal(gen_pool_alloc_owner(pool, 512, &owner), BASE);
	assert_ptr_equal(owner, &owner1);
	gen_pool_free_owner(pool, BASE, 512, &owner);
	assert_ptr_equal(owner, &owner1);
	gen_pool_free(pool, BASE + 2048, 256);
	assert_int_equal(gen_pool_avail(pool), 1536);
	gen_pool_destroy(pool);
}

static void test_algorithms(void **state)
{
	struct gen_pool *pool = gen_pool_create(5, -1);
	struct genpool_data_align align = { .align = 256 };
	struct genpool_data_fixed fixed = { .offset = 512 };
	unsigned long a, b, c;

	(void)state;
	/* A chunk whose start is 32 bytes past a 256-byte boundary. */
	assert_int_equal(gen_pool_add_virt(pool, BASE + 32, PHYS + 32, 2048, -1), 0);
	a = gen_pool_alloc(pool, 32);
	assert_int_equal(a, BASE + 32);
	b = gen_pool_alloc_algo(pool, 32, gen_pool_first_fit_align, &align);
	assert_int_equal(b % 256, 0); /* the address aligned, not the offset in the chunk */
	assert_int_equal(b, BASE + 256);
	c = gen_pool_alloc_algo(pool, 64, gen_pool_fixed_alloc, &fixed);
	assert_int_equal(c, BASE + 32 + 512);
	/* Taken already: the fixed region is not found. */
	assert_int_equal(gen_pool_alloc_algo(pool, 32, gen_pool_fixed_alloc, &fixed), 0);
	gen_pool_free(pool, a, 32);
	gen_pool_free(pool, b, 32);
	gen_pool_free(pool, c, 64);

	/* Order-aligned: 3 units start on a multiple of 4 units (from the chunk). */
	a = gen_pool_alloc(pool, 32);
	b = gen_pool_alloc_algo(pool, 96, gen_pool_first_fit_order_align, NULL);
	assert_int_equal(b, BASE + 32 + 128);
	gen_pool_free(pool, b, 96);

	gen_pool_free(pool, a, 32);
	gen_pool_destroy(pool); /* all given back: nothing to report */
	assert_null(strstr(test_log_take(), "BUG"));
}

/* Best fit: the smallest hole that fits, where first fit takes the first. */
static void test_best_fit(void **state)
{
	struct gen_pool *pool = make_pool(16 * 32);
	static const int freed[] = { 1, 2, 3, 6, 7, 10, 11, 12, 13, 14, 15 };

	(void)state;
	for (int i = 0; i < 16; i++)
		assert_int_equal(gen_pool_alloc(pool, 32), BASE + i * 32);
	/* Holes: units 1-3, 6-7 and 10-15. */
	for (size_t i = 0; i < ARRAY_SIZE(freed); i++)
		gen_pool_free(pool, BASE + freed[i] * 32, 32);
	gen_pool_set_algo(pool, gen_pool_best_fit, NULL);
	assert_int_equal(gen_pool_alloc(pool, 64), BASE + 6 * 32);
	assert_int_equal(gen_pool_alloc(pool, 96), BASE + 1 * 32);
	assert_int_equal(gen_pool_alloc(pool, 64), BASE + 10 * 32);
	assert_int_equal(gen_pool_alloc(pool, 200), 0); /* 7 units: no hole that big */
	gen_pool_set_algo(pool, NULL, NULL);
	assert_ptr_equal(pool->algo, gen_pool_first_fit);
	gen_pool_destroy(pool); /* memory left allocated: reported */
	assert_non_null(strstr(test_log_take(), "still allocated"));
}

/*
 * What the kernel BUG()s on: freeing what was not allocated, or outside the
 * pool, and destroying a pool with memory allocated. Reported in its words;
 * the pool's accounting unchanged, the process alive.
 */
static void test_misuse_reported(void **state)
{
	struct gen_pool *pool = make_pool(1024);
	unsigned long a;

	(void)state;
	test_log_take();
	a = gen_pool_alloc(pool, 64);
	gen_pool_free(pool, a + 64, 32);
	assert_non_null(strstr(test_log_take(), "kernel BUG at lib/genalloc.c"));
	gen_pool_free(pool, BASE + 4096, 32);
	assert_non_null(strstr(test_log_take(), "not allocated"));
	assert_int_equal(gen_pool_avail(pool), 1024 - 64);
	gen_pool_destroy(pool);
	assert_non_null(strstr(test_log_take(), "0x40 bytes at"));
}

/* Managed pools: one per name on a device, found by name, destroyed at unbind. */
static struct gen_pool *probed[3];

static int tpool_probe(struct platform_device *pdev)
{
	probed[0] = devm_gen_pool_create(&pdev->dev, 5, NUMA_NO_NODE, NULL);
	probed[1] = devm_gen_pool_create(&pdev->dev, 5, NUMA_NO_NODE, "fast");
	probed[2] = devm_gen_pool_create(&pdev->dev, 5, NUMA_NO_NODE, "fast");
	if (IS_ERR(probed[0]) || IS_ERR(probed[1]))
		return -EIO;
	return gen_pool_add_virt(probed[1], BASE, PHYS, 256, NUMA_NO_NODE);
}

static struct platform_driver tpool_driver = {
	.driver = { .name = "tpool" },
	.probe = tpool_probe,
};

static void test_managed(void **state)
{
	struct platform_device *pdev;

	(void)state;
	assert_int_equal(libcdev_platform_describe("tpool.0", &pdev), 0);
	assert_int_equal(platform_driver_register(&tpool_driver), 0);
	assert_ptr_equal(probed[2], ERR_PTR(-EINVAL));
	assert_ptr_equal(gen_pool_get(&pdev->dev, NULL), probed[0]);
	assert_ptr_equal(gen_pool_get(&pdev->dev, "fast"), probed[1]);
	assert_null(gen_pool_get(&pdev->dev, "slow"));
	assert_string_equal(probed[1]->name, "fast");
	assert_int_equal(gen_pool_alloc(probed[1], 32), BASE);
	test_log_take();
	platform_driver_unregister(&tpool_driver);
	/* The pool went with the device's managed resources, still in use: reported. */
	assert_null(gen_pool_get(&pdev->dev, "fast"));
	assert_null(gen_pool_get(&pdev->dev, NULL));
	assert_non_null(strstr(test_log_take(), "pool fast has"));
	platform_device_unregister(pdev);
}

struct item {
	struct list_head node;
	int key, seq;
};

static int cmp_key(void *priv, const struct list_head *a, const struct list_head *b)
{
	(*(int *)priv)++;
	return list_entry(a, struct item, node)->key - list_entry(b, struct item, node)->key;
}

static void test_list_sort(void **state)
{
	static struct item items[300];
	struct item *it, *prev = NULL;
	LIST_HEAD(head);
	int calls = 0, n = 0;

	(void)state;
	list_sort(&calls, &head, cmp_key); /* empty */
	assert_true(list_empty(&head));
	srand(2);
	for (int i = 0; i < 300; i++) {
		items[i].key = rand() % 20; /* many equal keys */
		items[i].seq = i;
		list_add_tail(&items[i].node, &head);
	}
	list_sort(&calls, &head, cmp_key);
	assert_true(calls > 0);
	list_for_each_entry(it, &head, node) {
		if (prev) {
			assert_true(prev->key <= it->key);
			if (prev->key == it->key)
				assert_true(prev->seq < it->seq); /* stable */
			assert_ptr_equal(it->node.prev, &prev->node);
		}
		prev = it;
		n++;
	}
	assert_int_equal(n, 300);
	assert_ptr_equal(head.prev, &prev->node);
	/* Backwards too: the ->prev links are whole. */
	n = 0;
	list_for_each_entry_reverse(it, &head, node) n++;
	assert_int_equal(n, 300);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_alloc_first_fit, test_env_capture),
		cmocka_unit_test_setup(test_virt_to_phys, test_env_capture),
		cmocka_unit_test_setup(test_chunks, test_env_capture),
		cmocka_unit_test_setup(test_algorithms, test_env_capture),
		cmocka_unit_test_setup(test_best_fit, test_env_capture),
		cmocka_unit_test_setup(test_misuse_reported, test_env_capture),
		cmocka_unit_test_setup(test_managed, test_env_capture),
		cmocka_unit_test_setup(test_list_sort, test_env_capture),
	};

	return cmocka_run_group_tests(tests, test_env_setup, test_env_teardown);
}
