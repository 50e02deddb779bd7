import { resetEnv } from "@/lib/env";

/**
 * Vitest setup: lib/env.ts parses the environment once per process, while tests set `process.env.X` (or delete it)
 * between cases to try other limits and modes. Wrapping `process.env` so that every such change forgets the parsed
 * copy keeps those tests as they are written; writes still reach the real environment that child processes inherit.
 */
declare global {
  // Unit files share one module graph per worker (isolate: false): the wrapper is put on once.
  var loopscopeEnvFollows: boolean | undefined;
}

if (!globalThis.loopscopeEnvFollows) {
  globalThis.loopscopeEnvFollows = true;
  process.env = new Proxy(process.env, {
    set(target, name, value) {
      const done = Reflect.set(target, name, value);
      resetEnv();
      return done;
    },
    deleteProperty(target, name) {
      const done = Reflect.deleteProperty(target, name);
      resetEnv();
      return done;
    },
  });
}
resetEnv();
