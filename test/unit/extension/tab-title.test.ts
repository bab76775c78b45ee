// The tab's title the panel sends for finding its deal by name: never the address a loading tab
// shows in its place, never blank; a name that merely looks like a host stays a name.
import { describe, expect, it } from 'vitest';
import { isAddressTitle, tabTitleOf } from '../../../extension/src/background/tab-title';

const URL = 'https://acme.lightning.force.com/lightning/r/Opportunity/0065g00000Q8xYz/view';

describe('the title a tab sends', () => {
  it('is none when the title is the tab’s address, with or without its scheme', () => {
    expect(tabTitleOf({ url: URL, title: URL })).toBeUndefined();
    expect(tabTitleOf({ url: URL, title: URL.replace('https://', '') })).toBeUndefined();
    expect(isAddressTitle('https://elsewhere.example/page', URL)).toBe(true);
    expect(tabTitleOf({ url: URL, title: '   ' })).toBeUndefined();
    expect(tabTitleOf({ url: URL })).toBeUndefined();
  });

  it('is the page’s own words otherwise, a name like a host among them', () => {
    const title = 'Globex – Q4 expansion | Opportunity | Salesforce';
    expect(tabTitleOf({ url: URL, title })).toBe(title);
    expect(tabTitleOf({ url: URL, title: 'Acme.com' })).toBe('Acme.com');
    expect(isAddressTitle('Acme.com renewal', URL)).toBe(false);
  });
});
