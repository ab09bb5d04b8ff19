/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libcdev - drivers/i2c/i2c-core-smbus.c: SMBus transfers and their helpers.
 *
 * An adapter with an SMBus algorithm does them itself; otherwise they are
 * made of plain I2C messages as the kernel's core makes them (a write, or a
 * write and a read joined by a repeated start), with the packet error code
 * (PEC, CRC-8 over the address and data bytes) added and checked for
 * clients flagged I2C_CLIENT_PEC. The reverse, plain I2C messages on an
 * SMBus-only adapter, is refused (i2c-core-base.c).
 */
#include <errno.h>
#include <string.h>

#include "core/core.h"
#include "drivers/i2c/i2c-core.h"

/* CRC-8, polynomial x^8 + x^2 + x + 1, as SMBus's PEC. */
static uint8_t crc8(uint8_t crc, const uint8_t *p, size_t n)
{
	while (n--) {
		crc ^= *p++;
		for (int i = 0; i < 8; i++)
			crc = (uint8_t)((crc & 0x80) ? (crc << 1) ^ 0x07 : crc << 1);
	}
	return crc;
}

/* The PEC of @msg's address byte and @len of its bytes, continuing @pec. */
static uint8_t msg_pec(uint8_t pec, const struct i2c_msg *msg, uint16_t len)
{
	uint8_t addr = (uint8_t)((msg->addr << 1) | !!(msg->flags & I2C_M_RD));

	pec = crc8(pec, &addr, 1);
	return crc8(pec, msg->buf, len);
}

/*
 * The messages of one SMBus transfer, as i2c_smbus_xfer_emulated() builds
 * them: @buf0 the write (command and data), @buf1 the read.
 */
struct smbus_emul {
	struct i2c_msg msg[2];
	int num;
	uint8_t buf0[I2C_SMBUS_BLOCK_MAX + 3];
	uint8_t buf1[I2C_SMBUS_BLOCK_MAX + 3];
};

static int emul_build(struct smbus_emul *e, uint16_t addr, unsigned short flags, char rw,
		      uint8_t command, int size, const union i2c_smbus_data *data)
{
	bool rd = rw == I2C_SMBUS_READ;

	e->msg[0] = (struct i2c_msg){ addr, flags, 1, e->buf0 };
	e->msg[1] = (struct i2c_msg){ addr, (uint16_t)(flags | I2C_M_RD), 0, e->buf1 };
	e->num = rd ? 2 : 1;
	e->buf0[0] = command;
	switch (size) {
	case I2C_SMBUS_QUICK:
		e->msg[0].len = 0;
		e->msg[0].flags = (uint16_t)(flags | (rd ? I2C_M_RD : 0));
		e->num = 1;
		return 0;
	case I2C_SMBUS_BYTE:
		if (rd) {
			e->msg[0].flags = (uint16_t)(flags | I2C_M_RD);
			e->num = 1;
		}
		return 0;
	case I2C_SMBUS_BYTE_DATA:
		if (rd) {
			e->msg[1].len = 1;
		} else {
			e->msg[0].len = 2;
			e->buf0[1] = data->byte;
		}
		return 0;
	case I2C_SMBUS_WORD_DATA:
	case I2C_SMBUS_PROC_CALL:
		if (size == I2C_SMBUS_PROC_CALL) {
			rd = true;
			e->num = 2;
		}
		if (rd)
			e->msg[1].len = 2;
		if (!rd || size == I2C_SMBUS_PROC_CALL) {
			e->msg[0].len = 3;
			e->buf0[1] = (uint8_t)(data->word & 0xff);
			e->buf0[2] = (uint8_t)(data->word >> 8);
		}
		return 0;
	case I2C_SMBUS_BLOCK_DATA:
	case I2C_SMBUS_BLOCK_PROC_CALL:
		if (size == I2C_SMBUS_BLOCK_PROC_CALL) {
			rd = true;
			e->num = 2;
		}
		if (rd) {
			/* The adapter reads the count, then that many bytes. */
			e->msg[1].flags |= I2C_M_RECV_LEN;
			e->msg[1].len = 1;
		}
		if (!rd || size == I2C_SMBUS_BLOCK_PROC_CALL) {
			if (data->block[0] > I2C_SMBUS_BLOCK_MAX)
				return -EINVAL;
			e->msg[0].len = (uint16_t)(data->block[0] + 2);
			memcpy(e->buf0 + 1, data->block, data->block[0] + 1u);
		}
		return 0;
	case I2C_SMBUS_I2C_BLOCK_DATA:
		if (data->block[0] > I2C_SMBUS_BLOCK_MAX)
			return -EINVAL;
		if (rd) {
			e->msg[1].len = data->block[0];
		} else {
			e->msg[0].len = (uint16_t)(data->block[0] + 1);
			memcpy(e->buf0 + 1, data->block + 1, data->block[0]);
		}
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

/* What the read brought back, into @data. */
static int emul_result(const struct smbus_emul *e, int size, union i2c_smbus_data *data)
{
	switch (size) {
	case I2C_SMBUS_BYTE:
		data->byte = e->buf0[0];
		return 0;
	case I2C_SMBUS_BYTE_DATA:
		data->byte = e->buf1[0];
		return 0;
	case I2C_SMBUS_WORD_DATA:
	case I2C_SMBUS_PROC_CALL:
		data->word = (uint16_t)(e->buf1[0] | (e->buf1[1] << 8));
		return 0;
	case I2C_SMBUS_I2C_BLOCK_DATA:
		memcpy(data->block + 1, e->buf1, data->block[0]);
		return 0;
	case I2C_SMBUS_BLOCK_DATA:
	case I2C_SMBUS_BLOCK_PROC_CALL:
		if (e->buf1[0] > I2C_SMBUS_BLOCK_MAX)
			return -EPROTO;
		memcpy(data->block, e->buf1, e->buf1[0] + 1u);
		return 0;
	}
	return 0;
}

static int smbus_xfer_emulated(struct i2c_adapter *adap, uint16_t addr, unsigned short flags,
			       char rw, uint8_t command, int size, union i2c_smbus_data *data)
{
	struct smbus_emul e;
	bool pec = (flags & I2C_CLIENT_PEC) && size != I2C_SMBUS_QUICK &&
		   size != I2C_SMBUS_I2C_BLOCK_DATA;
	uint8_t partial = 0;
	struct i2c_msg *last;
	int err = emul_build(&e, addr, flags & I2C_M_TEN, rw, command, size, data);

	if (err)
		return err;
	last = &e.msg[e.num - 1];
	if (pec) {
		/* The write's PEC goes at its end, or starts the one the read ends with. */
		if (!(e.msg[0].flags & I2C_M_RD)) {
			if (e.num == 1) {
				e.buf0[e.msg[0].len] = msg_pec(0, &e.msg[0], e.msg[0].len);
				e.msg[0].len++;
			} else {
				partial = msg_pec(0, &e.msg[0], e.msg[0].len);
			}
		}
		if (last->flags & I2C_M_RD)
			last->len++;
	}
	err = __i2c_transfer(adap, e.msg, e.num);
	if (err < 0)
		return err;
	if (err != e.num)
		return -EIO;
	if (pec && (last->flags & I2C_M_RD) &&
	    last->buf[last->len - 1] != msg_pec(partial, last, (uint16_t)(last->len - 1)))
		return -EBADMSG;
	return rw == I2C_SMBUS_READ || size == I2C_SMBUS_PROC_CALL ||
			       size == I2C_SMBUS_BLOCK_PROC_CALL ?
		       emul_result(&e, size, data) :
		       0;
}

_public_ int __i2c_smbus_xfer(struct i2c_adapter *adap, uint16_t addr, unsigned short flags,
			      char read_write, uint8_t command, int protocol,
			      union i2c_smbus_data *data)
{
	int err = -EOPNOTSUPP;

	if (!adap || !adap->algo)
		return -EINVAL;
	/* The flags an SMBus transfer carries; the rest are the client's own. */
	flags &= I2C_M_TEN | I2C_CLIENT_PEC | I2C_CLIENT_SCCB;
	if (adap->algo->smbus_xfer) {
		err = -EAGAIN;
		for (int try = 0; try <= adap->retries && err == -EAGAIN; try++)
			err = adap->algo->smbus_xfer(adap, addr, flags, read_write, command,
						     protocol, data);
		/* Only what the SMBus algorithm cannot do is tried with I2C messages. */
		if (err != -EOPNOTSUPP || !adap->algo->master_xfer)
			return err;
	}
	if (!adap->algo->master_xfer)
		return err;
	return smbus_xfer_emulated(adap, addr, flags, read_write, command, protocol, data);
}

_public_ int i2c_smbus_xfer(struct i2c_adapter *adap, uint16_t addr, unsigned short flags,
			    char read_write, uint8_t command, int protocol,
			    union i2c_smbus_data *data)
{
	int err;

	if (!adap)
		return -EINVAL;
	i2c_lock_bus(adap, I2C_LOCK_SEGMENT);
	err = __i2c_smbus_xfer(adap, addr, flags, read_write, command, protocol, data);
	i2c_unlock_bus(adap, I2C_LOCK_SEGMENT);
	return err;
}

static int client_xfer(const struct i2c_client *client, char rw, uint8_t command, int protocol,
		       union i2c_smbus_data *data)
{
	if (!client)
		return -EINVAL;
	return i2c_smbus_xfer(client->adapter, client->addr, client->flags, rw, command, protocol,
			      data);
}

_public_ int32_t i2c_smbus_read_byte(const struct i2c_client *client)
{
	union i2c_smbus_data data;
	int err = client_xfer(client, I2C_SMBUS_READ, 0, I2C_SMBUS_BYTE, &data);

	return err < 0 ? err : data.byte;
}

_public_ int32_t i2c_smbus_write_byte(const struct i2c_client *client, uint8_t value)
{
	return client_xfer(client, I2C_SMBUS_WRITE, value, I2C_SMBUS_BYTE, NULL);
}

_public_ int32_t i2c_smbus_read_byte_data(const struct i2c_client *client, uint8_t command)
{
	union i2c_smbus_data data;
	int err = client_xfer(client, I2C_SMBUS_READ, command, I2C_SMBUS_BYTE_DATA, &data);

	return err < 0 ? err : data.byte;
}

_public_ int32_t i2c_smbus_write_byte_data(const struct i2c_client *client, uint8_t command,
					   uint8_t value)
{
	union i2c_smbus_data data = { .byte = value };

	return client_xfer(client, I2C_SMBUS_WRITE, command, I2C_SMBUS_BYTE_DATA, &data);
}

_public_ int32_t i2c_smbus_read_word_data(const struct i2c_client *client, uint8_t command)
{
	union i2c_smbus_data data;
	int err = client_xfer(client, I2C_SMBUS_READ, command, I2C_SMBUS_WORD_DATA, &data);

	return err < 0 ? err : data.word;
}

_public_ int32_t i2c_smbus_write_word_data(const struct i2c_client *client, uint8_t command,
					   uint16_t value)
{
	union i2c_smbus_data data = { .word = value };

	return client_xfer(client, I2C_SMBUS_WRITE, command, I2C_SMBUS_WORD_DATA, &data);
}

_public_ int32_t i2c_smbus_process_call(const struct i2c_client *client, uint8_t command,
					uint16_t value)
{
	union i2c_smbus_data data = { .word = value };
	int err = client_xfer(client, I2C_SMBUS_WRITE, command, I2C_SMBUS_PROC_CALL, &data);

	return err < 0 ? err : data.word;
}

_public_ int32_t i2c_smbus_read_block_data(const struct i2c_client *client, uint8_t command,
					   uint8_t *values)
{
	union i2c_smbus_data data;
	int err = client_xfer(client, I2C_SMBUS_READ, command, I2C_SMBUS_BLOCK_DATA, &data);

	if (err)
		return err;
	memcpy(values, &data.block[1], data.block[0]);
	return data.block[0];
}

_public_ int32_t i2c_smbus_write_block_data(const struct i2c_client *client, uint8_t command,
					    uint8_t length, const uint8_t *values)
{
	union i2c_smbus_data data;

	if (length > I2C_SMBUS_BLOCK_MAX)
		length = I2C_SMBUS_BLOCK_MAX;
	data.block[0] = length;
	memcpy(&data.block[1], values, length);
	return client_xfer(client, I2C_SMBUS_WRITE, command, I2C_SMBUS_BLOCK_DATA, &data);
}

_public_ int32_t i2c_smbus_read_i2c_block_data(const struct i2c_client *client, uint8_t command,
					       uint8_t length, uint8_t *values)
{
	union i2c_smbus_data data;
	int err;

	if (length > I2C_SMBUS_BLOCK_MAX)
		length = I2C_SMBUS_BLOCK_MAX;
	data.block[0] = length;
	err = client_xfer(client, I2C_SMBUS_READ, command, I2C_SMBUS_I2C_BLOCK_DATA, &data);
	if (err < 0)
		return err;
	memcpy(values, &data.block[1], data.block[0]);
	return data.block[0];
}

_public_ int32_t i2c_smbus_write_i2c_block_data(const struct i2c_client *client, uint8_t command,
						uint8_t length, const uint8_t *values)
{
	union i2c_smbus_data data;

	if (length > I2C_SMBUS_BLOCK_MAX)
		length = I2C_SMBUS_BLOCK_MAX;
	data.block[0] = length;
	memcpy(data.block + 1, values, length);
	return client_xfer(client, I2C_SMBUS_WRITE, command, I2C_SMBUS_I2C_BLOCK_DATA, &data);
}

/* An I2C block read where the adapter has one, else word reads, else byte reads. */
_public_ int32_t i2c_smbus_read_i2c_block_data_or_emulated(const struct i2c_client *client,
							   uint8_t command, uint8_t length,
							   uint8_t *values)
{
	uint32_t func;
	uint8_t i = 0;
	int32_t v;

	if (!client)
		return -EINVAL;
	func = i2c_get_functionality(client->adapter);
	if (length > I2C_SMBUS_BLOCK_MAX)
		length = I2C_SMBUS_BLOCK_MAX;
	if (func & I2C_FUNC_SMBUS_READ_I2C_BLOCK)
		return i2c_smbus_read_i2c_block_data(client, command, length, values);
	if (!(func & I2C_FUNC_SMBUS_READ_BYTE_DATA))
		return -EOPNOTSUPP;
	if (func & I2C_FUNC_SMBUS_READ_WORD_DATA) {
		for (; i + 1 < length; i += 2) {
			v = i2c_smbus_read_word_data(client, (uint8_t)(command + i));
			if (v < 0)
				return v;
			values[i] = (uint8_t)(v & 0xff);
			values[i + 1] = (uint8_t)(v >> 8);
		}
	}
	for (; i < length; i++) {
		v = i2c_smbus_read_byte_data(client, (uint8_t)(command + i));
		if (v < 0)
			return v;
		values[i] = (uint8_t)v;
	}
	return i;
}
