// heic-decode ships no types; this is the part of its API lib/image-processing.ts uses.
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes per pixel. */
    data: Uint8ClampedArray;
  }
  interface LazyImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  function decode(input: { buffer: Buffer | Uint8Array }): Promise<DecodedImage>;
  namespace decode {
    /** Reads the image headers without decoding pixels; call `dispose()` when done. */
    function all(input: { buffer: Buffer | Uint8Array }): Promise<LazyImage[] & { dispose(): void }>;
  }
  export default decode;
}
