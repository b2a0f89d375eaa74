/**
 * Hostile input against the real server on 127.0.0.1 (a probe kept as a test): methods
 * other than GET/HEAD on pages and files, request lines that try to redirect elsewhere, bodies
 * sent to pages and oversized ones to the API, a client that trickles its headers, files asked
 * for through another site's host, and ids beyond the safe integer range. Requests go out as raw
 * bytes so nothing on the client side tidies them up.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/lib/api-paths.ts';
import { insertFile } from '../../src/server/store/files.ts';
import { one } from '../../src/server/store/sql.ts';
import { deferred } from '../fixtures/deferred.ts';
import { type Portal, startPortal } from './harness.ts';

let portal: Portal;

beforeAll(async () => {
  // the shortest header time limit the config allows, so the slow client is cut off quickly
  portal = await startPortal({
    articles: 60,
    prebuild: ['jmst'],
    env: { HEADERS_TIMEOUT_MS: '1000', API_BODY_LIMIT_BYTES: '4096' },
  });
}, 240_000);
afterAll(() => portal?.close());

type RawAnswer = { status: number; head: string; body: string };

/** Writes `bytes` to the server as they are; resolves with the first response (or status 0 on a closed socket). */
function raw(bytes: string | Buffer, options: { keepWriting?: (socket: Socket) => void } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(portal.port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const finish = () => {
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const head = end < 0 ? text : text.slice(0, end);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: end < 0 ? '' : received.subarray(end + 4).toString('utf8'),
      });
      socket.destroy();
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1];
      if (length !== undefined && received.length - end - 4 >= Number(length)) finish();
    });
    socket.on('end', finish);
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? finish() : reject(error),
    );
    socket.write(bytes);
    options.keepWriting?.(socket);
  });
}

const host = (sld: string) => `${sld}.localhost:${portal.port}`;
const header = (answer: RawAnswer, name: string) =>
  new RegExp(`\\r\\n${name}: *([^\\r\\n]*)`, 'i').exec(answer.head)?.[1];
const requestLine = (method: string, target: string, sld = 'jmst', extra = '') =>
  `${method} ${target} HTTP/1.1\r\nHost: ${host(sld)}\r\nConnection: close\r\n${extra}\r\n`;

describe('methods', () => {
  const PATHS = ['/zh/home/', '/en/article/1/', '/favicon.svg', '/_static/theme.css', '/robots.txt', '/'];
  const METHODS = [
    'TRACE',
    'POST',
    'PUT',
    'DELETE',
    'PATCH',
    'PROPFIND',
    'MKCOL',
    'COPY',
    'MOVE',
    'LOCK',
    'PROPPATCH',
    'SEARCH',
  ];

  it('answers 405 with Allow to every method but GET and HEAD on pages and files: never 500, never a page', async () => {
    for (const path of PATHS) {
      for (const method of METHODS) {
        const answer = await raw(requestLine(method, path, 'jmst', 'Content-Length: 0\r\n'));
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(header(answer, 'allow'), `${method} ${path}`).toBe('GET, HEAD');
        expect(answer.body).not.toContain('<header');
      }
    }
  });

  it('never answers 500 to an odd method on the APIs either', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'PUT']) {
      for (const path of [`${apiPaths.channelList}`, '/_admin/rebuild', '/rc-pub/nothing']) {
        const answer = await raw(requestLine(method, path, 'jmst', 'Content-Length: 0\r\n'));
        expect(answer.status, `${method} ${path}`).toBeGreaterThan(0);
        expect(answer.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
  });

  it('still answers GET and HEAD, prebuilt and on demand', async () => {
    expect((await raw(requestLine('GET', '/zh/home/'))).status).toBe(200);
    expect((await raw(requestLine('HEAD', '/zh/home/'))).status).toBe(200);
    const onDemand = await raw(requestLine('GET', '/en/home/?ssr=1'));
    expect(onDemand.status).toBe(200);
    expect(header(onDemand, 'x-rendered')).toBe('on-demand');
  });
});

describe('redirects', () => {
  const TARGETS = [
    '//%5Cevil.com/',
    '//%09/evil.com',
    '//%0d%0aSet-Cookie:%20x=1',
    '//%0D%0ALocation:%20http://evil.com',
    '//%2F%2Fevil.com',
    '//%2fevil.com/%2e%2e/',
    '//evil.com',
    '///evil.com/',
    '//\\evil.com/',
    '/\\\\evil.com/',
    '/zh//%3Cscript%3Ealert(1)%3C/script%3E',
    '/thesis/1/%5C%5Cevil.com',
    '/article/doi/1/10.1000%2F%0d%0aX:%20y/zh',
    '/article/doi/1///evil.com/zh',
    '//%E3%80%82evil.com',
  ];

  it.each(TARGETS)('%s: any Location resolves to the same origin, and CR/LF never answers 500', async (target) => {
    const answer = await raw(requestLine('GET', target));
    expect(answer.status, target).toBeGreaterThan(0);
    expect(answer.status, target).toBeLessThan(500);
    expect(answer.head).not.toMatch(/\r\nSet-Cookie: *x=1/i);
    const location = header(answer, 'location');
    // a raw backslash in the request line is refused (400) before any step; every other '//' path is normalised
    if (target.startsWith('//') && !target.includes('\\')) expect(answer.status, target).toBe(301);
    if (location === undefined) return;
    const origin = `http://${host('jmst')}`;
    expect(new URL(location, origin).origin, `${target} → ${location}`).toBe(origin);
    expect(location).not.toMatch(/[\s<>"\\]/);
  });

  it('closed sites answer their own notice at every path, however shaped, and redirect nowhere', async () => {
    for (const target of ['//%5Cevil.com/', '//evil.com', '/zh//%0d%0a']) {
      const answer = await raw(requestLine('GET', target, 'lapsed'));
      expect(answer.status, target).toBe(403);
      expect(header(answer, 'location'), target).toBeUndefined();
      expect(answer.body, target).toContain('网站到期提醒');
    }
  });
});

describe('bodies', () => {
  it('refuses a 50 MB page body with 413 from its Content-Length, before reading it', async () => {
    for (const method of ['GET', 'POST']) {
      for (const path of ['/zh/home/', '/en/home/?ssr=1', '/favicon.svg']) {
        // the headers announce 50 MB; only a few bytes follow
        const answer = await raw(
          requestLine(method, path, 'jmst', `Content-Length: ${50 * 1024 * 1024}\r\n`) + 'x'.repeat(64),
        );
        expect(answer.status, `${method} ${path}`).toBe(413);
      }
    }
  });

  it('refuses a chunked page body with 413 at once', async () => {
    let writing: NodeJS.Timeout | undefined;
    const answer = await raw(requestLine('GET', '/zh/home/', 'jmst', 'Transfer-Encoding: chunked\r\n'), {
      keepWriting: (socket) => {
        // an endless body: the answer must not wait for its end
        writing = setInterval(() => socket.writable && socket.write(`400\r\n${'x'.repeat(1024)}\r\n`), 5);
      },
    });
    clearInterval(writing);
    expect(answer.status).toBe(413);
  });

  it('reads a small API body and refuses a large one, chunked or not, with an envelope', async () => {
    const json = (size: number) => JSON.stringify({ type: 'thesis', id: 1, pad: 'x'.repeat(size) });
    const small = await raw(
      requestLine(
        'POST',
        apiPaths.memberCollect,
        'jmst',
        `Content-Type: application/json\r\nContent-Length: ${json(10).length}\r\n`,
      ) + json(10),
    );
    expect(small.status).toBe(200);
    expect(JSON.parse(small.body)).toMatchObject({ status: 401 });
    const big = json(8000);
    const sized = await raw(
      requestLine(
        'POST',
        apiPaths.memberCollect,
        'jmst',
        `Content-Type: application/json\r\nLanguage: en\r\nContent-Length: ${big.length}\r\n`,
      ) + big,
    );
    expect(sized.status).toBe(413);
    expect(JSON.parse(sized.body)).toMatchObject({ status: 413, message: 'The request body is too large' });
    const chunks = `${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`;
    const chunked = await raw(
      requestLine(
        'POST',
        apiPaths.memberCollect,
        'jmst',
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n',
      ) + chunks,
    );
    expect(chunked.status).toBe(413);
  });
});

describe('time limits', () => {
  it('closes a socket that trickles its headers, while other requests keep being answered', async () => {
    const socket = connect(portal.port, '127.0.0.1');
    const closed = new Promise<string>((resolve) => {
      let answer = '';
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', () => {});
    });
    socket.write(`GET /zh/home/ HTTP/1.1\r\nHost: ${host('jmst')}\r\n`);
    let line = 0;
    let nextLine = deferred();
    const trickle = setInterval(() => {
      if (socket.writable) socket.write(`X-Slow-${line++}: a\r\n`);
      nextLine.resolve();
    }, 200);
    // meanwhile the server answers everyone else, between one trickled line and the next
    for (let i = 0; i < 5; i++) {
      await nextLine.promise;
      nextLine = deferred();
      expect((await portal.request('jmst', '/zh/home/')).status).toBe(200);
    }
    const answer = await closed;
    clearInterval(trickle);
    // closed by the server (408 or a plain close), never given the page
    expect(answer).not.toMatch(/^HTTP\/1\.1 200/);
    expect(line).toBeGreaterThan(3);
    expect((await portal.request('jmst', '/zh/home/')).status).toBe(200);
  }, 30_000);
});

describe('files', () => {
  const fileOf = (siteId: number) =>
    Number(one(portal.db, 'SELECT id FROM files WHERE site_id = ? LIMIT 1', siteId)?.['id']);
  const fetchFile = (sld: string, id: number, headers: Record<string, string> = {}) =>
    portal.request(sld, `${apiPaths.fileGet}?id=${id}`, { headers });

  it('answers a file only on the hosts of its own site', async () => {
    const jmstFile = fileOf(1);
    expect((await fetchFile('jmst', jmstFile)).status).toBe(200);
    const elsewhere = await fetchFile('lapsed', jmstFile);
    expect(elsewhere.headers['content-type']).toContain('application/json');
    const other = one(portal.db, "SELECT sld FROM sites WHERE id <> 1 AND status = 'active' LIMIT 1");
    const foreign = await fetchFile(String(other?.['sld']), jmstFile);
    expect(JSON.parse(foreign.body)).toMatchObject({ status: 404 });
  });

  it('answers none of a closed site’s files through an open site, and only the closed-site answer on its own host', async () => {
    for (const closed of ['lapsed', 'closed']) {
      const siteId = Number(one(portal.db, 'SELECT id FROM sites WHERE sld = ?', closed)?.['id']);
      const file = fileOf(siteId);
      expect(Number.isInteger(file) && file > 0, closed).toBe(true);
      expect(JSON.parse((await fetchFile('jmst', file)).body), closed).toMatchObject({ status: 404 });
      expect(JSON.parse((await fetchFile(closed, file)).body), closed).toMatchObject({ status: 10001 });
    }
  });

  it('answers platform-wide files on every site', async () => {
    const id = await insertFile(portal.db, {
      siteId: null,
      name: 'platform-logo.svg',
      contentType: 'image/svg+xml',
      data: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      createdAt: '2025-01-01T00:00:00Z',
    });
    for (const sld of ['jmst', 'lapsed']) {
      const answer = await fetchFile(sld, id);
      expect(answer.status, sld).toBe(200);
      expect(answer.body).toContain('<svg');
    }
  });
});

describe('ids beyond the safe integer range', () => {
  it('answer 404 and never redirect to a rounded id', async () => {
    for (const path of [
      '/zh/article/99999999999999999999/',
      '/zh/article/1/99999999999999999999/',
      '/thesis/1/99999999999999999999/zh',
      '/zh/news/99999999999999999999/',
      '/newsDetails/1/99999999999999999999/en',
    ]) {
      const answer = await portal.request('jmst', path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.location, path).toBeUndefined();
    }
    const api = await portal.request('jmst', `${apiPaths.fileGet}?id=99999999999999999999`);
    expect(JSON.parse(api.body)).toMatchObject({ status: 400 });
  });
});
