// Where the deployment keeps what the console uploads (profile images, the brand's pictures and
// clips): the S3 bucket when configured, so every process reads the same files, else a directory
// under DATA_DIR (one process). The server and the import command open it the same way.
import path from "node:path";
import type { Config } from "../config.ts";
import type { ObjectStorage } from "../lib/object-storage.ts";
import { localObjectStorage } from "./local-object-storage.ts";

export async function openUploads(config: Config): Promise<{ storage: ObjectStorage; close: () => void }> {
  if (config.s3) {
    // The AWS SDK (some hundred modules) loads only where a bucket is configured.
    const { s3ObjectStorage } = await import("./s3-object-storage.ts");
    const s3 = s3ObjectStorage({ ...config.s3, prefix: "profile-images/" });
    return {
      storage: s3,
      close: () => {
        s3.close();
      },
    };
  }
  return {
    storage: localObjectStorage(path.join(config.dataDir, "uploads", "profile-images")),
    close: () => undefined,
  };
}
