import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createImageWorker, ImageWorkError, type ImageWork } from './image-worker';

/*
 * The image process (issue 36): sharp and libvips run in a process of their own, started with the
 * first image and gone after a while without one; an image that kills that process or runs past
 * the time limit is refused, and the next image gets a new process. This file imports no sharp
 * itself, so the test's own process shows whether libvips ever came into it.
 */

const svg = (width: number, height: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#2255aa"/></svg>`,
  );

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let worker: ImageWork | undefined;
afterEach(async () => {
  await worker?.close();
  worker = undefined;
});

describe('the image process', { timeout: 60_000 }, () => {
  it('reads sizes and makes the sizes of an image in its own process', async () => {
    worker = createImageWorker();
    expect(worker.pid).toBeUndefined();
    expect(await worker.size(svg(640, 480))).toEqual({ width: 640, height: 480, format: 'svg' });
    const pid = worker.pid!;
    expect(pid).not.toBe(process.pid);
    expect(readFileSync(`/proc/${pid}/maps`, 'utf8')).toContain('libvips');
    const variants = await worker.variants(svg(1000, 500), 1000);
    expect(variants.map(({ variant }) => `${variant.format} ${variant.width}x${variant.height}${variant.social ? ' social' : ''}`)).toEqual(
      [
        'webp 480x240',
        'avif 480x240',
        'webp 960x480',
        'avif 960x480',
        // Its own width too (never wider than the original).
        'webp 1000x500',
        'avif 1000x500',
        'png 1200x630 social',
      ],
    );
    expect(variants[0]!.data.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // The same process served both.
    expect(worker.pid).toBe(pid);
  });

  it('leaves the process that asks without libvips (a server that made sizes carries none of it)', async () => {
    // A fresh process of its own: this test runner's process may have loaded sharp for another file.
    const script = `
      import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
      import { createImageWorker } from ${JSON.stringify(new URL('./image-worker.ts', import.meta.url).href)};
      const worker = createImageWorker();
      const size = await worker.size(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="12" height="34"/>'));
      const child = readFileSync('/proc/' + worker.pid + '/maps', 'utf8').includes('libvips');
      const own = readFileSync('/proc/self/maps', 'utf8').includes('libvips');
      await worker.close();
      console.log(JSON.stringify({ size, child, own }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toEqual({ size: { width: 12, height: 34, format: 'svg' }, child: true, own: false });
  });

  it('ends its process after a while without an image, and starts a new one for the next', async () => {
    worker = createImageWorker({ idleMs: 200 });
    await worker.size(svg(10, 10));
    const first = worker.pid!;
    await expect.poll(() => running(first), { timeout: 10_000 }).toBe(false);
    expect(worker.pid).toBeUndefined();
    expect(await worker.size(svg(20, 10))).toMatchObject({ width: 20, height: 10 });
    expect(worker.pid).not.toBe(first);
  });

  it('refuses an image whose process was killed, and the next image gets a new process', async () => {
    worker = createImageWorker();
    await worker.size(svg(10, 10));
    const first = worker.pid!;
    // Killed while at work on an image (as libvips crashing on a hostile file would end it).
    const making = worker.variants(svg(4000, 3000), 4000);
    process.kill(first, 'SIGKILL');
    await expect(making).rejects.toThrow(ImageWorkError);
    await expect(making).rejects.toThrow(/ended \(SIGKILL\)/);
    expect(await worker.size(svg(30, 20))).toMatchObject({ width: 30, height: 20 });
    expect(worker.pid).not.toBe(first);
  });

  it('stops an image that takes longer than the time limit; the next one is read', async () => {
    worker = createImageWorker({ timeLimitMs: 50 });
    // Making the sizes of a 4000 px image takes far longer than 50 ms.
    await expect(worker.variants(svg(4000, 3000), 4000)).rejects.toThrow(/longer than 0.05 s/);
    const slow = createImageWorker({ timeLimitMs: 20_000 });
    try {
      expect(await slow.size(svg(40, 20))).toMatchObject({ width: 40, height: 20 });
    } finally {
      await slow.close();
    }
    // The worker that timed out starts afresh too (its process was ended).
    expect(worker.pid).toBeUndefined();
  });

  it('passes on what sharp refused, with its message', async () => {
    worker = createImageWorker();
    await expect(worker.size(Buffer.from('not an image at all'))).rejects.toThrow(ImageWorkError);
    await expect(worker.size(Buffer.from('not an image at all'))).rejects.toThrow(/unsupported image format/i);
    // The process survived a refusal: sharp's errors are answers, not crashes.
    const pid = worker.pid;
    expect(await worker.size(svg(8, 8))).toMatchObject({ width: 8 });
    expect(worker.pid).toBe(pid);
  });
});
