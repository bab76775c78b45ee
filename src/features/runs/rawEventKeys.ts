// Where a key takes the selection in the raw events list, or undefined for a key it ignores.
export function rowAfterKey(
  key: string,
  current: number,
  total: number,
  visibleRows: number,
): number | undefined {
  let next: number;
  switch (key) {
    case 'ArrowDown':
      next = current + 1;
      break;
    case 'ArrowUp':
      next = current - 1;
      break;
    case 'PageDown':
      next = current + visibleRows;
      break;
    case 'PageUp':
      next = current - visibleRows;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = total - 1;
      break;
    default:
      return undefined;
  }
  return Math.min(total - 1, Math.max(0, next));
}
