/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev-kernel - <trace/stages/stage2_data_offsets.h>: struct
 * trace_event_data_offsets_CLASS, the data_loc of each dynamic field, and
 * trace_event_get_offsets_CLASS(), which computes them from the event's
 * arguments and returns the bytes of dynamic data.
 */
#undef TP_STRUCT__entry
#define TP_STRUCT__entry(args...) args

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
#define __dynamic_array(type, item, len) unsigned int item;
#undef __string
#define __string(item, src) unsigned int item;
#undef __string_len
#define __string_len(item, src, len) unsigned int item;
#undef __vstring
#define __vstring(item, fmt, ap) unsigned int item;
#undef __bitmask
#define __bitmask(item, nr_bits) unsigned int item;
#undef __cpumask
#define __cpumask(item) unsigned int item;
#undef __sockaddr
#define __sockaddr(field, len) unsigned int field;
#undef __rel_dynamic_array
#define __rel_dynamic_array(type, item, len) unsigned int item;
#undef __rel_string
#define __rel_string(item, src) unsigned int item;
#undef __rel_string_len
#define __rel_string_len(item, src, len) unsigned int item;
#undef __rel_bitmask
#define __rel_bitmask(item, nr_bits) unsigned int item;
#undef __rel_cpumask
#define __rel_cpumask(item) unsigned int item;
#undef __rel_sockaddr
#define __rel_sockaddr(field, len) unsigned int field;

#undef DECLARE_EVENT_CLASS
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print) \
	struct trace_event_data_offsets_##call {                       \
		tstruct                                                \
	};
#undef DEFINE_EVENT
#define DEFINE_EVENT(template, name, proto, args)
#undef DEFINE_EVENT_PRINT
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)
