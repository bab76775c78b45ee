// A run output seen as markdown blocks: a block splitter per output consumes the chunks it has
// not seen yet, and a snapshot is computed at most once per published version, so only the open
// tail is re-lexed however long the answer grows.
import { BlockSplitter } from './markdown/blocks';
import type { BlockSnapshot } from './markdown/blocks';
import type { ChunkCursor, RunOutput } from './runOutput';

export interface BlockSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): BlockSnapshot;
}

const sources = new WeakMap<RunOutput, BlockSource>();

export function blocksOf(output: RunOutput): BlockSource {
  let source = sources.get(output);
  if (source) return source;
  let splitter = new BlockSplitter();
  let cursor: ChunkCursor = { epoch: -1, count: 0 };
  let version = -1;
  let snapshot: BlockSnapshot = splitter.snapshot();
  source = {
    subscribe: output.subscribe,
    getSnapshot() {
      const current = output.getSnapshot();
      if (current.version === version) return snapshot;
      version = current.version;
      // The chunks there are now, counted as taken: a batch applied since the frame was
      // published is in this render and is not taken again at the next frame.
      const read = output.readFrom(cursor);
      if (read.restarted) splitter = new BlockSplitter();
      for (const chunk of read.chunks) splitter.append(chunk);
      cursor = read.next;
      snapshot = splitter.snapshot();
      return snapshot;
    },
  };
  sources.set(output, source);
  return source;
}
