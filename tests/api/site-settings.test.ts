/** The console's site settings: read, save (audited, recorded as a change), the contrast refusal, roles and CSRF. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { row, rows } from '../fixtures/rows.ts';
import { consoleApi } from './console-harness.ts';

let api: Awaited<ReturnType<typeof consoleApi>>;
beforeEach(async () => {
  api = await consoleApi();
});
afterEach(() => api.close());

type Settings = {
  theme: { colour: number; colour1: string | null; colour2: string | null; colour3: string | null };
  grayType: number;
  header: Record<string, unknown> & { customButtons: unknown[] };
  footer: Record<string, unknown>;
};

async function current(headers: Record<string, string>): Promise<Settings> {
  const response = await api.call('/_admin/sites/jmst/settings', { headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as { settings: Settings }).settings;
}

describe('site settings', () => {
  it('an editor saves a custom theme, gray mode, header and footer; audited with before and after, and the site renders again', async () => {
    const editor = await api.session('ed@example.org');
    const settings = await current(editor);
    expect(settings.theme.colour).toBe(1);
    const changed: Settings = {
      ...settings,
      theme: { colour: 0, colour1: '#7a1f5c', colour2: '#5e1747', colour3: '' as unknown as null },
      grayType: 2,
      header: {
        ...settings.header,
        navStyle: 2,
        isCeiling: true,
        customButtons: [{ status: 1, name: '投稿', enName: 'Submit', link: 'https://example.org/submit' }],
      },
      footer: { ...settings.footer, address: '北京', phone: '010-1234', showVisits: true },
    };
    const saved = await api.call('/_admin/sites/jmst/settings?lang=en', {
      method: 'PUT',
      body: changed,
      headers: editor,
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ message: 'Settings saved; the site is being rendered again.' });
    const again = await current(editor);
    expect(again.theme).toEqual({ colour: 0, colour1: '#7a1f5c', colour2: '#5e1747', colour3: null });
    expect(again).toMatchObject({ grayType: 2, header: { navStyle: 2, isCeiling: true }, footer: { address: '北京' } });
    expect(again.header.customButtons).toEqual([
      { status: 1, name: '投稿', enName: 'Submit', link: 'https://example.org/submit' },
    ]);
    const site = await row(api.db, 'SELECT colour, colour1, gray_type FROM sites WHERE id = 1');
    expect(site).toEqual({ colour: 0, colour1: '#7a1f5c', gray_type: 2 });
    const [entry] = await api.audit('site.settings');
    expect(entry?.actor).toBe('staff:ed@example.org');
    expect(JSON.parse(entry?.before_json ?? '{}')).toMatchObject({ theme: { colour: 1 }, grayType: 0 });
    expect(JSON.parse(entry?.after_json ?? '{}')).toMatchObject({ theme: { colour: 0, colour1: '#7a1f5c' } });
    const changes = await rows(api.db, "SELECT site_id, kind, action FROM content_changes WHERE kind = 'settings'");
    expect(changes).toEqual([{ site_id: 1, kind: 'settings', action: 'updated' }]);
  });

  it('refuses a primary colour the header text cannot be read on, in both languages, changing nothing', async () => {
    const editor = await api.session('ed@example.org');
    const settings = await current(editor);
    const pale = { ...settings, theme: { colour: 0, colour1: '#ffd700', colour2: null, colour3: null } };
    const zh = await api.call('/_admin/sites/jmst/settings', { method: 'PUT', body: pale, headers: editor });
    expect(zh.status).toBe(422);
    expect(await zh.json()).toEqual({
      error: '页头的白色文字在颜色 #ffd700 上难以辨认（对比度 1.40:1，至少需要 4.5:1），请选择更深的颜色。',
      field: 'theme.colour1',
    });
    const en = await api.call('/_admin/sites/jmst/settings?lang=en', { method: 'PUT', body: pale, headers: editor });
    expect(((await en.json()) as { error: string }).error).toBe(
      'The header’s white text is hard to read on #ffd700 (contrast 1.40:1, at least 4.5:1 is needed). Please choose a darker colour.',
    );
    expect(await row(api.db, 'SELECT colour FROM sites WHERE id = 1')).toEqual({ colour: 1 });
    expect(await api.audit('site.settings')).toEqual([]);
  });

  it('names the field at fault in the editor’s language: a script link, a fourth shown button (a fourth switched off is kept), a bad style', async () => {
    const editor = await api.session('ed@example.org');
    const settings = await current(editor);
    const button = { status: 1, name: 'x', enName: null, link: 'javascript:alert(1)' };
    const scripted = { ...settings, header: { ...settings.header, customButtons: [button] } };
    const refused = await api.call('/_admin/sites/jmst/settings?lang=en', {
      method: 'PUT',
      body: scripted,
      headers: editor,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'The value of “header.customButtons.0.link” is not valid.',
      field: 'header.customButtons.0.link',
    });
    const ok = { ...button, link: '/zh/about/' };
    const four = { ...settings, header: { ...settings.header, customButtons: [ok, ok, ok, ok] } };
    const tooMany = await api.call('/_admin/sites/jmst/settings', { method: 'PUT', body: four, headers: editor });
    expect(await tooMany.json()).toMatchObject({ error: '“header.customButtons”的值无效。' });
    const kept = { ...settings, header: { ...settings.header, customButtons: [ok, ok, ok, { ...ok, status: 0 }] } };
    const fourKept = await api.call('/_admin/sites/jmst/settings', { method: 'PUT', body: kept, headers: editor });
    expect(fourKept.status).toBe(200);
    const broken = await api.call('/_admin/sites/jmst/settings', {
      method: 'PUT',
      body: { ...settings, header: { ...settings.header, navStyle: 9 } },
      headers: editor,
    });
    expect(broken.status).toBe(400);
  });

  it('refuses another site’s editor, and a write from another origin', async () => {
    const other = await api.session('other@example.org');
    expect((await api.call('/_admin/sites/jmst/settings', { headers: other })).status).toBe(403);
    const editor = await api.session('ed@example.org');
    const settings = await current(editor);
    const forged = await api.call('/_admin/sites/jmst/settings', {
      method: 'PUT',
      body: settings,
      headers: { ...editor, origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(await api.audit('site.settings')).toEqual([]);
  });
});
