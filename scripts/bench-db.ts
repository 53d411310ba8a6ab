// The benchmarks' PostgreSQL databases: each run makes one under a name no other run (another
// benchmark, a test, a second copy of the same benchmark) uses, and drops only that one.
import { randomBytes } from "node:crypto";

/** savat_bench_<kind>_<pid>_<8 hex digits>: a valid identifier, unique to this run. */
export function benchDatabaseName(kind: string): string {
  return `savat_bench_${kind}_${String(process.pid)}_${randomBytes(4).toString("hex")}`;
}
