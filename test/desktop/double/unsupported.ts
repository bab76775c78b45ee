// The double's one answer to what it does not model: a loud error, never a silent no-op, so a
// call our code starts making shows up in the desktop tests instead of passing unnoticed.

export function unsupported(api: string): never {
  throw new Error(`not supported by the Electron double: ${api}`);
}

/**
 * Wraps an object so that reading a member the double does not implement throws. Members that
 * exist (own or inherited, EventEmitter's included) pass through untouched.
 */
export function strict<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      if (typeof key === 'symbol' || key in object) return Reflect.get(object, key, receiver);
      // Promise resolution and inspection probe these; they are not calls into Electron.
      if (key === 'then' || key === 'toJSON' || key === 'asymmetricMatch') return undefined;
      return unsupported(`${name}.${key}`);
    },
  });
}
