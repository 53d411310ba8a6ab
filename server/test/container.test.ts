// The production image (Dockerfile) builds and its health check passes, where this machine can build
// images (a docker or podman engine answers); elsewhere the test says why it did not run.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backend } from "./support/db.ts";

const ROOT = path.join(import.meta.dirname, "../..");

/** The first container engine that answers, or undefined. */
function engine(): string | undefined {
  for (const command of ["podman", "docker"]) {
    const info = spawnSync(command, ["info"], { encoding: "utf8", timeout: 10_000 });
    if (info.status === 0) return command;
  }
  return undefined;
}

const found = backend === "postgres" ? engine() : undefined;
if (backend === "postgres" && !found) {
  process.stderr.write("No container engine answers (docker/podman info): the image is not built here.\n");
}

describe.skipIf(!found)("the production image", () => {
  it("builds, starts without development dependencies, and reports healthy", () => {
    const tool = found as string;
    const tag = `savat-test:${String(process.pid)}`;
    const built = spawnSync(tool, ["build", "-t", tag, ROOT], { encoding: "utf8", timeout: 900_000 });
    expect(built.status, built.stderr.slice(-2000)).toBe(0);
    // Embedded database inside the container: no outside service needed for the health check.
    const run = spawnSync(tool, ["run", "-d", "--rm", "-e", "DATA_DIR=/tmp/data", tag], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const id = run.stdout.trim();
    try {
      let health = "";
      for (let i = 0; i < 60 && health !== "healthy"; i += 1) {
        spawnSync("sleep", ["2"]);
        health = spawnSync(tool, ["inspect", "--format", "{{.State.Health.Status}}", id], {
          encoding: "utf8",
        }).stdout.trim();
      }
      expect(health).toBe("healthy");
      const user = spawnSync(tool, ["exec", id, "id", "-u"], { encoding: "utf8" }).stdout.trim();
      expect(user).not.toBe("0");
    } finally {
      spawnSync(tool, ["rm", "-f", id]);
      spawnSync(tool, ["rmi", "-f", tag]);
    }
  }, 1_000_000);
});
