// Object storage in a local directory: the default, and today's behaviour (profile pictures under
// DATA_DIR/uploads/profile-images). Only the process that wrote a file can serve it unless every
// process shares the directory; several processes use S3 (s3-object-storage.ts).
import fs from "node:fs";
import path from "node:path";
import { isObjectKey, type ObjectStorage } from "../lib/object-storage.ts";

/** A directory keeps no content type: it follows from the key's extension. */
const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

export function localObjectStorage(dir: string): ObjectStorage {
  const fileOf = (key: string) => {
    if (!isObjectKey(key)) throw new Error(`bad object key ${JSON.stringify(key)}`);
    return path.join(dir, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(temp, bytes, { mode: 0o644 });
      await fs.promises.rename(temp, file);
    },
    async get(key) {
      if (!isObjectKey(key)) return undefined;
      try {
        const body = await fs.promises.readFile(fileOf(key));
        return {
          body,
          contentType: TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream",
          size: body.length,
        };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR") return undefined;
        throw error;
      }
    },
    async delete(key) {
      if (!isObjectKey(key)) return;
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
