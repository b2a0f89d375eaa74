import { describe, expect, it } from 'vitest';
import type { ContentSource } from '../../src/content/source.ts';
import type { Site } from '../../src/content/types.ts';
import { createSiteResolver, effectiveHost, hostName, siteDomain, sldFromHost } from '../../src/server/host.ts';
import { testSite } from '../fixtures/site.ts';

const site = (id: number, sld: string, domain: string | null): Site => testSite({ id, sld, domain });
const sites = [site(1, 'jmst', 'www.jmst-demo.org'), site(2, 'cpg', null)];
let lookups = 0;
const source = {
  findSiteBySld: async (sld: string) => {
    lookups++;
    return sites.find((s) => s.sld === sld) ?? null;
  },
  findSiteByDomain: async (domain: string) => {
    lookups++;
    return sites.find((s) => s.domain === domain) ?? null;
  },
} as Pick<ContentSource, 'findSiteBySld' | 'findSiteByDomain'> as ContentSource;

describe('host → site', () => {
  const resolve = createSiteResolver({ source, baseDomain: 'journals.example.org' });

  it('finds a site by {sld}.localhost with or without a port', async () => {
    expect((await resolve('jmst.localhost:4321'))?.id).toBe(1);
    expect((await resolve('CPG.localhost'))?.id).toBe(2);
  });

  it('finds a site by {sld}.{BASE_DOMAIN} and by its own domain', async () => {
    expect((await resolve('cpg.journals.example.org'))?.id).toBe(2);
    expect((await resolve('www.jmst-demo.org:443'))?.id).toBe(1);
    expect((await resolve('www.jmst-demo.org.'))?.id).toBe(1);
  });

  it('finds nothing for unknown hosts, bare names and malformed headers', async () => {
    expect(await resolve('nosuch.localhost:4321')).toBeNull();
    expect(await resolve('localhost:4321')).toBeNull();
    expect(await resolve('127.0.0.1:4321')).toBeNull();
    expect(await resolve('evil.example.com')).toBeNull();
    expect(await resolve('a.b.localhost')).toBeNull();
    expect(await resolve('')).toBeNull();
    expect(await resolve('jmst.localhost/../x')).toBeNull();
  });

  it('caches lookups briefly', async () => {
    let clock = 0;
    const cached = createSiteResolver({ source, baseDomain: 'journals.example.org', ttlMs: 1000, now: () => clock });
    const before = lookups;
    await cached('jmst.localhost');
    await cached('jmst.localhost:9999');
    expect(lookups - before).toBe(1);
    clock = 2000;
    await cached('jmst.localhost');
    expect(lookups - before).toBe(2);
  });

  it('stores a site’s own domain as a lower-case host name', () => {
    expect(siteDomain(' https://Www.Example.ORG/journal ')).toBe('www.example.org');
    expect(siteDomain('journal.example.org.')).toBe('journal.example.org');
    for (const bad of ['not a host', 'localhost', 'exa_mple.org', '-x.example.org', ''])
      expect(siteDomain(bad), bad).toBeNull();
  });

  it('parses host names', () => {
    expect(hostName('JMST.localhost:4321')).toBe('jmst.localhost');
    expect(hostName('[::1]:4321')).toBe('');
    expect(sldFromHost('jmst.journals.example.org', 'journals.example.org')).toBe('jmst');
    expect(sldFromHost('www.jmst-demo.org', 'journals.example.org')).toBeNull();
  });
});

describe('X-Forwarded-Host', () => {
  const headers = { host: 'internal:4321', forwardedHost: 'jmst.journals.example.org' };

  it('is honoured from a trusted proxy (also as an IPv4-mapped address)', () => {
    expect(effectiveHost(headers, '10.0.0.5', ['10.0.0.5'])).toBe('jmst.journals.example.org');
    expect(effectiveHost(headers, '::ffff:10.0.0.5', ['10.0.0.5'])).toBe('jmst.journals.example.org');
  });

  it('takes the value the trusted proxy appended, not one the client sent before it', () => {
    const appended = { host: 'internal:4321', forwardedHost: 'cpg.journals.example.org, jmst.journals.example.org' };
    expect(effectiveHost(appended, '10.0.0.5', ['10.0.0.5'])).toBe('jmst.journals.example.org');
  });

  it('is ignored from any other peer, and when no proxy is trusted', () => {
    expect(effectiveHost(headers, '203.0.113.9', ['10.0.0.5'])).toBe('internal:4321');
    expect(effectiveHost(headers, '10.0.0.5', [])).toBe('internal:4321');
    expect(effectiveHost(headers, undefined, ['10.0.0.5'])).toBe('internal:4321');
  });
});
