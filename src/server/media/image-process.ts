/**
 * The image process (forked by image-worker.ts with --image-worker): one image at a time, as the
 * server sends them. libvips, its threads and its memory live here, so a server that answers pages
 * carries none of it, and an image that crashes libvips ends this process, not the server.
 */
import { imageSize, imageVariants, type ImageAnswer, type ImageRequest } from './images.ts';

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

async function answer(request: ImageRequest): Promise<ImageAnswer> {
  try {
    if (request.op === 'size') return { id: request.id, ok: true, size: await imageSize(bufferOf(request.input)) };
    const variants = await imageVariants(bufferOf(request.input), request.width);
    return { id: request.id, ok: true, variants: variants.map(({ variant, data }) => ({ variant, data: new Uint8Array(data) })) };
  } catch (error) {
    // sharp's message only ("Input image exceeds pixel limit", "VipsJpeg: premature end..."): the server maps it to a refusal.
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

if (process.send && process.argv.includes('--image-worker')) {
  process.on('message', (request: ImageRequest) => {
    void answer(request).then((reply) => process.send!(reply));
  });
  process.send({ ready: true });
}
