/**
 * Where uploaded and generated files live. The local adapter writes under `data/uploads`; a cloud
 * bucket would be another adapter with the same four calls.
 */
export interface FileStore {
  /** Stores bytes under a key such as `products/<productId>/<imageId>.webp`; overwrites. */
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The public URL the browser loads the file from. */
  urlFor(key: string): string;
}
