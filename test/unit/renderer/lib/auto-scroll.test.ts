import { describe, expect, it } from 'vitest';
import { nextFollowing } from '../../../../src/lib/autoScroll';

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
        readerScrolledUp: false,
      }),
    ).toBe(true);
  });

  it('keeps following when the view moves up without the reader (content measured again)', () => {
    expect(
      nextFollowing({
        following: true,
        previousScrollTop: 1500,
        metrics: m(1200),
        readerScrolledUp: false,
      }),
    ).toBe(true);
  });

  it('stops as soon as the reader scrolls up', () => {
    expect(
      nextFollowing({
        following: true,
        previousScrollTop: 1500,
        metrics: m(1400),
        readerScrolledUp: true,
      }),
    ).toBe(false);
  });

  it('stays stopped while the reader reads, and resumes once they come back down to the bottom', () => {
    expect(
      nextFollowing({
        following: false,
        previousScrollTop: 1000,
        metrics: m(1100),
        readerScrolledUp: false,
      }),
    ).toBe(false);
    expect(
      nextFollowing({
        following: false,
        previousScrollTop: 1400,
        metrics: m(1490),
        readerScrolledUp: false,
      }),
    ).toBe(true);
  });

  it('does not resume while a scroll up is still within reach of the bottom', () => {
    expect(
      nextFollowing({
        following: false,
        previousScrollTop: 1500,
        metrics: m(1490),
        readerScrolledUp: false,
      }),
    ).toBe(false);
  });
});
