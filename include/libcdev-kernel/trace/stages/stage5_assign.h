/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <trace/stages/stage5_assign.h>:
 * trace_event_raw_event_CLASS(), the class's probe: it takes an entry of
 * the size the arguments need, places its dynamic fields, runs
 * TP_fast_assign() with __entry the entry, and hands it to the library,
 * which formats it and adds the line to the buffers the event is enabled in.
 */
#undef TP_STRUCT__entry
#define TP_STRUCT__entry(args...) args
#undef TP_fast_assign
#define TP_fast_assign(args...) args

#undef __entry
#define __entry entry

#undef __field
#define __field(type, item)
#undef __field_ext
#define __field_ext(type, item, filter_type)
#undef __field_struct
#define __field_struct(type, item)
#undef __field_struct_ext
#define __field_struct_ext(type, item, filter_type)
#undef __array
#define __array(type, item, len)
#undef __dynamic_array
#define __dynamic_array(type, item, len) __entry->__data_loc_##item = __data_offsets.item;
#undef __string
#define __string(item, src) __dynamic_array(char, item, -1)
#undef __string_len
#define __string_len(item, src, len) __dynamic_array(char, item, -1)
#undef __vstring
#define __vstring(item, fmt, ap) __dynamic_array(char, item, -1)
#undef __bitmask
#define __bitmask(item, nr_bits) __dynamic_array(char, item, -1)
#undef __cpumask
#define __cpumask(item) __dynamic_array(char, item, -1)
#undef __sockaddr
#define __sockaddr(field, len) __dynamic_array(unsigned char, field, len)
#undef __rel_dynamic_array
#define __rel_dynamic_array(type, item, len) __entry->__rel_loc_##item = __data_offsets.item;
#undef __rel_string
#define __rel_string(item, src) __rel_dynamic_array(char, item, -1)
#undef __rel_string_len
#define __rel_string_len(item, src, len) __rel_dynamic_array(char, item, -1)
#undef __rel_bitmask
#define __rel_bitmask(item, nr_bits) __rel_dynamic_array(char, item, -1)
#undef __rel_cpumask
#define __rel_cpumask(item) __rel_dynamic_array(char, item, -1)
#undef __rel_sockaddr
#define __rel_sockaddr(field, len) __rel_dynamic_array(unsigned char, field, len)

#undef __get_dynamic_array
#define __get_dynamic_array(field) \
	((void *)((char *)__entry + (__entry->__data_loc_##field & 0xffff)))
#undef __get_dynamic_array_len
#define __get_dynamic_array_len(field) ((int)((__entry->__data_loc_##field >> 16) & 0xffff))
#undef __get_str
#define __get_str(field) ((char *)__get_dynamic_array(field))
#undef __get_bitmask
#define __get_bitmask(field) ((char *)__get_dynamic_array(field))
#undef __get_cpumask
#define __get_cpumask(field) ((char *)__get_dynamic_array(field))
#undef __get_sockaddr
#define __get_sockaddr(field) ((struct sockaddr *)__get_dynamic_array(field))
#undef __get_rel_dynamic_array
#define __get_rel_dynamic_array(field) \
	((void *)((char *)__entry + (__entry->__rel_loc_##field & 0xffff)))
#undef __get_rel_dynamic_array_len
#define __get_rel_dynamic_array_len(field) ((int)((__entry->__rel_loc_##field >> 16) & 0xffff))
#undef __get_rel_str
#define __get_rel_str(field) ((char *)__get_rel_dynamic_array(field))
#undef __get_rel_bitmask
#define __get_rel_bitmask(field) ((char *)__get_rel_dynamic_array(field))
#undef __get_rel_cpumask
#define __get_rel_cpumask(field) ((char *)__get_rel_dynamic_array(field))

/* The copies are bounded by the room the field was given: a string never overruns it. */
#undef __assign_str
#define __assign_str(dst, src) \
	__libcdev_trace_copy_str(__get_str(dst), __get_dynamic_array_len(dst), src)
#undef __assign_str_len
#define __assign_str_len(dst, src, len) \
	__libcdev_trace_copy_str(__get_str(dst), __get_dynamic_array_len(dst), src)
#undef __assign_vstr
#define __assign_vstr(dst, fmt, va) \
	__libcdev_trace_copy_vstr(__get_str(dst), __get_dynamic_array_len(dst), fmt, va)
#undef __assign_bitmask
#define __assign_bitmask(dst, src, nr_bits) \
	memcpy(__get_dynamic_array(dst), (src), (size_t)__get_dynamic_array_len(dst))
#undef __assign_cpumask
#define __assign_cpumask(dst, src) \
	memcpy(__get_dynamic_array(dst), (src), (size_t)__get_dynamic_array_len(dst))
#undef __assign_sockaddr
#define __assign_sockaddr(dst, src, len) memcpy(__get_dynamic_array(dst), (src), (size_t)(len))
#undef __assign_rel_str
#define __assign_rel_str(dst, src) \
	__libcdev_trace_copy_str(__get_rel_str(dst), __get_rel_dynamic_array_len(dst), src)
#undef __assign_rel_str_len
#define __assign_rel_str_len(dst, src, len) \
	__libcdev_trace_copy_str(__get_rel_str(dst), __get_rel_dynamic_array_len(dst), src)
#undef __assign_rel_bitmask
#define __assign_rel_bitmask(dst, src, nr_bits) \
	memcpy(__get_rel_dynamic_array(dst), (src), (size_t)__get_rel_dynamic_array_len(dst))
#undef __assign_rel_cpumask
#define __assign_rel_cpumask(dst, src) \
	memcpy(__get_rel_dynamic_array(dst), (src), (size_t)__get_rel_dynamic_array_len(dst))

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)                   \
	static void trace_event_raw_event_##call(void *__data, proto)                    \
	{                                                                                \
		struct trace_event_call *__call = (struct trace_event_call *)__data;     \
		struct trace_event_data_offsets_##call __data_offsets;                   \
		struct trace_event_raw_##call *entry;                                    \
		int __data_size = trace_event_get_offsets_##call(&__data_offsets, args); \
		entry = (struct trace_event_raw_##call *)libcdev_trace_event_reserve(    \
			__call, sizeof(*entry) + (size_t)__data_size);                   \
		if (!entry)                                                              \
			return;                                                          \
		tstruct                                                                  \
		{                                                                        \
			assign;                                                          \
		}                                                                        \
		libcdev_trace_event_commit(__call, entry);                               \
	}
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)
