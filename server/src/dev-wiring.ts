// The demo and test wiring: the one place besides server/src/fakes that knows the fakes. server.ts
// loads it only when the configuration allows the harness (DEMO or NODE_ENV=development), so a
// production process never loads a fake; tests and the benchmarks build their app through it too.
import type { AppFakes } from "./app.ts";
import type { Config } from "./config.ts";
import { devRoutes } from "./fakes/index.ts";
import { fakeStandIns } from "./fakes/stand-ins.ts";

// The demo's kitchen, for scripts/bench-kitchen.ts: the fake iiko and the wiring of plov to it.
export { DEMO_IIKO_ORGANIZATION_ID, fakeIiko } from "./fakes/fake-iiko.ts";
export { wireDemoKitchen } from "./fakes/iiko-demo.ts";

/** The fakes the app gets under this configuration: all of them in demo and development mode, else none. */
export function fakesFor(config: Config): { fakes?: AppFakes } {
  return config.harness ? { fakes: { standIns: fakeStandIns, routes: devRoutes } } : {};
}
