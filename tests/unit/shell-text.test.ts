import { describe, expect, it } from 'vitest';
import { present } from '../../src/components/shell/shell-text.ts';

describe('shell text', () => {
  it("'', 'null', 'undefined' are missing", () => {
    expect(present('null')).toBeNull();
    expect(present(' undefined ')).toBeNull();
    expect(present('')).toBeNull();
    expect(present('0571')).toBe('0571');
  });
});
