/**
 * One way to render an Astro page: a web Request plus locals in, a web Response out, with no HTTP hop.
 * The SSR fallback of the server and the prerenderer both call it, so a prebuilt page and its
 * on-demand twin are the same component output. See docs/decisions.md ("Rendering through the built app").
 */
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withoutBodyIslandStyle } from './island-style.ts';

/** What the server hands a render; src/middleware.ts adds the language (lang, pathLang, t). */
export type ServerLocals = Pick<
  App.Locals,
  'source' | 'site' | 'fragments' | 'siteFragments' | 'smsCodes' | 'previewItem'
>;

/** Renders a page; null when no Astro route matches the path. */
export type RenderPage = (request: Request, locals: ServerLocals) => Promise<Response | null>;

/** A rendered page as bytes, for the prebuild, which writes it to disk and needs no web Response. */
export type RenderedPage = { status: number; headers: Headers; body: Buffer };
/** Renders a GET of an absolute URL; null when no Astro route matches the path. */
export type RenderGet = (url: string, locals: ServerLocals) => Promise<RenderedPage | null>;

type NodeMiddleware = (req: unknown, res: unknown, next: (error?: unknown) => void, locals: object) => Promise<void>;

const loaded = new Map<string, Promise<NodeMiddleware>>();

/** Imports `${astroOutDir}/server/entry.mjs` once per folder and wraps its middleware handler. */
export async function loadRenderer(astroOutDir: string): Promise<RenderPage> {
  const middleware = await loadMiddleware(astroOutDir);
  return async (request, locals) => {
    const url = new URL(request.url);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(await request.arrayBuffer());
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const page = await renderThrough(middleware, { url, method: request.method, headers, body }, locals);
    if (!page) return null;
    const empty = page.status === 204 || page.status === 304 || page.status < 200;
    const response = new Response(
      empty ? null : new Uint8Array(page.body.buffer as ArrayBuffer, page.body.byteOffset, page.body.byteLength),
      { status: page.status, headers: page.headers },
    );
    rendered.set(response, empty ? { ...page, body: null } : page);
    return response;
  };
}

/** The pages behind the Responses loadRenderer made, for a caller that works on the bytes. */
const rendered = new WeakMap<Response, Omit<RenderedPage, 'body'> & { body: Buffer | null }>();

/**
 * The bytes and headers of a Response this renderer made, or undefined for another one. Reading
 * a Response's body instead turns the bytes into a stream and back, a copy each way.
 */
export const renderedPageOf = (response: Response) => rendered.get(response);

/** The same renderer for GETs, answering bytes. */
export async function loadGetRenderer(astroOutDir: string): Promise<RenderGet> {
  const middleware = await loadMiddleware(astroOutDir);
  return (url, locals) =>
    renderThrough(
      middleware,
      { url: new URL(url), method: 'GET', headers: { accept: 'text/html' }, body: undefined },
      locals,
    );
}

function loadMiddleware(astroOutDir: string): Promise<NodeMiddleware> {
  const entry = join(astroOutDir, 'server', 'entry.mjs');
  let handler = loaded.get(entry);
  if (!handler) {
    // React picks its build from NODE_ENV when first loaded; its development build renders several
    // times slower, and pages must be the same in tests, prebuilds and on-demand renders.
    process.env['NODE_ENV'] = 'production';
    handler = import(pathToFileURL(entry).href).then((module: { handler?: unknown }) => {
      if (typeof module.handler !== 'function')
        throw new Error(`${entry} exports no handler; is @astrojs/node in middleware mode?`);
      return module.handler as NodeMiddleware;
    });
    loaded.set(entry, handler);
  }
  return handler;
}

/**
 * The adapter exports only a Node-style middleware; its App is private to the bundle. A minimal
 * in-memory request/response pair lets us call it with a web Request and collect a web Response.
 */
type PlainRequest = { url: URL; method: string; headers: Record<string, string>; body: Uint8Array | undefined };

async function renderThrough(
  middleware: NodeMiddleware,
  request: PlainRequest,
  locals: ServerLocals,
): Promise<RenderedPage | null> {
  const { url, method, body } = request;
  const socket = Object.assign(new EventEmitter(), {
    remoteAddress: '127.0.0.1',
    encrypted: url.protocol === 'https:',
    destroyed: false,
  });
  const headers = { ...request.headers, host: url.host };
  const req = Object.assign(new EventEmitter(), { headers, url: url.pathname + url.search, method, socket, body });
  const res = new CapturedResponse(req);
  let passed = false;
  await middleware(
    req,
    res,
    () => {
      passed = true;
      res.end();
    },
    locals,
  );
  if (passed) return null;
  return res.rendered();
}

class CapturedResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  readonly req: unknown;
  #headers = new Headers();
  #chunks: Uint8Array[] = [];
  #done: Promise<void>;
  #finish: () => void = () => {};
  #fail: (error: unknown) => void = () => {};

  constructor(req: unknown) {
    super();
    this.req = req;
    this.#done = new Promise<void>((resolve, reject) => {
      this.#finish = resolve;
      this.#fail = reject;
    });
  }

  writeHead(status: number, headers?: Record<string, string | string[] | number | undefined>): this {
    this.statusCode = status;
    this.headersSent = true;
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) this.#headers.append(name, String(item));
    }
    return this;
  }

  setHeader(name: string, value: string | number | string[]): this {
    this.#headers.delete(name);
    for (const item of Array.isArray(value) ? value : [value]) this.#headers.append(name, String(item));
    return this;
  }

  write(chunk: Uint8Array | string, callback?: () => void): boolean {
    this.#chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    callback?.();
    return true;
  }

  end(chunk?: Uint8Array | string): this {
    if (chunk !== undefined) this.write(chunk);
    this.headersSent = true;
    this.#finish();
    this.emit('finish');
    this.emit('close');
    return this;
  }

  destroy(error?: unknown): this {
    this.#fail(error ?? new Error('render aborted'));
    this.emit('close');
    return this;
  }

  async rendered(): Promise<RenderedPage> {
    await this.#done;
    const body = Buffer.concat(this.#chunks);
    if (!this.#headers.get('content-type')?.startsWith('text/html'))
      return { status: this.statusCode, headers: this.#headers, body };
    const valid = withoutBodyIslandStyle(body);
    this.#headers.set('content-length', String(valid.length));
    return { status: this.statusCode, headers: this.#headers, body: valid };
  }
}
