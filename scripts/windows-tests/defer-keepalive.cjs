// Loaded with `--require` into Windows Node under Wine only (scripts/windows-tests), never into
// the app: Wine 8 fails a connect with UV_UNKNOWN when keep-alive is set on a socket that is still
// connecting, which undici's fetch does on every request, so every fetch under Wine failed
// ("connect UNKNOWN 127.0.0.1:…") while http.get worked. Setting it once connected is what real
// Windows does in effect, and keeps everything else as it is.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- `--require` loads CommonJS only
const net = require('node:net');

const setKeepAlive = net.Socket.prototype.setKeepAlive;
net.Socket.prototype.setKeepAlive = function deferredSetKeepAlive(...args) {
  if (this.connecting) {
    this.once('connect', () => setKeepAlive.apply(this, args));
    return this;
  }
  return setKeepAlive.apply(this, args);
};
