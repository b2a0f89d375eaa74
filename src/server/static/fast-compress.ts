/**
 * Compression of a page made while a client waits (an on-demand render, a composed prebuilt page):
 * fast levels, one rule for both. Brotli 4 and gzip 4 took about 1 ms each on a 60 KB page, a few
 * per cent larger than the build's level 5; gzip 6 took a third more CPU than 4 on an 89 KB article
 * page for 3% fewer bytes (docs/performance.md).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 4;

export const fastBrotli = (body: Buffer) =>
  brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } });

export const fastGzip = (body: Buffer) => gz(body, { level: GZIP_LEVEL });
