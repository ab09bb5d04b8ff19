/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <trace/stages/stage3_get_offsets.h>:
 * trace_event_get_offsets_CLASS(): the place and length of each dynamic
 * field for these arguments, and the bytes they take after the fields.
 */
#undef TP_STRUCT__entry
#define TP_STRUCT__entry(args...) args

#undef __libcdev_dyn
#define __libcdev_dyn(item, bytes)                                                             \
	__item_length = (unsigned int)(bytes);                                                 \
	__data_offsets->item = (unsigned int)(__data_size + offsetof(typeof(*entry), __data)); \
	__data_offsets->item |= __item_length << 16;                                           \
	__data_size += (int)__item_length;

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
#define __dynamic_array(type, item, len) __libcdev_dyn(item, (len) * sizeof(type))
#undef __string
#define __string(item, src) __libcdev_dyn(item, __libcdev_trace_strlen(src) + 1)
#undef __string_len
#define __string_len(item, src, len) __libcdev_dyn(item, (len) + 1)
#undef __vstring
#define __vstring(item, fmt, ap) __libcdev_dyn(item, __libcdev_trace_vstrlen(fmt, ap))
#undef __bitmask
#define __bitmask(item, nr_bits) __libcdev_dyn(item, BITS_TO_LONGS(nr_bits) * sizeof(unsigned long))
#undef __cpumask
#define __cpumask(item) __bitmask(item, nr_cpumask_bits)
#undef __sockaddr
#define __sockaddr(field, len) __libcdev_dyn(field, len)
#undef __rel_dynamic_array
#define __rel_dynamic_array(type, item, len) __dynamic_array(type, item, len)
#undef __rel_string
#define __rel_string(item, src) __string(item, src)
#undef __rel_string_len
#define __rel_string_len(item, src, len) __string_len(item, src, len)
#undef __rel_bitmask
#define __rel_bitmask(item, nr_bits) __bitmask(item, nr_bits)
#undef __rel_cpumask
#define __rel_cpumask(item) __cpumask(item)
#undef __rel_sockaddr
#define __rel_sockaddr(field, len) __sockaddr(field, len)

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)               \
	static inline int trace_event_get_offsets_##call(                            \
		struct trace_event_data_offsets_##call *__data_offsets, proto)       \
	{                                                                            \
		int __data_size = 0;                                                 \
		unsigned int __item_length __attribute__((unused));                  \
		struct trace_event_raw_##call *entry __attribute__((unused)) = NULL; \
		(void)__data_offsets;                                                \
		tstruct return __data_size;                                          \
	}
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)
