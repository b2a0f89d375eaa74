import { describe, expect, it } from 'vitest';
import { headerLogo } from '../../src/components/shell/logo.ts';

describe('header logo', () => {
  it('logo fallbacks: none when hasLogo is 0, logoUrl first, English first in English, mobile first when fixed', () => {
    const header = {
      pcLogoUrl: 'pc',
      mobileLogoUrl: 'mobile',
      enPcLogoUrl: 'en-pc',
      enMobileLogoUrl: null,
      hasLogo: 1,
      logoUrl: null,
    };
    const site = { logo1Url: 'site' };
    expect(headerLogo(header, site, 'zh', false)).toBe('pc');
    expect(headerLogo(header, site, 'en', false)).toBe('en-pc');
    expect(headerLogo(header, site, 'en', true)).toBe('mobile');
    expect(headerLogo({ ...header, mobileLogoUrl: 'null' }, site, 'zh', true)).toBe('pc');
    expect(
      headerLogo(
        { pcLogoUrl: null, mobileLogoUrl: null, enPcLogoUrl: null, enMobileLogoUrl: null, hasLogo: 1, logoUrl: null },
        site,
        'en',
        true,
      ),
    ).toBe('site');
    expect(headerLogo({ ...header, logoUrl: 'own' }, site, 'en', false)).toBe('own');
    expect(headerLogo({ ...header, logoUrl: 'own' }, site, 'zh', true)).toBe('own');
    expect(headerLogo({ ...header, hasLogo: 0, logoUrl: 'own' }, site, 'zh', false)).toBeNull();
  });
});
