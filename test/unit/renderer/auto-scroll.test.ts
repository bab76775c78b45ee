import { describe, expect, it } from 'vitest';
import { nextFollowing } from '../../../src/lib/autoScroll';

const m = (scrollTop: number, scrollHeight = 2000, clientHeight = 500) => ({
  scrollTop,
  scrollHeight,
  clientHeight,
});

describe('nextFollowing', () => {
  it('keeps following while content grows below the reader', () => {
    expect(
      nextFollowing({
        following: true,
        previousScrollTop: 1500,
        metrics: m(1500, 2600),
        programmatic: false,
      }),
    ).toBe(true);
  });
  it('pauses as soon as the reader scrolls up', () => {
    expect(
      nextFollowing({
        following: true,
        previousScrollTop: 1500,
        metrics: m(1400),
        programmatic: false,
      }),
    ).toBe(false);
  });
  it('stays paused while the reader reads, and resumes at the bottom', () => {
    expect(
      nextFollowing({
        following: false,
        previousScrollTop: 1000,
        metrics: m(1100),
        programmatic: false,
      }),
    ).toBe(false);
    expect(
      nextFollowing({
        following: false,
        previousScrollTop: 1400,
        metrics: m(1490),
        programmatic: false,
      }),
    ).toBe(true);
  });
  it('ignores its own scrolling', () => {
    expect(
      nextFollowing({
        following: true,
        previousScrollTop: 1500,
        metrics: m(200),
        programmatic: true,
      }),
    ).toBe(true);
  });
});
