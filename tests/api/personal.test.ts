/**
 * The personal centre's calls: one member never reads or changes another's albums, favourites or
 * history, on the same site or another; uploads are checked by content and size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { ALBUM_COVER_MAX_BYTES, AVATAR_MAX_BYTES } from '../../src/lib/constants.ts';
import { one } from '../../src/server/store/sql.ts';
import { type ApiFixture, createApiFixture, type Envelope } from './api-fixture.ts';

let api: ApiFixture;
let article: number;
let alice: string;
let bob: string;

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const BMP = Uint8Array.from({ length: 58 }, (_, i) => (i === 0 ? 0x42 : i === 1 ? 0x4d : 0));

function form(fields: Record<string, string | Blob>, fileName = 'picture.png'): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.set(name, value);
    else data.set(name, value, fileName);
  }
  return data;
}

/** a session for a second member of site 1 */
function secondMember(): string {
  api.demo.db.prepare("INSERT INTO users (site_id, user_name, password_hash, created_at) VALUES (1, 'bob', 'x', '2026-01-01')").run();
  return api.login(1, { userName: 'bob' });
}

const send = (path: string, token: string, body: unknown, options: { sld?: string; lang?: string } = {}) =>
  api.json(path, { method: 'POST', body, sld: options.sld ?? 'jmst', headers: { token, ...(options.lang ? { language: options.lang } : {}) } });
const get = (path: string, token: string, sld = 'jmst') => api.json(path, { sld, headers: { token } });

beforeAll(() => {
  api = createApiFixture({ articles: 40 });
  article = Number(one(api.demo.db, "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id LIMIT 1")?.['id']);
  alice = api.login(1);
  bob = secondMember();
});
afterAll(() => api.cleanup());

describe('albums', () => {
  it('creates an album with a PNG cover, lists and edits it; another member sees nothing and changes nothing', async () => {
    const saved = await send(apiPaths.personalAlbumSave, alice, form({ name: '疲劳', enName: 'Fatigue', cover: new Blob([PNG]) }));
    expect(saved).toMatchObject({ status: 0, data: { id: expect.any(Number) } });
    const id = (saved.data as { id: number }).id;
    const list = await get(apiPaths.personalAlbumList, alice);
    expect(list.data).toEqual([expect.objectContaining({ id, name: '疲劳', enName: 'Fatigue', coverUrl: expect.stringContaining('/rc-pub/front/files/get?id='), items: 0 })]);
    const cover = await api.call(String((list.data as { coverUrl: string }[])[0]?.coverUrl));
    expect(cover.headers.get('content-type')).toBe('image/png');

    expect((await send(apiPaths.personalAlbumAdd, alice, { albumId: id, type: 'article', id: article })).status).toBe(0);
    expect((await api.json(`${apiPaths.personalAlbumItems}?albumId=${id}&type=article`, { headers: { token: alice } })).data).toEqual([
      expect.objectContaining({ type: 'article', id: article, title: expect.any(String) }),
    ]);

    // bob: not in his list, and every call on alice's album is a 404
    expect((await get(apiPaths.personalAlbumList, bob)).data).toEqual([]);
    expect((await api.json(`${apiPaths.personalAlbumItems}?albumId=${id}`, { headers: { token: bob } })).status).toBe(404);
    expect((await send(apiPaths.personalAlbumEdit, bob, form({ id: String(id), name: 'stolen' }))).status).toBe(404);
    expect((await send(apiPaths.personalAlbumAdd, bob, { albumId: id, type: 'article', id: article })).status).toBe(404);
    expect((await send(apiPaths.personalAlbumRemove, bob, { albumId: id, type: 'article', id: article })).status).toBe(404);
    expect((await send(apiPaths.personalAlbumDelete, bob, { id })).status).toBe(404);
    // nor with a token of another site
    const cpg = api.login(2);
    expect((await send(apiPaths.personalAlbumDelete, cpg, { id }, { sld: 'cpg' })).status).toBe(404);
    expect((await send(apiPaths.personalAlbumDelete, alice, { id }, { sld: 'cpg' })).status).toBe(401);

    const after = (await get(apiPaths.personalAlbumList, alice)).data as { name: string; items: number }[];
    expect(after[0]).toMatchObject({ name: '疲劳', items: 1 });
    expect((await send(apiPaths.personalAlbumEdit, alice, form({ id: String(id), name: '断裂' }))).status).toBe(0);
    expect((await send(apiPaths.personalAlbumDelete, alice, { id })).status).toBe(0);
    expect((await get(apiPaths.personalAlbumList, alice)).data).toEqual([]);
  });

  it('holds editorial-board experts (the experts tab) beside articles and pictures, each tab listing its own', async () => {
    const expert = one(api.demo.db, 'SELECT id, name FROM experts WHERE site_id = 1 ORDER BY id LIMIT 1') as { id: number; name: string };
    const picture = Number(one(api.demo.db, "SELECT id FROM figures WHERE site_id = 1 AND kind = 'picture' ORDER BY id LIMIT 1")?.['id']);
    const cpgExpert = Number(one(api.demo.db, 'SELECT id FROM experts WHERE site_id = 2 ORDER BY id LIMIT 1')?.['id']);
    const id = ((await send(apiPaths.personalAlbumSave, alice, form({ name: 'Board' }))).data as { id: number }).id;
    for (const [type, item] of [['expert', expert.id], ['article', article], ['picture', picture]] as const) {
      expect((await send(apiPaths.personalAlbumAdd, alice, { albumId: id, type, id: item })).status, type).toBe(0);
    }
    // an expert of another site is not found
    expect((await send(apiPaths.personalAlbumAdd, alice, { albumId: id, type: 'expert', id: cpgExpert })).status).toBe(404);
    const items = (type: string) => api.json(`${apiPaths.personalAlbumItems}?albumId=${id}&type=${type}`, { headers: { token: alice } });
    expect((await items('expert')).data).toEqual([{ type: 'expert', id: expert.id, title: expert.name, enTitle: expect.anything() }]);
    expect((await items('picture')).data).toEqual([expect.objectContaining({ type: 'picture', id: picture })]);
    expect((await items('table')).data).toEqual([]);
    expect((await send(apiPaths.personalAlbumRemove, alice, { albumId: id, type: 'expert', id: expert.id })).status).toBe(0);
    expect((await items('expert')).data).toEqual([]);
    expect((await send(apiPaths.personalAlbumDelete, alice, { id })).status).toBe(0);
  });

  it('refuses a cover that is not JPG or PNG by content, or larger than 3 MB, in both languages', async () => {
    const bmp = await send(apiPaths.personalAlbumSave, alice, form({ name: 'x', cover: new Blob([BMP]) }), { lang: 'en' });
    expect(bmp).toMatchObject({ status: 400, message: 'The cover must be a JPG or PNG image' });
    // a text file named .png
    expect(await send(apiPaths.personalAlbumSave, alice, form({ name: 'x', cover: new Blob(['not a picture at all']) }))).toMatchObject({ status: 400, message: '封面须为JPG或PNG格式的图片' });
    const big = new Uint8Array(ALBUM_COVER_MAX_BYTES + 1);
    big.set(PNG);
    expect(await send(apiPaths.personalAlbumSave, alice, form({ name: 'x', cover: new Blob([big]) }))).toMatchObject({ status: 400, message: '封面不能超过3M' });
    expect((await get(apiPaths.personalAlbumList, alice)).data).toEqual([]);
  });
});

describe('personal information', () => {
  it('saves the profile with a BMP avatar named .txt (content decides), and refuses other content or 5 MB', async () => {
    const saved = await send(apiPaths.memberSaveInfo, alice, form({ name: '李华', region: '上海', gender: 'male', headPicture: new Blob([BMP]) }, 'avatar.txt'));
    expect(saved).toMatchObject({ status: 0, message: '保存成功', data: { headPictureUrl: expect.stringContaining('files/get') } });
    expect((await get(apiPaths.memberInfo, alice)).data).toMatchObject({ name: '李华', region: '上海', gender: 'male', headPictureUrl: (saved.data as { headPictureUrl: string }).headPictureUrl });
    expect((await get(apiPaths.memberInfo, bob)).data).toMatchObject({ name: null, headPictureUrl: null });

    expect(await send(apiPaths.memberSaveInfo, alice, form({ headPicture: new Blob(['GIF89a......']) }, 'me.png'), { lang: 'en' })).toMatchObject({
      status: 400,
      message: 'The profile photo must be a JPG, PNG or BMP image',
    });
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(PNG);
    expect(await send(apiPaths.memberSaveInfo, alice, form({ headPicture: new Blob([big]) }))).toMatchObject({ status: 400, message: '头像须小于5M' });
    expect(await send(apiPaths.memberSaveInfo, alice, form({ email: 'bad@address' }), { lang: 'en' })).toMatchObject({ status: 400, message: 'E-mail format incorrect, please try again.' });
  });

  it('keeps the fields a save leaves out, and clears a field sent empty', async () => {
    const full = { name: '王五', email: 'wang@example.org', region: '天津', major: '力学', institution: '天津大学', researchField: '断裂', gender: 'female' };
    expect((await send(apiPaths.memberSaveInfo, bob, form(full))).status).toBe(0);
    expect((await send(apiPaths.memberSaveInfo, bob, form({ name: 'Li' }))).status).toBe(0);
    expect((await get(apiPaths.memberInfo, bob)).data).toMatchObject({ ...full, name: 'Li' });
    expect((await send(apiPaths.memberSaveInfo, bob, form({ email: '', gender: '' }))).status).toBe(0);
    expect((await get(apiPaths.memberInfo, bob)).data).toMatchObject({ ...full, name: 'Li', email: null, gender: null });
    // a save of nothing at all changes nothing
    expect((await send(apiPaths.memberSaveInfo, bob, form({}))).status).toBe(0);
    expect((await get(apiPaths.memberInfo, bob)).data).toMatchObject({ name: 'Li', region: '天津' });
    expect((await send(apiPaths.memberSaveInfo, bob, form({ name: '', region: '', major: '', institution: '', researchField: '' }))).status).toBe(0);
  });

  it("says 'Please upload information pictures' when a picture is required and there is none", async () => {
    expect(await send(apiPaths.memberSaveInfo, bob, form({ name: 'Bob', pictureRequired: 'true' }), { lang: 'en' })).toMatchObject({
      status: 400,
      message: 'Please upload information pictures',
    });
    expect(await send(apiPaths.memberSaveInfo, bob, form({ name: 'Bob', pictureRequired: 'true' }))).toMatchObject({ status: 400, message: '请上传信息图片' });
  });
});

describe('favourites, downloads and history', () => {
  it('are each member’s own', async () => {
    expect((await send(apiPaths.memberCollect, alice, { type: 'article', id: article })).status).toBe(0);
    expect((await api.json(`${apiPaths.memberIsCollect}?type=article&id=${article}`, { headers: { token: alice } })).data).toEqual({ collected: true });
    expect((await api.json(`${apiPaths.memberIsCollect}?type=article&id=${article}`, { headers: { token: bob } })).data).toEqual({ collected: false });
    expect(((await get(apiPaths.memberCollects, bob)).data as { total: number }).total).toBe(0);
    // bob's unCollect does not touch alice's
    expect((await send(apiPaths.memberUnCollect, bob, { type: 'article', id: article })).status).toBe(0);
    expect((await api.json(`${apiPaths.memberIsCollect}?type=article&id=${article}`, { headers: { token: alice } })).data).toEqual({ collected: true });
    expect((await send(apiPaths.memberUnCollect, alice, { type: 'article', id: article })).status).toBe(0);
    expect((await api.json(`${apiPaths.memberIsCollect}?type=article&id=${article}`, { headers: { token: alice } })).data).toEqual({ collected: false });

    expect((await send(apiPaths.memberAddHistory, alice, { type: 'article', id: article })).status).toBe(0);
    expect((await get(apiPaths.memberHistorys, alice)).data).toMatchObject({ total: 1, content: [{ resourceType: 'article', resourceId: article }] });
    expect((await get(apiPaths.memberHistorys, bob)).data).toMatchObject({ total: 0 });

    const pdf = await api.call(`${apiPaths.articleDownload}?id=${article}`, { headers: { token: alice } });
    expect(pdf.status).toBe(200);
    expect((await get(apiPaths.memberDownloads, alice)).data).toMatchObject({ total: 1, content: [{ articleId: article }] });
    expect((await get(apiPaths.memberDownloads, bob)).data).toMatchObject({ total: 0 });
  });

  it('are listed by type (the favourites\' tabs)', async () => {
    const picture = Number(one(api.demo.db, "SELECT id FROM figures WHERE site_id = 1 AND kind = 'picture' ORDER BY id LIMIT 1")?.['id']);
    const table = Number(one(api.demo.db, "SELECT id FROM figures WHERE site_id = 1 AND kind = 'table' ORDER BY id LIMIT 1")?.['id']);
    for (const [type, id] of [['article', article], ['picture', picture], ['table', table]] as const) expect((await send(apiPaths.memberCollect, alice, { type, id })).status).toBe(0);
    const ofType = async (type: string) => ((await get(`${apiPaths.memberCollects}?type=${type}`, alice)).data as { content: { resourceType: string; resourceId: number }[] }).content;
    expect(await ofType('picture')).toEqual([expect.objectContaining({ resourceType: 'picture', resourceId: picture })]);
    expect(await ofType('table')).toEqual([expect.objectContaining({ resourceType: 'table', resourceId: table })]);
    expect(await ofType('article')).toEqual([expect.objectContaining({ resourceType: 'article', resourceId: article })]);
    expect(await ofType('video')).toEqual([]);
    expect(((await get(apiPaths.memberCollects, alice)).data as { total: number }).total).toBe(3);
    for (const [type, id] of [['article', article], ['picture', picture], ['table', table]] as const) await send(apiPaths.memberUnCollect, alice, { type, id });
  });

  it('refuse a resource of another site', async () => {
    const cpgArticle = Number(one(api.demo.db, "SELECT id FROM articles WHERE site_id = 2 AND status = 'formal' LIMIT 1")?.['id']);
    const history: Envelope = await send(apiPaths.memberAddHistory, alice, { type: 'article', id: cpgArticle });
    expect(history.status).toBe(404);
  });
});
