/** How log lines leave the process: a buffer that never blocks the request, bounded, flushed at exit. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLineBuffer, fdSink, type LineSink } from './log.ts';

const PAN = '4242424242424242';

describe('the line buffer does not block and stays bounded', () => {
  function heldSink() {
    const chunks: string[] = [];
    const sync: string[] = [];
    let release: (() => void) | undefined;
    const sink: LineSink = {
      write: (chunk, done) => {
        chunks.push(chunk);
        release = done;
      },
      writeSync: (chunk) => sync.push(chunk),
    };
    return { sink, chunks, sync, release: () => release?.() };
  }
  const tick = () => new Promise((r) => setImmediate(r));

  it('hands lines to the sink on a later turn, in order, one chunk per turn', async () => {
    const { sink, chunks, release } = heldSink();
    const buf = createLineBuffer(sink);
    buf.write('a');
    buf.write('b');
    expect(chunks).toEqual([]);
    await tick();
    expect(chunks).toEqual(['a\nb\n']);
    buf.write('c');
    await tick();
    expect(chunks).toHaveLength(1); // the sink is still busy with the first chunk
    release();
    await tick();
    expect(chunks).toEqual(['a\nb\n', 'c\n']);
  });

  it('drops and counts lines while the sink is behind, then reports the count', async () => {
    const { sink, chunks, release } = heldSink();
    const buf = createLineBuffer(sink, 20);
    buf.write('first');
    await tick();
    for (let i = 0; i < 10; i++) buf.write('xxxxxxxx');
    release();
    await tick();
    expect(chunks[1]).toMatch(/^xxxxxxxx\nxxxxxxxx\n.* warn log lines dropped.*\{"dropped":8\}\n$/);
  });

  it('keeps a line that fills the buffer exactly', async () => {
    const { sink, chunks } = heldSink();
    const buf = createLineBuffer(sink, 6);
    buf.write('12345');
    await tick();
    expect(chunks).toEqual(['12345\n']);
  });

  it('flushSync writes what is buffered at once', () => {
    const { sink, chunks, sync } = heldSink();
    const buf = createLineBuffer(sink);
    buf.write('last words');
    buf.flushSync();
    expect(sync).toEqual(['last words\n']);
    expect(chunks).toEqual([]);
  });

  it('writes every line to a real file descriptor', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'svcpay-log-')), 'out.log');
    const fd = openSync(path, 'w');
    const buf = createLineBuffer(fdSink(fd));
    const want = Array.from({ length: 2000 }, (_, i) => `line ${i}`);
    for (const l of want) buf.write(l);
    await expect.poll(() => readFileSync(path, 'utf8').split('\n').length, { timeout: 5000 }).toBe(want.length + 1);
    expect(readFileSync(path, 'utf8')).toBe(want.map((l) => l + '\n').join(''));
    closeSync(fd);
  });

  it('keeps writing to a real file descriptor after the first chunk is done', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'svcpay-log-')), 'out.log');
    const fd = openSync(path, 'w');
    const buf = createLineBuffer(fdSink(fd));
    buf.write('first');
    await expect.poll(() => readFileSync(path, 'utf8'), { timeout: 5000 }).toBe('first\n');
    buf.write('second');
    await expect.poll(() => readFileSync(path, 'utf8'), { timeout: 5000 }).toBe('first\nsecond\n');
    closeSync(fd);
  });

  it('the default stdout logger flushes its buffer when the process exits', () => {
    const code = `import { createLogger } from ${JSON.stringify(join(import.meta.dirname, 'log.ts'))};
      const log = createLogger(true);
      for (let i = 0; i < 3; i++) log.info('bye ' + i, { card: '${PAN}' });
      process.exit(0);`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', timeout: 20_000 });
    const lines = child.stdout.trim().split('\n');
    expect(lines.map((l) => l.split(' ').slice(1, 3).join(' '))).toEqual(['info bye', 'info bye', 'info bye']);
    expect(child.stdout).not.toContain(PAN);
  });
});
