/** A responsive image prepared at build time (src/server/images.ts), rendered by <Picture>. */
export interface PictureData {
  sources: readonly { type: string; srcset: string }[];
  src: string;
  width: number;
  height: number;
}
