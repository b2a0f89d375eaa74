/**
 * `node scripts/bench/import-memory.ts [megabytes]`: writes an import file of about that size
 * (default 20 MB: articles with 8 KB abstracts and 20 references each) and imports it into a
 * fresh database in a child process, printing the child's peak resident memory (VmHWM) and time.
 * A figure for docs/decisions.md, never asserted.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const megabytes = Number(process.argv[2] ?? 20);
const work = mkdtempSync(join(tmpdir(), 'import-memory-'));
const file = join(work, 'import.json');

function article(n: number) {
  const sentence = `第${n}篇文章研究了超表面全息成像中的相位调制与偏振复用问题，Metasurface holography with phase modulation. `;
  return {
    issn: '0253-2239',
    period: { year: 2026, issue: 1 + (n % 12) },
    doi: `10.3788/AOS.2026.${n}`,
    title: `超表面全息成像技术研究 ${n}`,
    enTitle: `Metasurface holographic imaging ${n}`,
    abstract: `<p>${sentence.repeat(40)}</p>`,
    enAbstract: `<p>${'Metasurface holography is studied with phase and polarization multiplexing. '.repeat(40)}</p>`,
    keywords: ['超表面', '全息', `关键词${n}`],
    firstPage: 1,
    lastPage: 9,
    publishedDate: '2026-01-10',
    authors: [
      { name: '王光', enName: 'Wang Guang', corresponding: true, institutions: [1] },
      { name: '李明', enName: 'Li Ming', institutions: [1] },
    ],
    institutions: [{ name: '中国科学院光电研究所', enName: 'Institute of Optics and Electronics, CAS' }],
    references: Array.from({ length: 20 }, (_, r) => ({
      text: `ZHENG G, et al. Metasurface holograms ${n}.${r}[J]. Nat Nanotechnol, 2015, 10: 308-312.`,
    })),
  };
}

const head = {
  site: { sld: 'membench', name: '内存测试', enName: 'Memory bench' },
  publications: [{ issn: '0253-2239', name: '光学学报', enName: 'Acta Optica Sinica' }],
  periods: Array.from({ length: 12 }, (_, i) => ({
    issn: '0253-2239',
    year: 2026,
    volume: 46,
    issue: i + 1,
    publishDate: '2026-01-10',
  })),
};
const size = Buffer.byteLength(JSON.stringify(article(1)));
const count = Math.ceil((megabytes * 1024 * 1024) / size);
writeFileSync(file, JSON.stringify({ ...head, articles: Array.from({ length: count }, (_, n) => article(n + 1)) }));
console.log(`import file: ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, ${count} articles`);

const script = resolve(import.meta.dirname, '..', 'import.ts');
const started = Date.now();
// the flags of `npm run import` (package.json); BENCH_NODE_FLAGS='' measures without them
const flags = (process.env['BENCH_NODE_FLAGS'] ?? '--max-semi-space-size=2').split(' ').filter(Boolean);
const child = spawnSync('/usr/bin/time', ['-v', process.execPath, ...flags, script, file], {
  env: { ...process.env, DATABASE_PATH: join(work, 'portal.db') },
  encoding: 'utf8',
});
const peak = /Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr)?.[1];
if (child.status !== 0) console.error(child.stdout, child.stderr.slice(0, 4000));
console.log(
  `flags '${flags.join(' ')}': exit ${child.status}, ${((Date.now() - started) / 1000).toFixed(1)} s, peak RSS ${peak ? (Number(peak) / 1024).toFixed(0) : '?'} MB`,
);
if (process.env['KEEP']) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
