/** A site's logo uploaded from the console: stored, set on the header, audited, and the pages told to render again. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGO_MAX_SIDE } from '../../src/lib/constants.ts';
import { getHeaderConfig } from '../../src/server/store/configs.ts';
import { row, rows, run } from '../fixtures/rows.ts';
import { consoleApi } from './console-harness.ts';

const ORIGIN = 'http://jmst.localhost:4321';
const HOST = 'jmst.localhost:4321';
/** a 1×1 PNG */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let api: Awaited<ReturnType<typeof consoleApi>>;
beforeEach(async () => {
  api = await consoleApi();
});
afterEach(() => api.close());

function upload(path: string, body: Uint8Array, headers: Record<string, string>) {
  return api.app.request(`http://${HOST}${path}`, {
    method: 'PUT',
    headers: { host: HOST, origin: ORIGIN, 'content-type': 'image/png', ...headers },
    body: new Uint8Array(body),
  });
}

const changes = () => rows(api.db, "SELECT site_id FROM content_changes WHERE kind = 'settings'");

describe('logo upload', () => {
  it('stores the logo, sets it on the header in that language, audits it and records a settings change', async () => {
    const editor = await api.session('ed@example.org');
    const response = await upload('/_admin/sites/jmst/logo?for=en', PNG, editor);
    expect(response.status).toBe(200);
    const { logo } = (await response.json()) as { logo: string };
    expect(logo).toMatch(/^\/rc-pub\/front\/files\/get\?id=\d+$/);
    expect(await getHeaderConfig(api.db, 1)).toMatchObject({ enPcLogoUrl: logo, pcLogoUrl: null });
    const id = Number(new URL(logo, ORIGIN).searchParams.get('id'));
    const file = (await row(api.db, 'SELECT site_id, content_type, data FROM files WHERE id = ?', id)) as {
      site_id: number;
      content_type: string;
      data: Uint8Array;
    };
    expect([file.site_id, file.content_type, Buffer.from(file.data).equals(PNG)]).toEqual([1, 'image/png', true]);
    expect(await changes()).toEqual([{ site_id: 1 }]);
    const settings = await api.call('/_admin/sites/jmst/settings', { headers: editor });
    expect(((await settings.json()) as { logos: unknown }).logos).toEqual({ zh: null, en: logo });
    const audit = await api.call('/_admin/audit?site=jmst&action=site.logo', { headers: editor });
    expect(((await audit.json()) as { entries: unknown[] }).entries).toEqual([
      expect.objectContaining({
        actor: 'staff:ed@example.org',
        target: 'en',
        before: { logo: null },
        after: { logo },
      }),
    ]);
  });

  it('refuses a file over the limit and one that is not an image, in the editor’s language, writing nothing', async () => {
    const editor = await api.session('ed@example.org');
    const big = new Uint8Array(3 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await upload('/_admin/sites/jmst/logo?lang=en', big, editor);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual({ error: 'The logo must be at most 3M' });
    const text = new TextEncoder().encode('<svg onload="alert(1)"></svg>');
    const notImage = await upload('/_admin/sites/jmst/logo', text, editor);
    expect(notImage.status).toBe(400);
    expect(await notImage.json()).toEqual({ error: '标志须为JPG或PNG格式的图片' });
    expect((await getHeaderConfig(api.db, 1)).pcLogoUrl).toBeNull();
    expect(await changes()).toEqual([]);
  });

  it('refuses an English logo for a site without an English version, in the editor’s language', async () => {
    await run(api.db, 'INSERT INTO header_configs (site_id, switch_language) VALUES (1, 0)');
    const editor = await api.session('ed@example.org');
    const refused = await upload('/_admin/sites/jmst/logo?for=en&lang=en', PNG, editor);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^This site has no English version/);
    const zh = await upload('/_admin/sites/jmst/logo?for=en', PNG, editor);
    expect(((await zh.json()) as { error: string }).error).toMatch(/^本站没有英文版/);
    expect((await getHeaderConfig(api.db, 1)).enPcLogoUrl).toBeNull();
    expect(await changes()).toEqual([]);
    expect((await upload('/_admin/sites/jmst/logo?for=zh', PNG, editor)).status).toBe(200);
  });

  it('refuses a logo wider or taller than its pixel limit, saying the limit', async () => {
    const editor = await api.session('ed@example.org');
    const wide = new Uint8Array(PNG);
    new DataView(wide.buffer).setUint32(16, LOGO_MAX_SIDE + 1);
    const refused = await upload('/_admin/sites/jmst/logo?lang=en', wide, editor);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: `The logo is too large: at most ${LOGO_MAX_SIDE} pixels a side` });
    expect((await getHeaderConfig(api.db, 1)).pcLogoUrl).toBeNull();
    const edge = new Uint8Array(PNG);
    new DataView(edge.buffer).setUint32(20, LOGO_MAX_SIDE);
    expect((await upload('/_admin/sites/jmst/logo', edge, editor)).status).toBe(200);
  });

  it('refuses another site’s editor and a request from another origin', async () => {
    const other = await api.session('other@example.org');
    expect((await upload('/_admin/sites/jmst/logo', PNG, other)).status).toBe(403);
    const editor = await api.session('ed@example.org');
    const crossSite = await upload('/_admin/sites/jmst/logo?lang=en', PNG, {
      ...editor,
      origin: 'http://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ error: 'The request came from another origin and was refused.' });
    const otherPath = await upload('/_admin/sites/jmst/settings?lang=en', PNG, editor);
    expect(otherPath.status).toBe(400);
    expect((await getHeaderConfig(api.db, 1)).pcLogoUrl).toBeNull();
    expect(await changes()).toEqual([]);
  });
});
