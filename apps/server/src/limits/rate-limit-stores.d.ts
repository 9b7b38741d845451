// @fastify/rate-limit's two stores, which it ships but does not type; the part used here.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  interface Store {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read?(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: object): Store;
  }
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  interface Store {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read?(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: object): Store;
  }
  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: unknown, key?: string) => Store;
  export default RedisStore;
}
