// The sizes and themes #15's walks are taken at: a desktop's 1280×800 and a small laptop's
// 1024×640, each light and dark.
export interface Look {
  /** Playwright's options for it, for `test.use`. */
  use: { viewport: { width: number; height: number }; colorScheme: 'light' | 'dark' };
  /** "1280×800, dark": for test titles. */
  name: string;
}

export const LOOKS: readonly Look[] = (
  [
    [1280, 800],
    [1024, 640],
  ] as const
).flatMap(([width, height]) =>
  (['light', 'dark'] as const).map((colorScheme) => ({
    use: { viewport: { width, height }, colorScheme },
    name: `${width}×${height}, ${colorScheme}`,
  })),
);
