import type { Env, MiddlewareHandler } from 'hono';

/**
 * Several middlewares in one place of Hono's chain, each calling the next directly. Hono's compose
 * (and hono/combine's `every`, built on it) spends an async dispatch per middleware, two promises and
 * a microtask turn each even when the middleware only passes on; most of ours pass on without
 * waiting for anything on a GET (issue 55). What Hono's dispatch gives per place still holds for the
 * whole group: an error thrown in it becomes the error answer there (app.onError), and the route
 * index it leaves is the handler's.
 */
export function inSequence<E extends Env>(...middlewares: MiddlewareHandler<E>[]): MiddlewareHandler<E> {
  return (c, next) => {
    const step = (index: number): Promise<void> =>
      index === middlewares.length ? next() : (middlewares[index]!(c, () => step(index + 1)) as Promise<void>);
    return step(0);
  };
}
