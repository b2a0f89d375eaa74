import { describe, expect, it } from 'vitest';
import { en, zh } from '../../src/i18n/index.ts';
import { searchErrorMessage } from '../../src/i18n/search-errors.ts';
import { SEARCH_ERROR_CODES } from '../../src/lib/search-query.ts';

describe('messages', () => {
  it('has every error code in both dictionaries, limits filled in', () => {
    for (const errorCode of SEARCH_ERROR_CODES) {
      expect(zh.search.errors[errorCode]).toMatch(/\S/u);
      expect(en.search.errors[errorCode]).toMatch(/\S/u);
    }
    expect(searchErrorMessage({ code: 'tooLong', param: 'q' }, 'en')).toBe(
      'The search term cannot be longer than 150 characters.',
    );
    expect(searchErrorMessage({ code: 'tooManyValues', param: 'journal' }, 'zh')).toBe('最多只能选择 5 项。');
    expect(searchErrorMessage({ code: 'empty', param: 'q' }, 'en')).toBe(en.common.requireKeyword);
  });
});
