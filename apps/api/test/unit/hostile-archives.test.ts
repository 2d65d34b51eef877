import { crc32, inflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import {
  archiveOf,
  encryptedEntry,
  manyEntries,
  nestedZip,
  pathTrick,
  truncatedZip,
  zipBomb,
  zipHeaders,
} from '../../../../test-support/hostile-archives.ts';

const MB = 1024 * 1024;
const good = [
  { name: 'NFe1.xml', bytes: '<nfeProc>um</nfeProc>' },
  { name: 'NFe2.xml', bytes: '<nfeProc>dois</nfeProc>' },
];
/** The stored data of an entry (what its local header is followed by). */
function entryData(zip: Uint8Array, name: string) {
  const view = Buffer.from(zip);
  const header = zipHeaders(zip).find((h) => h.name === name);
  if (!header) throw new Error(`${name} não está no zip`);
  const start =
    header.local + 30 + view.readUInt16LE(header.local + 26) + view.readUInt16LE(header.local + 28);
  return {
    data: view.subarray(start, start + view.readUInt32LE(header.central + 20)),
    declared: view.readUInt32LE(header.central + 24),
    declaredLocal: view.readUInt32LE(header.local + 22),
  };
}

describe('hostile archives (test-support/hostile-archives.ts)', () => {
  it('a zip bomb: ~200 KB that inflates to 200 MB of zeros', { timeout: 30_000 }, () => {
    const zip = zipBomb({ valid: good });
    expect(zip.length).toBeLessThan(MB);
    const { data, declared } = entryData(zip, 'NFe-bomba.xml');
    expect(declared).toBe(200 * MB);
    const inflated = inflateRawSync(data);
    expect(inflated.length).toBe(200 * MB);
    // the data the headers' CRC-32 stands for: zeros
    expect(crc32(inflated)).toBe(crc32(Buffer.alloc(200 * MB)));
    expect(Buffer.from(zip).readUInt32LE(zipHeaders(zip)[2]!.central + 16)).toBe(crc32(inflated));
    expect(Object.keys(unzipSync(zip, { filter: (f) => f.name !== 'NFe-bomba.xml' }))).toEqual([
      'NFe1.xml',
      'NFe2.xml',
    ]);
  });

  it('a zip bomb whose headers lie: they say 1,000 bytes, it inflates past 5 MB', () => {
    const zip = zipBomb({ megabytes: 50, declaredSize: 1000 });
    const { data, declared, declaredLocal } = entryData(zip, 'NFe-bomba.xml');
    expect([declared, declaredLocal]).toEqual([1000, 1000]);
    expect(() => inflateRawSync(data, { maxOutputLength: 5 * MB })).toThrow(RangeError);
  });

  it('100,000 tiny entries', { timeout: 30_000 }, () => {
    const zip = manyEntries();
    expect(zipHeaders(zip)).toHaveLength(100_000);
    let seen = 0;
    unzipSync(zip, { filter: () => (seen += 1) < 0 });
    expect(seen).toBe(100_000);
  });

  it('an entry that climbs out, and an absolute one', () => {
    expect(Object.keys(unzipSync(pathTrick('../../etc/passwd', { valid: good })))).toContain(
      '../../etc/passwd',
    );
    const absolute = unzipSync(pathTrick('/tmp/x.xml', { content: '<NFe/>' }));
    expect(new TextDecoder().decode(absolute['/tmp/x.xml'])).toBe('<NFe/>');
  });

  it('a zip inside the zip', () => {
    const outer = unzipSync(nestedZip({ valid: good }));
    expect(Object.keys(outer)).toEqual(['NFe1.xml', 'NFe2.xml', 'inner.zip']);
    expect(Object.keys(unzipSync(outer['inner.zip'] as Uint8Array))).toEqual(['NFe-dentro.xml']);
  });

  it('an entry flagged encrypted in both headers, the others untouched', () => {
    const zip = encryptedEntry(good, 'NFe2.xml');
    const view = Buffer.from(zip);
    const flags = zipHeaders(zip).map((h) => [
      h.name,
      view.readUInt16LE(h.central + 8) & 1,
      view.readUInt16LE(h.local + 6) & 1,
    ]);
    expect(flags).toEqual([
      ['NFe1.xml', 0, 0],
      ['NFe2.xml', 1, 1],
    ]);
    const all = encryptedEntry(good);
    const allView = Buffer.from(all);
    expect(
      zipHeaders(all).map((h) => allView.readUInt16LE(h.central + 8) & allView.readUInt16LE(h.local + 6) & 1),
    ).toEqual([1, 1]);
  });

  it('a valid zip cut in half cannot be read', () => {
    const entries = Array.from({ length: 20 }, (_, i) => ({ name: `NFe${i}.xml`, bytes: `<x>${i}</x>` }));
    const cut = truncatedZip(entries);
    expect(cut.length).toBeGreaterThan(100);
    expect(() => unzipSync(cut)).toThrow();
  });

  it('yauzl, the zip reader of the API, sees each trick for what it is', async () => {
    const first = (zip: Uint8Array) =>
      new Promise<string>((resolve) => {
        yauzl.fromBuffer(Buffer.from(zip), { lazyEntries: true }, (error, file) => {
          if (error) return resolve(error.message);
          file.on('error', (problem: Error) => resolve(problem.message));
          file.on('end', () => resolve('end'));
          file.on('entry', (entry: yauzl.Entry) =>
            file.openReadStream(entry, (problem, stream) => {
              if (problem) return resolve(problem.message);
              stream.on('error', (failure: Error) => resolve(failure.message));
              stream.on('end', () => file.readEntry()).resume();
            }),
          );
          file.readEntry();
        });
      });
    expect(await first(pathTrick())).toMatch(/invalid relative path/);
    expect(await first(pathTrick('/tmp/x.xml'))).toMatch(/absolute path/);
    expect(await first(encryptedEntry(good))).toMatch(/encrypted/);
    expect(await first(truncatedZip(good))).toMatch(/central directory/);
    expect(await first(zipBomb({ megabytes: 20, declaredSize: 1000 }))).toMatch(/too many bytes/);
    expect(await first(archiveOf(good))).toBe('end');
  });
});
