// A run output seen as markdown blocks: a block splitter per output consumes the chunks it has
// not seen yet, and a snapshot is computed at most once per published version, so only the open
// tail is re-lexed however long the answer grows.
import { BlockSplitter } from '../../lib/markdown/blocks';
import type { BlockSnapshot } from '../../lib/markdown/blocks';
import type { RunOutput } from './output';

export interface BlockSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): BlockSnapshot;
}

const sources = new WeakMap<RunOutput, BlockSource>();

export function blocksOf(output: RunOutput): BlockSource {
  let source = sources.get(output);
  if (source) return source;
  let splitter = new BlockSplitter();
  let epoch = -1;
  let consumed = 0;
  let version = -1;
  let snapshot: BlockSnapshot = splitter.snapshot();
  source = {
    subscribe: output.subscribe,
    getSnapshot() {
      const current = output.getSnapshot();
      if (current.version === version) return snapshot;
      version = current.version;
      if (current.epoch !== epoch) {
        epoch = current.epoch;
        splitter = new BlockSplitter();
        consumed = 0;
      }
      for (const chunk of output.chunksFrom(consumed)) splitter.append(chunk);
      consumed = current.chunkCount;
      snapshot = splitter.snapshot();
      return snapshot;
    },
  };
  sources.set(output, source);
  return source;
}
