// Reads a markdown document for what it tells the reader to run or open: the commands of its shell
// blocks and inline code, and its links. Each finding names the document and what is wrong, so a
// renamed script or a moved file fails `npm test` with the line to fix.

export interface Repository {
  /** package.json's scripts. */
  scripts: ReadonlySet<string>;
  /** The executables `npx` would find in node_modules/.bin. */
  bins: ReadonlySet<string>;
  /** Whether a path, relative to the repository's root, exists. */
  exists(path: string): boolean;
  /** The heading anchors of a markdown file of the repository (GitHub's slugs). */
  anchors(path: string): ReadonlySet<string> | undefined;
}

const SHELL_FENCE = /^```(?:sh|bash|shell|console)\s*$/;

/** The lines of every shell code block, continuation lines joined, comments dropped. */
export function shellBlockLines(markdown: string): string[] {
  const lines: string[] = [];
  let inShell = false;
  let inOther = false;
  let pending = '';
  for (const line of markdown.split('\n')) {
    if (!inShell && !inOther && line.startsWith('```')) {
      inShell = SHELL_FENCE.test(line);
      inOther = !inShell;
      continue;
    }
    if (line.startsWith('```')) {
      inShell = false;
      inOther = false;
      continue;
    }
    if (!inShell) continue;
    const text = withoutComment(line).trim();
    if (text.endsWith('\\')) {
      pending += `${text.slice(0, -1).trim()} `;
      continue;
    }
    const joined = (pending + text).trim();
    pending = '';
    if (joined !== '') lines.push(joined);
  }
  return lines;
}

/** A `#` that starts a word outside quotes starts a comment. */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) {
      return line.slice(0, i);
    }
  }
  return line;
}

/** Every inline code span outside code blocks that holds a command we check. */
export function inlineCommands(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => (match[1] ?? '').trim());
  return spans.filter((span) => /^(npm|npx) /.test(span));
}

/** One command line split into simple commands, each without its leading `NAME=value`s. */
export function simpleCommands(line: string): string[][] {
  return line
    .split(/&&|\|\||;|\|/)
    .map((part) => part.trim().split(/\s+/).filter(Boolean))
    .map((words) => {
      let start = 0;
      while (start < words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[start] ?? '')) start += 1;
      return words.slice(start);
    })
    .filter((words) => words.length > 0);
}

/** What is wrong with one command as the repository stands; undefined when nothing. */
export function commandProblem(words: readonly string[], repo: Repository): string | undefined {
  const [tool, first, ...rest] = words;
  if (tool === 'npm') {
    if (first === 'run' || first === 'run-script') {
      const script = rest.find((word) => !word.startsWith('-'));
      if (script === undefined) return `"${words.join(' ')}" names no script`;
      return repo.scripts.has(script) ? undefined : `no npm script "${script}" in package.json`;
    }
    if (first === 'test' || first === 'start') {
      return repo.scripts.has(first) ? undefined : `no npm script "${first}" in package.json`;
    }
    return undefined;
  }
  if (tool === 'npx' && first !== undefined) {
    return repo.bins.has(first) ? undefined : `npx ${first}: no such executable in node_modules`;
  }
  if ((tool === 'node' || tool === 'bash') && first !== undefined && !first.startsWith('-')) {
    return repo.exists(first) ? undefined : `${tool} ${first}: no such file`;
  }
  return undefined;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function headingAnchors(markdown: string): Set<string> {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return new Set(
    [...prose.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => headingAnchor(match[1] ?? '')),
  );
}

/** Every link and image target outside code: `[text](target)`. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(
    (match) => match[1] ?? '',
  );
}

/** What is wrong with one link of the document at `docPath` (relative to the root). */
export function linkProblem(docPath: string, target: string, repo: Repository): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [pathPart = '', anchor] = target.split('#', 2);
  const path = pathPart === '' ? docPath : joinRelative(docPath, decodeURIComponent(pathPart));
  if (path === undefined) return `link ${target} leaves the repository`;
  if (!repo.exists(path)) return `link ${target}: no file ${path}`;
  if (anchor === undefined || anchor === '') return undefined;
  const anchors = repo.anchors(path);
  if (anchors === undefined) return undefined;
  return anchors.has(anchor) ? undefined : `link ${target}: no heading #${anchor} in ${path}`;
}

/** `a/b.md` + `../c/d.md` → `c/d.md`; undefined above the root. */
function joinRelative(from: string, relative: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else {
      parts.push(part);
    }
  }
  return parts.join('/');
}

/** Every problem of one document: its commands (blocks and inline code) and its links. */
export function documentProblems(docPath: string, markdown: string, repo: Repository): string[] {
  const commands = [...shellBlockLines(markdown), ...inlineCommands(markdown)].flatMap(
    simpleCommands,
  );
  const problems = [
    ...commands.map((words) => commandProblem(words, repo)),
    ...linkTargets(markdown).map((target) => linkProblem(docPath, target, repo)),
  ];
  return problems.filter((problem) => problem !== undefined).map((p) => `${docPath}: ${p}`);
}
