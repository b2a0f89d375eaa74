import { describe, expect, it } from 'vitest';
import { grayScope, grayTarget } from '../../src/lib/gray.ts';

describe('gray mode', () => {
  it('0 none, 1 home area only, anything else the whole page', () => {
    expect(grayScope(0)).toBe('none');
    expect(grayScope(1)).toBe('home');
    expect(grayScope(2)).toBe('page');
    expect(grayScope(-1)).toBe('page');
    expect(grayTarget(1, 'home')).toBe('main');
    expect(grayTarget(1, 'page')).toBeNull();
    expect(grayTarget(2, 'detail')).toBe('page');
    expect(grayTarget(0, 'home')).toBeNull();
  });
});
