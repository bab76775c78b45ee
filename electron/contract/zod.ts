// zod as the contract builds its schemas with. In a page (the renderer) the CSP forbids eval
// (index.html): zod's JIT would try `new Function` when it builds the first object schema, be
// refused, and the page would report a CSP violation on every start. Jitless, it parses the same
// way without trying. The hosts (Node) keep the JIT: it is what makes their parsing fast.
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
