// Loaded with `--require` into Windows Node under Wine only (scripts/windows-tests), never into
// the app: Wine 8 passes a socket's gathered write to Linux's sendmsg, which refuses more than
// 1,024 pieces (EMSGSIZE, and Node drops the connection); real Windows' WSASend takes any count.
// An HTTP response written in many small pieces at once (a run stream replayed to its end: three
// pieces per chunked write) crossed it, and the client saw "other side closed" on every run of
// 400 tokens. Joining a long gathered write into one buffer sends the same bytes in the same order.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- `--require` loads CommonJS only
const net = require('node:net');

// Well under Linux's limit: one piece may become several inside libuv.
const MOST_PIECES = 256;

const writev = net.Socket.prototype._writev;
net.Socket.prototype._writev = function joinedWritev(chunks, callback) {
  if (chunks.length <= MOST_PIECES) return writev.call(this, chunks, callback);
  const joined = Buffer.concat(
    chunks.map(({ chunk, encoding }) =>
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding),
    ),
  );
  return this._write(joined, 'buffer', callback);
};
