/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <trace/stages/stage4_output.h>: trace_raw_output_CLASS()
 * (and _EVENT of DEFINE_EVENT_PRINT()): the entry as TP_printk() formats
 * it, __entry being the entry; the __print_*() and __get_bitmask() helpers
 * write their text into the scratch trace_seq @p.
 */
#undef TP_STRUCT__entry
#define TP_STRUCT__entry(args...) args
#undef TP_printk
#define TP_printk(fmt, args...) fmt, ##args

#undef __entry
#define __entry field

#undef __get_dynamic_array
#define __get_dynamic_array(field) \
	((void *)((char *)__entry + (__entry->__data_loc_##field & 0xffff)))
#undef __get_dynamic_array_len
#define __get_dynamic_array_len(field) ((int)((__entry->__data_loc_##field >> 16) & 0xffff))
#undef __get_str
#define __get_str(field) ((char *)__get_dynamic_array(field))
#undef __get_rel_dynamic_array
#define __get_rel_dynamic_array(field) \
	((void *)((char *)__entry + (__entry->__rel_loc_##field & 0xffff)))
#undef __get_rel_dynamic_array_len
#define __get_rel_dynamic_array_len(field) ((int)((__entry->__rel_loc_##field >> 16) & 0xffff))
#undef __get_rel_str
#define __get_rel_str(field) ((char *)__get_rel_dynamic_array(field))
#undef __get_bitmask
#define __get_bitmask(field) \
	trace_print_bitmask_seq(p, __get_dynamic_array(field), __get_dynamic_array_len(field))
#undef __get_cpumask
#define __get_cpumask(field) __get_bitmask(field)
#undef __get_rel_bitmask
#define __get_rel_bitmask(field)                                   \
	trace_print_bitmask_seq(p, __get_rel_dynamic_array(field), \
				__get_rel_dynamic_array_len(field))
#undef __get_rel_cpumask
#define __get_rel_cpumask(field) __get_rel_bitmask(field)
#undef __get_sockaddr
#define __get_sockaddr(field) ((struct sockaddr *)__get_dynamic_array(field))

#undef __print_flags
#define __print_flags(flag, delim, flag_array...)                                               \
	__extension__({                                                                         \
		static const struct trace_print_flags __flags[] = { flag_array, { -1, NULL } }; \
		trace_print_flags_seq(p, delim, flag, __flags);                                 \
	})
#undef __print_symbolic
#define __print_symbolic(value, symbol_array...)                                      \
	__extension__({                                                               \
		static const struct trace_print_flags __symbols[] = { symbol_array,   \
								      { -1, NULL } }; \
		trace_print_symbols_seq(p, value, __symbols);                         \
	})
#undef __print_symbolic_u64
#define __print_symbolic_u64(value, symbol_array...)                                      \
	__extension__({                                                                   \
		static const struct trace_print_flags_u64 __symbols[] = { symbol_array,   \
									  { -1, NULL } }; \
		trace_print_symbols_seq_u64(p, value, __symbols);                         \
	})
#undef __print_hex
#define __print_hex(buf, buf_len) trace_print_hex_seq(p, buf, buf_len, false)
#undef __print_hex_str
#define __print_hex_str(buf, buf_len) trace_print_hex_seq(p, buf, buf_len, true)
#undef __print_array
#define __print_array(array, count, el_size) trace_print_array_seq(p, array, count, el_size)
#undef __print_dynamic_array
#define __print_dynamic_array(array, el_size)                \
	trace_print_array_seq(p, __get_dynamic_array(array), \
			      (int)(__get_dynamic_array_len(array) / (int)(el_size)), el_size)
#undef __print_ns_to_secs
#define __print_ns_to_secs(value) ((unsigned long long)(value) / 1000000000ull)
#undef __print_ns_without_secs
#define __print_ns_without_secs(value) \
	((unsigned long)((unsigned long long)(value) % 1000000000ull))

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)                \
	static void trace_raw_output_##call(struct trace_seq *s, struct trace_seq *p, \
					    const void *__libcdev_entry)              \
	{                                                                             \
		struct trace_event_raw_##call *field =                                \
			(struct trace_event_raw_##call *)__libcdev_entry;             \
		(void)field;                                                          \
		(void)p;                                                              \
		trace_seq_printf(s, print);                                           \
	}
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, call, proto, args, print)                        \
	static void trace_raw_output_##call(struct trace_seq *s, struct trace_seq *p, \
					    const void *__libcdev_entry)              \
	{                                                                             \
		struct trace_event_raw_##template *field =                            \
			(struct trace_event_raw_##template *)__libcdev_entry;         \
		(void)field;                                                          \
		(void)p;                                                              \
		trace_seq_printf(s, print);                                           \
	}
