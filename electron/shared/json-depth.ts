// How deeply a JSON text nests its arrays and objects, read without parsing it. Whatever walks a
// parsed value recursively (a schema check, JSON.stringify, a fingerprint) overflows the stack a
// few thousand levels down, and a body of a few kilobytes can nest that deep; so a server and a
// client each refuse such a text before parsing it. Shared by the demo service and core.

/** The deepest nesting of `text`'s arrays and objects; brackets inside strings do not count. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return deepest;
}
