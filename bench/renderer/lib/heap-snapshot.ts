// A heap snapshot of the page, reduced to what the heap is made of: V8's compiled code (machine
// code, bytecode and their metadata), the app's JavaScript data (objects, closures, strings,
// arrays), and native memory the snapshot lists beside them (DOM objects, external strings such as
// script sources). Code grows as V8 optimises hot functions and stops at a plateau; the data is
// what the app keeps.
import type { CDPSession } from '@playwright/test';
import { z } from 'zod';

const Snapshot = z.object({
  snapshot: z.object({
    meta: z.object({
      node_fields: z.array(z.string()),
      node_types: z.array(z.union([z.array(z.string()), z.string()])),
    }),
  }),
  nodes: z.array(z.number()),
});

export interface HeapComposition {
  /** V8 `code` nodes: compiled code, bytecode, feedback and their tables, bytes. */
  code: number;
  /** `native` nodes: DOM and other embedder objects, external strings, bytes. */
  native: number;
  /** Every other node: the JavaScript data, bytes. */
  data: number;
}

const Chunk = z.object({ chunk: z.string() });

export async function heapComposition(cdp: CDPSession): Promise<HeapComposition> {
  const chunks: string[] = [];
  const onChunk = (event: unknown) => chunks.push(Chunk.parse(event).chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const snapshot = Snapshot.parse(JSON.parse(chunks.join('')));
  const { node_fields: fields, node_types: nodeTypes } = snapshot.snapshot.meta;
  const typeNames = nodeTypes[fields.indexOf('type')];
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  if (!Array.isArray(typeNames) || typeAt < 0 || sizeAt < 0) {
    throw new Error('the heap snapshot has no node type or size');
  }
  const codeType = typeNames.indexOf('code');
  const nativeType = typeNames.indexOf('native');
  const composition: HeapComposition = { code: 0, native: 0, data: 0 };
  const { nodes } = snapshot;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const size = nodes[i + sizeAt] ?? 0;
    const type = nodes[i + typeAt];
    if (type === codeType) composition.code += size;
    else if (type === nativeType) composition.native += size;
    else composition.data += size;
  }
  return composition;
}
