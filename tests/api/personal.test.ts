/**
 * The personal centre's calls: one member never reads or changes another's albums, favourites or
 * history, on the same site or another; uploads are checked by content and size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import {
  ALBUM_COVER_MAX_BYTES,
  ALBUMS_PER_HOUR,
  AVATAR_MAX_BYTES,
  MEMBER_UPLOAD_QUOTA_BYTES,
  UPLOADS_PER_HOUR,
} from '../../src/lib/constants.ts';
import { row, run } from '../fixtures/rows.ts';
import { type ApiFixture, createApiFixture, type Envelope } from './api-fixture.ts';

let api: ApiFixture;
let article: number;
let alice: string;
let bob: string;

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0,
  0, 0,
]);
/** a BMP header (BITMAPINFOHEADER) of 1×1 pixels */
const BMP = bmpOf(1, 1);

/** a PNG whose header says width × height, padded to `bytes` */
function pngOf(width: number, height: number, bytes = PNG.length): Uint8Array<ArrayBuffer> {
  const png = new Uint8Array(Math.max(bytes, PNG.length));
  png.set(PNG);
  new DataView(png.buffer).setUint32(16, width);
  new DataView(png.buffer).setUint32(20, height);
  return png;
}

function jpegOf(width: number, height: number): Uint8Array<ArrayBuffer> {
  const jfif = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const frame = [
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return Uint8Array.from([...jfif, ...frame, 0xff, 0xd9]);
}

function bmpOf(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bmp = new Uint8Array(58);
  const view = new DataView(bmp.buffer);
  bmp.set([0x42, 0x4d]);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, -height, true);
  return bmp;
}

/** a new member of site 1 and their session */
async function newMember(name: string): Promise<string> {
  await run(
    api.demo.db,
    "INSERT INTO users (site_id, user_name, password_hash, created_at) VALUES (1, ?, 'x', '2026-01-01')",
    name,
  );
  return await api.login(1, { userName: name });
}

const memberFiles = async (userName: string) =>
  Number(
    (
      await row(
        api.demo.db,
        'SELECT count(*) AS n FROM files WHERE owner_id = (SELECT id FROM users WHERE site_id = 1 AND user_name = ?)',
        userName,
      )
    )?.['n'],
  );

function form(fields: Record<string, string | Blob>, fileName = 'picture.png'): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') data.set(name, value);
    else data.set(name, value, fileName);
  }
  return data;
}

/** a session for a second member of site 1 */
async function secondMember(): Promise<string> {
  await run(
    api.demo.db,
    "INSERT INTO users (site_id, user_name, password_hash, created_at) VALUES (1, 'bob', 'x', '2026-01-01')",
  );
  return await api.login(1, { userName: 'bob' });
}

const send = (path: string, token: string, body: unknown, options: { sld?: string; lang?: string } = {}) =>
  api.json(path, {
    method: 'POST',
    body,
    sld: options.sld ?? 'jmst',
    headers: { token, ...(options.lang ? { language: options.lang } : {}) },
  });
const get = (path: string, token: string, sld = 'jmst') => api.json(path, { sld, headers: { token } });

beforeAll(async () => {
  api = await createApiFixture({ articles: 40 });
  article = Number(
    (await row(api.demo.db, "SELECT id FROM articles WHERE site_id = 1 AND status = 'formal' ORDER BY id LIMIT 1"))?.[
      'id'
    ],
  );
  alice = await api.login(1);
  bob = await secondMember();
});
afterAll(() => api.cleanup());

describe('albums', () => {
  it('creates an album with a PNG cover, lists and edits it; another member sees nothing and changes nothing', async () => {
    const saved = await send(
      apiPaths.personalAlbumSave,
      alice,
      form({ name: '疲劳', enName: 'Fatigue', cover: new Blob([PNG]) }),
    );
    expect(saved).toMatchObject({ status: 0, data: { id: expect.any(Number) } });
    const id = (saved.data as { id: number }).id;
    const list = await get(apiPaths.personalAlbumList, alice);
    expect(list.data).toEqual([
      expect.objectContaining({
        id,
        name: '疲劳',
        enName: 'Fatigue',
        coverUrl: expect.stringContaining('/rc-pub/front/files/get?key='),
        items: 0,
      }),
    ]);
    const cover = await api.call(String((list.data as { coverUrl: string }[])[0]?.coverUrl), {
      headers: { token: alice },
    });
    expect(cover.headers.get('content-type')).toBe('image/png');

    expect((await send(apiPaths.personalAlbumAdd, alice, { albumId: id, type: 'article', id: article })).status).toBe(
      0,
    );
    expect(
      (await api.json(`${apiPaths.personalAlbumItems}?albumId=${id}&type=article`, { headers: { token: alice } })).data,
    ).toEqual([expect.objectContaining({ type: 'article', id: article, title: expect.any(String) })]);

    // bob: not in his list, and every call on alice's album is a 404
    expect((await get(apiPaths.personalAlbumList, bob)).data).toEqual([]);
    expect((await api.json(`${apiPaths.personalAlbumItems}?albumId=${id}`, { headers: { token: bob } })).status).toBe(
      404,
    );
    expect((await send(apiPaths.personalAlbumEdit, bob, form({ id: String(id), name: 'stolen' }))).status).toBe(404);
    expect((await send(apiPaths.personalAlbumAdd, bob, { albumId: id, type: 'article', id: article })).status).toBe(
      404,
    );
    expect((await send(apiPaths.personalAlbumRemove, bob, { albumId: id, type: 'article', id: article })).status).toBe(
      404,
    );
    expect((await send(apiPaths.personalAlbumDelete, bob, { id })).status).toBe(404);
    // nor with a token of another site
    const cpg = await api.login(2);
    expect((await send(apiPaths.personalAlbumDelete, cpg, { id }, { sld: 'cpg' })).status).toBe(404);
    expect((await send(apiPaths.personalAlbumDelete, alice, { id }, { sld: 'cpg' })).status).toBe(401);

    const after = (await get(apiPaths.personalAlbumList, alice)).data as { name: string; items: number }[];
    expect(after[0]).toMatchObject({ name: '疲劳', items: 1 });
    expect((await send(apiPaths.personalAlbumEdit, alice, form({ id: String(id), name: '断裂' }))).status).toBe(0);
    expect((await send(apiPaths.personalAlbumDelete, alice, { id })).status).toBe(0);
    expect((await get(apiPaths.personalAlbumList, alice)).data).toEqual([]);
  });

  it('holds editorial-board experts (the experts tab) beside articles and pictures, each tab listing its own', async () => {
    const expert = (await row(api.demo.db, 'SELECT id, name FROM experts WHERE site_id = 1 ORDER BY id LIMIT 1')) as {
      id: number;
      name: string;
    };
    const picture = Number(
      (await row(api.demo.db, "SELECT id FROM figures WHERE site_id = 1 AND kind = 'picture' ORDER BY id LIMIT 1"))?.[
        'id'
      ],
    );
    const cpgExpert = Number(
      (await row(api.demo.db, 'SELECT id FROM experts WHERE site_id = 2 ORDER BY id LIMIT 1'))?.['id'],
    );
    const id = ((await send(apiPaths.personalAlbumSave, alice, form({ name: 'Board' }))).data as { id: number }).id;
    for (const [type, item] of [
      ['expert', expert.id],
      ['article', article],
      ['picture', picture],
    ] as const) {
      expect((await send(apiPaths.personalAlbumAdd, alice, { albumId: id, type, id: item })).status, type).toBe(0);
    }
    // an expert of another site is not found
    expect((await send(apiPaths.personalAlbumAdd, alice, { albumId: id, type: 'expert', id: cpgExpert })).status).toBe(
      404,
    );
    const items = (type: string) =>
      api.json(`${apiPaths.personalAlbumItems}?albumId=${id}&type=${type}`, { headers: { token: alice } });
    expect((await items('expert')).data).toEqual([
      { type: 'expert', id: expert.id, title: expert.name, enTitle: expect.anything() },
    ]);
    expect((await items('picture')).data).toEqual([expect.objectContaining({ type: 'picture', id: picture })]);
    expect((await items('table')).data).toEqual([]);
    expect(
      (await send(apiPaths.personalAlbumRemove, alice, { albumId: id, type: 'expert', id: expert.id })).status,
    ).toBe(0);
    expect((await items('expert')).data).toEqual([]);
    expect((await send(apiPaths.personalAlbumDelete, alice, { id })).status).toBe(0);
  });

  it('refuses a cover that is not JPG or PNG by content, or larger than 3 MB, in both languages', async () => {
    const bmp = await send(apiPaths.personalAlbumSave, alice, form({ name: 'x', cover: new Blob([BMP]) }), {
      lang: 'en',
    });
    expect(bmp).toMatchObject({ status: 400, message: 'The cover must be a JPG or PNG image' });
    // a text file named .png
    expect(
      await send(apiPaths.personalAlbumSave, alice, form({ name: 'x', cover: new Blob(['not a picture at all']) })),
    ).toMatchObject({ status: 400, message: '封面须为JPG或PNG格式的图片' });
    const big = new Uint8Array(ALBUM_COVER_MAX_BYTES + 1);
    big.set(PNG);
    expect(await send(apiPaths.personalAlbumSave, alice, form({ name: 'x', cover: new Blob([big]) }))).toMatchObject({
      status: 400,
      message: '封面不能超过3M',
    });
    expect((await get(apiPaths.personalAlbumList, alice)).data).toEqual([]);
  });
});

describe('personal information', () => {
  it('saves the profile with a BMP avatar named .txt (content decides), and refuses other content or 5 MB', async () => {
    const saved = await send(
      apiPaths.memberSaveInfo,
      alice,
      form({ name: '李华', region: '上海', gender: 'male', headPicture: new Blob([BMP]) }, 'avatar.txt'),
    );
    expect(saved).toMatchObject({
      status: 0,
      message: '保存成功',
      data: { headPictureUrl: expect.stringContaining('files/get') },
    });
    expect((await get(apiPaths.memberInfo, alice)).data).toMatchObject({
      name: '李华',
      region: '上海',
      gender: 'male',
      headPictureUrl: (saved.data as { headPictureUrl: string }).headPictureUrl,
    });
    expect((await get(apiPaths.memberInfo, bob)).data).toMatchObject({ name: null, headPictureUrl: null });

    expect(
      await send(apiPaths.memberSaveInfo, alice, form({ headPicture: new Blob(['GIF89a......']) }, 'me.png'), {
        lang: 'en',
      }),
    ).toMatchObject({
      status: 400,
      message: 'The profile photo must be a JPG, PNG or BMP image',
    });
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(PNG);
    expect(await send(apiPaths.memberSaveInfo, alice, form({ headPicture: new Blob([big]) }))).toMatchObject({
      status: 400,
      message: '头像须小于5M',
    });
    expect(await send(apiPaths.memberSaveInfo, alice, form({ email: 'bad@address' }), { lang: 'en' })).toMatchObject({
      status: 400,
      message: 'E-mail format incorrect, please try again.',
    });
  });

  it('keeps the fields a save leaves out, and clears a field sent empty', async () => {
    const full = {
      name: '王五',
      email: 'wang@example.org',
      region: '天津',
      major: '力学',
      institution: '天津大学',
      researchField: '断裂',
      gender: 'female',
    };
    expect((await send(apiPaths.memberSaveInfo, bob, form(full))).status).toBe(0);
    expect((await send(apiPaths.memberSaveInfo, bob, form({ name: 'Li' }))).status).toBe(0);
    expect((await get(apiPaths.memberInfo, bob)).data).toMatchObject({ ...full, name: 'Li' });
    expect((await send(apiPaths.memberSaveInfo, bob, form({ email: '', gender: '' }))).status).toBe(0);
    expect((await get(apiPaths.memberInfo, bob)).data).toMatchObject({
      ...full,
      name: 'Li',
      email: null,
      gender: null,
    });
    // a save of nothing at all changes nothing
    expect((await send(apiPaths.memberSaveInfo, bob, form({}))).status).toBe(0);
    expect((await get(apiPaths.memberInfo, bob)).data).toMatchObject({ name: 'Li', region: '天津' });
    expect(
      (
        await send(
          apiPaths.memberSaveInfo,
          bob,
          form({ name: '', region: '', major: '', institution: '', researchField: '' }),
        )
      ).status,
    ).toBe(0);
  });

  it("says 'Please upload information pictures' when a picture is required and there is none", async () => {
    expect(
      await send(apiPaths.memberSaveInfo, bob, form({ name: 'Bob', pictureRequired: 'true' }), { lang: 'en' }),
    ).toMatchObject({
      status: 400,
      message: 'Please upload information pictures',
    });
    expect(await send(apiPaths.memberSaveInfo, bob, form({ name: 'Bob', pictureRequired: 'true' }))).toMatchObject({
      status: 400,
      message: '请上传信息图片',
    });
  });
});

/** what a browser asking for a picture gets: the image (200) or the envelope's status (404: not found) */
async function pictureStatus(url: string, token?: string): Promise<number> {
  const response = await api.call(url, token ? { headers: { token } } : {});
  if (!response.headers.get('content-type')?.startsWith('application/json')) return response.status;
  return ((await response.json()) as Envelope).status;
}

describe('stored uploads', () => {
  const urlOf = (answer: Envelope) => (answer.data as { headPictureUrl: string }).headPictureUrl;
  const coverOf = async (token: string, id: number) =>
    ((await get(apiPaths.personalAlbumList, token)).data as { id: number; coverUrl: string | null }[]).find(
      (album) => album.id === id,
    )?.coverUrl ?? null;

  it('keeps one profile photo: five 4.9 MB photos leave one file, and the replaced ones are gone', async () => {
    const carol = await newMember('carol');
    const urls: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const saved = await send(
        apiPaths.memberSaveInfo,
        carol,
        form({ headPicture: new Blob([pngOf(640, 480 + i, 4.9 * 1024 * 1024)]) }),
      );
      expect(saved.status).toBe(0);
      urls.push(urlOf(saved));
    }
    expect(await memberFiles('carol')).toBe(1);
    for (const url of urls.slice(0, -1)) expect(await pictureStatus(url, carol)).toBe(404);
    const kept = await api.call(urls.at(-1) ?? '', { headers: { token: carol } });
    expect(kept.status).toBe(200);
    expect((await kept.arrayBuffer()).byteLength).toBe(Math.floor(4.9 * 1024 * 1024));
  });

  it("deletes an album's replaced cover and, with the album, its last one", async () => {
    const dave = await newMember('dave');
    const id = (
      (await send(apiPaths.personalAlbumSave, dave, form({ name: 'A', cover: new Blob([PNG]) }))).data as { id: number }
    ).id;
    const first = await coverOf(dave, id);
    expect(
      (
        await send(
          apiPaths.personalAlbumEdit,
          dave,
          form({ id: String(id), name: 'A', cover: new Blob([jpegOf(800, 600)]) }),
        )
      ).status,
    ).toBe(0);
    const second = await coverOf(dave, id);
    expect(second).not.toBe(first);
    expect(await pictureStatus(first ?? '', dave)).toBe(404);
    expect((await api.call(second ?? '', { headers: { token: dave } })).headers.get('content-type')).toBe('image/jpeg');
    expect(await memberFiles('dave')).toBe(1);
    expect((await send(apiPaths.personalAlbumDelete, dave, { id })).status).toBe(0);
    expect(await pictureStatus(second ?? '', dave)).toBe(404);
    expect(await memberFiles('dave')).toBe(0);
  });

  it('holds each member to a quota, in both languages, and frees it when an album goes', async () => {
    const erin = await newMember('erin');
    const cover = () => form({ name: 'full', cover: new Blob([pngOf(100, 100, ALBUM_COVER_MAX_BYTES)]) });
    const fit = Math.floor(MEMBER_UPLOAD_QUOTA_BYTES / ALBUM_COVER_MAX_BYTES);
    const ids: number[] = [];
    for (let i = 0; i < fit; i += 1) {
      const saved = await send(apiPaths.personalAlbumSave, erin, cover());
      expect(saved.status).toBe(0);
      ids.push((saved.data as { id: number }).id);
    }
    expect(await send(apiPaths.personalAlbumSave, erin, cover(), { lang: 'en' })).toMatchObject({
      status: 400,
      message: 'Your upload space is full (30M per member): delete pictures or albums you no longer use',
    });
    expect(
      await send(apiPaths.memberSaveInfo, erin, form({ headPicture: new Blob([pngOf(100, 100, 4 * 1024 * 1024)]) })),
    ).toMatchObject({ status: 400, message: '上传空间已满（每位会员30M），请先删除不再使用的图片或专辑' });
    // another member is not held by erin's quota
    expect((await send(apiPaths.personalAlbumSave, await newMember('frank'), cover())).status).toBe(0);
    expect((await send(apiPaths.personalAlbumDelete, erin, { id: ids[0] })).status).toBe(0);
    expect((await send(apiPaths.personalAlbumSave, erin, cover())).status).toBe(0);
  });

  it('limits uploads and album creation per member an hour', async () => {
    const gina = await newMember('gina');
    for (let i = 0; i < UPLOADS_PER_HOUR; i += 1)
      expect((await send(apiPaths.memberSaveInfo, gina, form({ headPicture: new Blob([PNG]) }))).status).toBe(0);
    expect(
      await send(apiPaths.memberSaveInfo, gina, form({ headPicture: new Blob([PNG]) }), { lang: 'en' }),
    ).toMatchObject({ status: 429, message: 'Too many requests, please try again later' });
    const hal = await newMember('hal');
    for (let i = 0; i < ALBUMS_PER_HOUR; i += 1)
      expect((await send(apiPaths.personalAlbumSave, hal, form({ name: `a${i}` }))).status).toBe(0);
    expect(await send(apiPaths.personalAlbumSave, hal, form({ name: 'one more' }))).toMatchObject({
      status: 429,
      message: '请求过于频繁，请稍后再试',
    });
  });

  it("serves a member's pictures to that member only, by a key that cannot be guessed, cached privately", async () => {
    const ivy = await newMember('ivy');
    const url = urlOf(await send(apiPaths.memberSaveInfo, ivy, form({ headPicture: new Blob([PNG]) })));
    expect(url).toMatch(/\/rc-pub\/front\/files\/get\?key=[0-9a-f]{32}$/);
    const own = await api.call(url, { headers: { token: ivy } });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toMatch(/^private/);
    expect(await pictureStatus(url)).toBe(404);
    expect(await pictureStatus(url, bob)).toBe(404);
    // nor by its sequential id, to anyone
    const id = Number(
      (
        await row(api.demo.db, "SELECT id FROM files WHERE owner_id = (SELECT id FROM users WHERE user_name = 'ivy')")
      )?.['id'],
    );
    expect(await pictureStatus(`${apiPaths.fileGet}?id=${id}`)).toBe(404);
    expect(await pictureStatus(`${apiPaths.fileGet}?id=${id}`, ivy)).toBe(404);
    // the site's own files stay public
    const logo = Number(
      (await row(api.demo.db, 'SELECT id FROM files WHERE site_id = 1 AND owner_id IS NULL ORDER BY id LIMIT 1'))?.[
        'id'
      ],
    );
    expect((await api.call(`${apiPaths.fileGet}?id=${logo}`)).headers.get('cache-control')).toMatch(/^public/);
  });

  it('refuses pictures of absurd dimensions whatever their format, and takes a large phone photo', async () => {
    const jack = await newMember('jack');
    const tooLarge = {
      status: 400,
      message: 'The picture is too large: at most 12000 pixels a side and 60 megapixels',
    };
    expect(
      await send(apiPaths.memberSaveInfo, jack, form({ headPicture: new Blob([pngOf(40000, 40000, 194 * 1024)]) }), {
        lang: 'en',
      }),
    ).toMatchObject(tooLarge);
    expect(
      await send(apiPaths.memberSaveInfo, jack, form({ headPicture: new Blob([jpegOf(40000, 40000)]) }), {
        lang: 'en',
      }),
    ).toMatchObject(tooLarge);
    expect(
      await send(apiPaths.memberSaveInfo, jack, form({ headPicture: new Blob([bmpOf(40000, 40000)]) }), { lang: 'en' }),
    ).toMatchObject(tooLarge);
    expect(
      await send(apiPaths.personalAlbumSave, jack, form({ name: 'x', cover: new Blob([pngOf(12000, 6000)]) })),
    ).toMatchObject({ status: 400, message: '图片尺寸过大：每边不超过12000像素，总计不超过60百万像素' });
    expect(await memberFiles('jack')).toBe(0);
    expect(
      (await send(apiPaths.memberSaveInfo, jack, form({ headPicture: new Blob([jpegOf(8160, 6120)]) }))).status,
    ).toBe(0);
    expect(
      (await send(apiPaths.memberSaveInfo, jack, form({ headPicture: new Blob([bmpOf(1920, 1080)]) }))).status,
    ).toBe(0);
  });
});

describe('favourites, downloads and history', () => {
  it('are each member’s own', async () => {
    expect((await send(apiPaths.memberCollect, alice, { type: 'article', id: article })).status).toBe(0);
    expect(
      (await api.json(`${apiPaths.memberIsCollect}?type=article&id=${article}`, { headers: { token: alice } })).data,
    ).toEqual({ collected: true });
    expect(
      (await api.json(`${apiPaths.memberIsCollect}?type=article&id=${article}`, { headers: { token: bob } })).data,
    ).toEqual({ collected: false });
    expect(((await get(apiPaths.memberCollects, bob)).data as { total: number }).total).toBe(0);
    // bob's unCollect does not touch alice's
    expect((await send(apiPaths.memberUnCollect, bob, { type: 'article', id: article })).status).toBe(0);
    expect(
      (await api.json(`${apiPaths.memberIsCollect}?type=article&id=${article}`, { headers: { token: alice } })).data,
    ).toEqual({ collected: true });
    expect((await send(apiPaths.memberUnCollect, alice, { type: 'article', id: article })).status).toBe(0);
    expect(
      (await api.json(`${apiPaths.memberIsCollect}?type=article&id=${article}`, { headers: { token: alice } })).data,
    ).toEqual({ collected: false });

    expect((await send(apiPaths.memberAddHistory, alice, { type: 'article', id: article })).status).toBe(0);
    expect((await get(apiPaths.memberHistorys, alice)).data).toMatchObject({
      total: 1,
      content: [{ resourceType: 'article', resourceId: article }],
    });
    expect((await get(apiPaths.memberHistorys, bob)).data).toMatchObject({ total: 0 });

    const pdf = await api.call(`${apiPaths.articleDownload}?id=${article}`, { headers: { token: alice } });
    expect(pdf.status).toBe(200);
    expect((await get(apiPaths.memberDownloads, alice)).data).toMatchObject({
      total: 1,
      content: [{ articleId: article }],
    });
    expect((await get(apiPaths.memberDownloads, bob)).data).toMatchObject({ total: 0 });
  });

  it("are listed by type (the favourites' tabs)", async () => {
    const picture = Number(
      (await row(api.demo.db, "SELECT id FROM figures WHERE site_id = 1 AND kind = 'picture' ORDER BY id LIMIT 1"))?.[
        'id'
      ],
    );
    const table = Number(
      (await row(api.demo.db, "SELECT id FROM figures WHERE site_id = 1 AND kind = 'table' ORDER BY id LIMIT 1"))?.[
        'id'
      ],
    );
    for (const [type, id] of [
      ['article', article],
      ['picture', picture],
      ['table', table],
    ] as const)
      expect((await send(apiPaths.memberCollect, alice, { type, id })).status).toBe(0);
    const ofType = async (type: string) =>
      (
        (await get(`${apiPaths.memberCollects}?type=${type}`, alice)).data as {
          content: { resourceType: string; resourceId: number }[];
        }
      ).content;
    expect(await ofType('picture')).toEqual([
      expect.objectContaining({ resourceType: 'picture', resourceId: picture }),
    ]);
    expect(await ofType('table')).toEqual([expect.objectContaining({ resourceType: 'table', resourceId: table })]);
    expect(await ofType('article')).toEqual([
      expect.objectContaining({ resourceType: 'article', resourceId: article }),
    ]);
    expect(await ofType('video')).toEqual([]);
    expect(((await get(apiPaths.memberCollects, alice)).data as { total: number }).total).toBe(3);
    for (const [type, id] of [
      ['article', article],
      ['picture', picture],
      ['table', table],
    ] as const)
      await send(apiPaths.memberUnCollect, alice, { type, id });
  });

  it('refuse a resource of another site', async () => {
    const cpgArticle = Number(
      (await row(api.demo.db, "SELECT id FROM articles WHERE site_id = 2 AND status = 'formal' LIMIT 1"))?.['id'],
    );
    const history: Envelope = await send(apiPaths.memberAddHistory, alice, { type: 'article', id: cpgArticle });
    expect(history.status).toBe(404);
  });
});
