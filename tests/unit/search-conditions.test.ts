import { describe, expect, it } from 'vitest';
import { parseConditions } from '../../src/islands/search-conditions.ts';

describe('search conditions (SPEC section 9)', () => {
  it('the conditions response is checked', () => {
    const data = [{ field: 'title', condition: '题名', enCondition: 'Title' }];
    expect(parseConditions(data)).toEqual(data);
    expect(() => parseConditions([{ field: 1 }])).toThrow();
    expect(() => parseConditions('nope')).toThrow();
  });
});
