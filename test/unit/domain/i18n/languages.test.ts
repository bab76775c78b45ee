// Which language a person's preferences choose, what Settings may store, and what the service is
// asked to answer in.
import { describe, expect, it } from 'vitest';
import { Settings, SettingsPatch } from '../../../../electron/contract';
import {
  acceptLanguageHeader,
  languagesFromHeader,
} from '../../../../electron/domain/i18n/accept-language';
import {
  negotiateLanguage,
  resolveLanguage,
  textDirection,
} from '../../../../electron/domain/i18n/languages';

describe('negotiateLanguage', () => {
  it('takes the language of a regional tag the app does not list', () => {
    expect(negotiateLanguage(['de-AT'])).toBe('de');
    expect(negotiateLanguage(['ar-EG'])).toBe('ar');
    expect(negotiateLanguage(['fr-CA', 'en'])).toBe('fr');
  });
  it('reads European Portuguese as the Brazilian translation', () => {
    expect(negotiateLanguage(['pt-PT'])).toBe('pt-BR');
  });
  it('never answers Traditional Chinese with Simplified', () => {
    expect(negotiateLanguage(['zh-Hant-TW'])).toBe('en');
    expect(negotiateLanguage(['zh-TW', 'ja'])).toBe('ja');
    expect(negotiateLanguage(['zh-Hans-SG'])).toBe('zh-CN');
  });
  it('falls back to English when nothing matches', () => {
    expect(negotiateLanguage(['ko-KR', 'th'])).toBe('en');
    expect(negotiateLanguage([])).toBe('en');
  });
});

describe('resolveLanguage', () => {
  it('follows the system only when the choice is "system"', () => {
    expect(resolveLanguage('system', ['ja-JP'])).toBe('ja');
    expect(resolveLanguage('de', ['ja-JP'])).toBe('de');
    expect(resolveLanguage('en-XA', ['ar'])).toBe('en-XA');
  });
  it('writes Arabic right to left, the rest left to right', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('en-XA')).toBe('ltr');
  });
});

describe('the language setting', () => {
  it('defaults to the system and keeps a chosen language', () => {
    expect(Settings.parse({}).language).toBe('system');
    expect(Settings.parse({ language: 'pt-BR' }).language).toBe('pt-BR');
  });
  it('refuses a language the app does not speak', () => {
    expect(Settings.safeParse({ language: 'ko' }).success).toBe(false);
    expect(SettingsPatch.safeParse({ language: 'de-AT' }).success).toBe(false);
    expect(SettingsPatch.parse({ language: 'ar' })).toEqual({ language: 'ar' });
  });
});

describe('acceptLanguageHeader', () => {
  it('asks for the language, then its base, then English', () => {
    expect(acceptLanguageHeader('de')).toBe('de, en;q=0.8');
    expect(acceptLanguageHeader('pt-BR')).toBe('pt-BR, pt;q=0.9, en;q=0.8');
    expect(acceptLanguageHeader('en')).toBe('en');
    expect(acceptLanguageHeader('en-XA')).toBe('en');
  });
});

describe('languagesFromHeader', () => {
  it('orders a browser’s languages by weight, then by place', () => {
    expect(languagesFromHeader('en;q=0.5, de-AT, de;q=0.9, fr;q=0.5')).toEqual([
      'de-AT',
      'de',
      'en',
      'fr',
    ]);
  });

  it('leaves out what is not a language: *, q=0, malformed parts; none from no header', () => {
    expect(languagesFromHeader('*, ja;q=0, <script>, zh-Hans-CN;q=0.7')).toEqual(['zh-Hans-CN']);
    expect(languagesFromHeader(undefined)).toEqual([]);
    expect(languagesFromHeader('')).toEqual([]);
  });

  it('keeps at most the limit', () => {
    expect(languagesFromHeader('a1,de,fr,es,it,nl,pt,ja,zh,ar', 3)).toEqual(['de', 'fr', 'es']);
  });
});
