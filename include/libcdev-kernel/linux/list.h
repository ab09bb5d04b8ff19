/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <linux/list.h>: circular doubly linked lists threaded
 * through the objects they link (struct list_head), and hash-bucket lists
 * (struct hlist_head/hlist_node), with the kernel's interface. Written for
 * libcdev. A deleted entry's pointers are poisoned, so using it faults.
 */
#ifndef LIBCDEV_KERNEL_LINUX_LIST_H
#define LIBCDEV_KERNEL_LINUX_LIST_H

#include <stdbool.h>
#include <stddef.h>

#include <linux/compiler.h>
#include <linux/types.h>

#define LIST_POISON1 ((void *)0x100)
#define LIST_POISON2 ((void *)0x122)

#define LIST_HEAD_INIT(name)     \
	{                        \
		&(name), &(name) \
	}
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

/* Link @entry between two neighbours. */
static inline void __list_link(struct list_head *entry, struct list_head *prev,
			       struct list_head *next)
{
	next->prev = entry;
	entry->next = next;
	entry->prev = prev;
	prev->next = entry;
}

/* Join two nodes, dropping whatever was between them. */
static inline void __list_join(struct list_head *prev, struct list_head *next)
{
	next->prev = prev;
	prev->next = next;
}

/** list_add - insert @entry right after @head (a stack) */
static inline void list_add(struct list_head *entry, struct list_head *head)
{
	__list_link(entry, head, head->next);
}

/** list_add_tail - insert @entry right before @head (a queue) */
static inline void list_add_tail(struct list_head *entry, struct list_head *head)
{
	__list_link(entry, head->prev, head);
}

static inline void list_del(struct list_head *entry)
{
	__list_join(entry->prev, entry->next);
	entry->next = (struct list_head *)LIST_POISON1;
	entry->prev = (struct list_head *)LIST_POISON2;
}

static inline void list_del_init(struct list_head *entry)
{
	__list_join(entry->prev, entry->next);
	INIT_LIST_HEAD(entry);
}

static inline void list_replace(struct list_head *old, struct list_head *entry)
{
	__list_link(entry, old->prev, old->next);
}

static inline void list_replace_init(struct list_head *old, struct list_head *entry)
{
	list_replace(old, entry);
	INIT_LIST_HEAD(old);
}

static inline void list_move(struct list_head *entry, struct list_head *head)
{
	__list_join(entry->prev, entry->next);
	list_add(entry, head);
}

static inline void list_move_tail(struct list_head *entry, struct list_head *head)
{
	__list_join(entry->prev, entry->next);
	list_add_tail(entry, head);
}

static inline bool list_is_first(const struct list_head *entry, const struct list_head *head)
{
	return entry->prev == head;
}

static inline bool list_is_last(const struct list_head *entry, const struct list_head *head)
{
	return entry->next == head;
}

static inline bool list_is_head(const struct list_head *entry, const struct list_head *head)
{
	return entry == head;
}

static inline bool list_empty(const struct list_head *head)
{
	return READ_ONCE(head->next) == head;
}

static inline bool list_is_singular(const struct list_head *head)
{
	return !list_empty(head) && head->next == head->prev;
}

static inline void list_rotate_left(struct list_head *head)
{
	if (!list_empty(head))
		list_move_tail(head->next, head);
}

/* Put the entries of @list (not @list itself) between @prev and @next. */
static inline void __list_insert_all(const struct list_head *list, struct list_head *prev,
				     struct list_head *next)
{
	struct list_head *first = list->next, *last = list->prev;

	first->prev = prev;
	prev->next = first;
	last->next = next;
	next->prev = last;
}

/** list_splice - move @list's entries to the front of @head; @list is left stale */
static inline void list_splice(const struct list_head *list, struct list_head *head)
{
	if (!list_empty(list))
		__list_insert_all(list, head, head->next);
}

static inline void list_splice_tail(const struct list_head *list, struct list_head *head)
{
	if (!list_empty(list))
		__list_insert_all(list, head->prev, head);
}

static inline void list_splice_init(struct list_head *list, struct list_head *head)
{
	list_splice(list, head);
	INIT_LIST_HEAD(list);
}

static inline void list_splice_tail_init(struct list_head *list, struct list_head *head)
{
	list_splice_tail(list, head);
	INIT_LIST_HEAD(list);
}

static inline size_t list_count_nodes(const struct list_head *head)
{
	const struct list_head *p;
	size_t n = 0;

	for (p = head->next; p != head; p = p->next)
		n++;
	return n;
}

#define list_entry(ptr, type, member)	     container_of(ptr, type, member)
#define list_first_entry(head, type, member) list_entry((head)->next, type, member)
#define list_last_entry(head, type, member)  list_entry((head)->prev, type, member)
#define list_first_entry_or_null(head, type, member) \
	(list_empty(head) ? NULL : list_first_entry(head, type, member))
#define list_next_entry(pos, member)	      list_entry((pos)->member.next, __typeof__(*(pos)), member)
#define list_prev_entry(pos, member)	      list_entry((pos)->member.prev, __typeof__(*(pos)), member)
#define list_entry_is_head(pos, head, member) (&(pos)->member == (head))
/* @pos, or the head as an entry when it is NULL: where a list_for_each_entry_continue() starts. */
#define list_prepare_entry(pos, head, member) \
	((pos) ? (pos) : list_entry(head, __typeof__(*(pos)), member))

#define list_for_each(pos, head) for ((pos) = (head)->next; (pos) != (head); (pos) = (pos)->next)
#define list_for_each_prev(pos, head) \
	for ((pos) = (head)->prev; (pos) != (head); (pos) = (pos)->prev)
/* The _safe forms allow deleting the current entry: @n holds the next one. */
#define list_for_each_safe(pos, n, head)                               \
	for ((pos) = (head)->next, (n) = (pos)->next; (pos) != (head); \
	     (pos) = (n), (n) = (pos)->next)

#define list_for_each_entry(pos, head, member)                           \
	for ((pos) = list_first_entry(head, __typeof__(*(pos)), member); \
	     !list_entry_is_head(pos, head, member); (pos) = list_next_entry(pos, member))
#define list_for_each_entry_reverse(pos, head, member)                  \
	for ((pos) = list_last_entry(head, __typeof__(*(pos)), member); \
	     !list_entry_is_head(pos, head, member); (pos) = list_prev_entry(pos, member))
#define list_for_each_entry_continue(pos, head, member)                                    \
	for ((pos) = list_next_entry(pos, member); !list_entry_is_head(pos, head, member); \
	     (pos) = list_next_entry(pos, member))
#define list_for_each_entry_from(pos, head, member) \
	for (; !list_entry_is_head(pos, head, member); (pos) = list_next_entry(pos, member))
#define list_for_each_entry_safe(pos, n, head, member)                   \
	for ((pos) = list_first_entry(head, __typeof__(*(pos)), member), \
	    (n) = list_next_entry(pos, member);                          \
	     !list_entry_is_head(pos, head, member);                     \
	     (pos) = (n), (n) = list_next_entry(n, member))

/* ---- hash-bucket lists: a one-pointer head, nodes that know their link ---- */

#define HLIST_HEAD_INIT       \
	{                     \
		.first = NULL \
	}
#define HLIST_HEAD(name)     struct hlist_head name = { .first = NULL }
#define INIT_HLIST_HEAD(ptr) ((ptr)->first = NULL)

static inline void INIT_HLIST_NODE(struct hlist_node *node)
{
	node->next = NULL;
	node->pprev = NULL;
}

static inline bool hlist_unhashed(const struct hlist_node *node)
{
	return !node->pprev;
}

static inline bool hlist_empty(const struct hlist_head *head)
{
	return !READ_ONCE(head->first);
}

static inline void __hlist_unlink(struct hlist_node *node)
{
	*node->pprev = node->next;
	if (node->next)
		node->next->pprev = node->pprev;
}

static inline void hlist_del(struct hlist_node *node)
{
	__hlist_unlink(node);
	node->next = (struct hlist_node *)LIST_POISON1;
	node->pprev = (struct hlist_node **)LIST_POISON2;
}

static inline void hlist_del_init(struct hlist_node *node)
{
	if (!hlist_unhashed(node)) {
		__hlist_unlink(node);
		INIT_HLIST_NODE(node);
	}
}

static inline void hlist_add_head(struct hlist_node *node, struct hlist_head *head)
{
	node->next = head->first;
	if (head->first)
		head->first->pprev = &node->next;
	head->first = node;
	node->pprev = &head->first;
}

static inline void hlist_add_before(struct hlist_node *node, struct hlist_node *next)
{
	node->pprev = next->pprev;
	node->next = next;
	next->pprev = &node->next;
	*node->pprev = node;
}

static inline void hlist_add_behind(struct hlist_node *node, struct hlist_node *prev)
{
	node->next = prev->next;
	prev->next = node;
	node->pprev = &prev->next;
	if (node->next)
		node->next->pprev = &node->next;
}

#define hlist_entry(ptr, type, member) container_of(ptr, type, member)
#define hlist_entry_safe(ptr, type, member)                  \
	__extension__({                                      \
		__typeof__(ptr) __p = (ptr);                 \
		__p ? hlist_entry(__p, type, member) : NULL; \
	})
#define hlist_for_each(pos, head) for ((pos) = (head)->first; (pos); (pos) = (pos)->next)
#define hlist_for_each_safe(pos, n, head) \
	for ((pos) = (head)->first; (pos) && ((n) = (pos)->next, 1); (pos) = (n))
#define hlist_for_each_entry(pos, head, member)                                          \
	for ((pos) = hlist_entry_safe((head)->first, __typeof__(*(pos)), member); (pos); \
	     (pos) = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))
#define hlist_for_each_entry_safe(pos, n, head, member)                           \
	for ((pos) = hlist_entry_safe((head)->first, __typeof__(*(pos)), member); \
	     (pos) && ((n) = (pos)->member.next, 1);                              \
	     (pos) = hlist_entry_safe(n, __typeof__(*(pos)), member))

#endif
