import { describe, expect, it } from 'vitest';
import { footerStyle, footerTextColour, isLightGrey } from '../../src/components/shell/footer-style.ts';

describe('footer style', () => {
  it('light grey is style 1', () => {
    expect(isLightGrey('#f5f5f5')).toBe(true);
    expect(isLightGrey('#EEE')).toBe(true);
    expect(isLightGrey('rgb(240, 240, 242)')).toBe(true);
    expect(footerStyle('#f2f2f2')).toBe(1);
    expect(footerStyle('#333333')).toBe(2);
    expect(footerStyle('#fdf6e3')).toBe(2);
    expect(footerStyle('null')).toBe(2);
    expect(footerTextColour('#1f3a5f')).toBe('#ffffff');
    expect(footerTextColour('#fdf6e3')).toBe('#1a1a1a');
  });
});
