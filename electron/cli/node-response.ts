// The Response and Headers the command's fetch (http-fetch.ts) answers with. Node's own classes
// are undici's: touching the global Headers or Response loads all of undici, about 10 MiB of the
// 70 MiB that `assistant status` may use (docs/performance.md). These hold just what a fetch
// response is: a status, headers as received, and the body as a web stream, read once.

type Entries = ReturnType<Headers['entries']>;
type Names = ReturnType<Headers['keys']>;

/** Response headers, case-insensitive, in the order received; several values joined as fetch does. */
export class ResponseHeaders implements Headers {
  readonly #values = new Map<string, string[]>();

  /** From Node's `rawHeaders`: name, value, name, value… */
  static fromRaw(raw: readonly string[]): ResponseHeaders {
    const headers = new ResponseHeaders();
    for (let i = 0; i + 1 < raw.length; i += 2) {
      headers.append(raw[i] as string, raw[i + 1] as string);
    }
    return headers;
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const list = this.#values.get(key);
    if (list === undefined) this.#values.set(key, [value]);
    else list.push(value);
  }

  delete(name: string): void {
    this.#values.delete(name.toLowerCase());
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase())?.join(', ') ?? null;
  }

  getSetCookie(): string[] {
    return [...(this.#values.get('set-cookie') ?? [])];
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase());
  }

  set(name: string, value: string): void {
    this.#values.set(name.toLowerCase(), [value]);
  }

  forEach(
    callback: (value: string, key: string, parent: Headers) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  /** Sorted by name, Set-Cookie once per cookie: the order fetch's Headers iterate in. */
  *entries(): Entries {
    for (const key of [...this.#values.keys()].sort()) {
      const values = this.#values.get(key) ?? [];
      if (key === 'set-cookie') for (const value of values) yield [key, value];
      else yield [key, values.join(', ')];
    }
  }

  *keys(): Names {
    for (const [key] of this.entries()) yield key;
  }

  *values(): Names {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): Entries {
    return this.entries();
  }
}

export interface NodeResponseInit {
  status: number;
  statusText: string;
  headers: ResponseHeaders;
  url: string;
}

/** A fetch Response over a body stream; what the API client reads of one, nothing cloned. */
export class NodeResponse implements Response {
  readonly status: number;
  readonly statusText: string;
  readonly headers: ResponseHeaders;
  readonly url: string;
  readonly type = 'basic' as const;
  readonly redirected = false;
  readonly #body: ReadableStream<Uint8Array> | null;
  #used = false;

  constructor(body: ReadableStream<Uint8Array> | null, init: NodeResponseInit) {
    // As fetch's Response refuses one: a status outside 200–599 is no final answer.
    if (!Number.isInteger(init.status) || init.status < 200 || init.status > 599) {
      throw new RangeError(`The status ${init.status} is not in the range 200 to 599`);
    }
    this.#body = body;
    this.status = init.status;
    this.statusText = init.statusText;
    this.headers = init.headers;
    this.url = init.url;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.#body;
  }

  get bodyUsed(): boolean {
    return this.#used || (this.#body?.locked ?? false);
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.bodyUsed) throw new TypeError('The body has already been read');
    this.#used = true;
    if (this.#body === null) return new Uint8Array(0);
    const chunks: Uint8Array[] = [];
    let length = 0;
    const reader = this.#body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.byteLength;
    }
    const all = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      all.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return all;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer;
  }

  /** UTF-8, a leading byte order mark dropped, as fetch's text() reads it. */
  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  // Nothing in the client reads a body as these, and making them would load undici again.
  blob(): Promise<Blob> {
    return Promise.reject(new TypeError('blob() is not supported by the command’s fetch'));
  }

  formData(): Promise<FormData> {
    return Promise.reject(new TypeError('formData() is not supported by the command’s fetch'));
  }

  clone(): Response {
    throw new TypeError('clone() is not supported by the command’s fetch');
  }
}
