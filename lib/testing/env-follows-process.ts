import { resetEnv } from "@/lib/env";

/**
 * Vitest setup: lib/env.ts parses the environment once per process, while tests set `process.env.X` (or delete it)
 * between cases to try other limits and modes. Wrapping `process.env` so that every such change forgets the parsed
 * copy keeps those tests as they are written; writes still reach the real environment that child processes inherit.
 */
const real = process.env;
process.env = new Proxy(real, {
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
resetEnv();
