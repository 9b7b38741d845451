/**
 * A schema definition: `defineSchema(() => z.object({ … }))`. The schema is built on first use
 * (the first property read: a parse, `.extend`, a place in another schema), not when its module
 * loads. A page loads the shared modules of every read and form it has, and building their zod
 * schemas up front was a fifth of the problem list's script time on a phone, most of it for
 * schemas the page never used (decision 064). The annotation also tells the bundler the call has
 * no side effects, so a bundle that never uses a schema drops it.
 *
 * zod 4's classic schemas carry their methods as closures over the real instance and test
 * identity through `_zod.traits`, so the stand-in forwards every operation to the built schema.
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineSchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not report a property its target lacks as non-configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
