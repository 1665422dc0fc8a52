/**
 * The backup archive (platform/tar.ts on tar-stream): what it writes the system's `tar` reads,
 * long names survive, a file that vanished is skipped, and a restore refuses archives cut
 * short or holding paths that climb out.
 */
import { execFile } from 'node:child_process';
import {
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import { pack } from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createTarWriter, readTar, type TarEntry } from './tar.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sampada-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => path.join(dir, name);

/** Every entry and the bytes of every file, in archive order. */
async function readAll(file: string) {
  const entries: TarEntry[] = [];
  const written = new Map<string, string>();
  await readTar(file, async (entry) => {
    entries.push(entry);
    if (entry.type !== 'file') return null;
    written.set(entry.name, at(`out-${entries.length}`));
    return createWriteStream(written.get(entry.name)!);
  });
  const bytes = new Map([...written].map(([name, out]) => [name, readFileSync(out)]));
  return { entries, bytes };
}

describe('the backup archive', () => {
  it('round-trips folders, buffers and files, long names included, and tar reads it', async () => {
    const source = at('source.bin');
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    writeFileSync(source, big);
    const longName = `root/${'deep-folder-name/'.repeat(8)}file.txt`;
    const archive = at('round-trip.tar.gz');
    const tar = createTarWriter(archive);
    await tar.addDirectory('root');
    await tar.addBuffer('root/manifest.json', Buffer.from('{"kind":"test"}'));
    expect(await tar.addFile('root/source.bin', source, 0o640)).toBe(true);
    expect(await tar.addFile('root/vanished.bin', at('never-written.bin'))).toBe(false);
    await tar.addBuffer(longName, Buffer.from('long'));
    await tar.finish();

    const { entries, bytes } = await readAll(archive);
    expect(entries.map((e) => [e.name, e.type])).toEqual([
      ['root', 'dir'],
      ['root/manifest.json', 'file'],
      ['root/source.bin', 'file'],
      [longName, 'file'],
    ]);
    expect(entries[2]!.mode).toBe(0o640);
    expect(bytes.get('root/manifest.json')!.toString()).toBe('{"kind":"test"}');
    expect(bytes.get('root/source.bin')!.equals(big)).toBe(true);
    expect(bytes.get(longName)!.toString()).toBe('long');

    const { stdout } = await promisify(execFile)('tar', ['tzf', archive]);
    expect(stdout.split('\n')).toContain(longName);
  });

  it('refuses an archive that was cut short', async () => {
    const archive = at('cut.tar.gz');
    const tar = createTarWriter(archive);
    await tar.addBuffer('root/a.bin', Buffer.alloc(200_000, 1));
    await tar.finish();
    truncateSync(archive, Math.floor(statSync(archive).size / 2));
    await expect(readAll(archive)).rejects.toThrow('The archive is incomplete (it ends mid-way).');
  });

  it('refuses an entry whose path climbs out of the archive', async () => {
    const archive = at('unsafe.tar.gz');
    const hostile = pack();
    hostile.entry({ name: '../outside.txt' }, 'x');
    hostile.finalize();
    await pipeline(hostile, createGzip(), createWriteStream(archive));
    await expect(readAll(archive)).rejects.toThrow(
      'The archive holds an unsafe path: ../outside.txt',
    );
  });
});
