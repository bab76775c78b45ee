// Types of node-engine.mjs (plain JavaScript: it runs before `npm ci`, with nothing installed).
export interface Comparator {
  operator: '^' | '>=';
  version: [number, number, number];
}
export function comparators(range: string): Comparator[];
export function satisfies(version: string, range: string): boolean;
export function nodePackage(range: string, platform: string, arch: string): string;
