import { Hono } from 'hono';
import { routePath } from 'hono/route';
import { describe, expect, it } from 'vitest';
import { inSequence } from './in-sequence';

describe('inSequence', () => {
  it('runs its middlewares in order around the route, each after-step in reverse, and leaves the route pattern', async () => {
    const order: string[] = [];
    const app = new Hono();
    app.use(
      '*',
      inSequence(
        async (c, next) => {
          order.push('a');
          await next();
          order.push(`a after, ${routePath(c)}`);
        },
        (_c, next) => {
          order.push('b');
          return next();
        },
        async (_c, next) => {
          order.push('c');
          await next();
          order.push('c after');
        },
      ),
    );
    app.get('/items/:id', (c) => {
      order.push('route');
      return c.json({ id: c.req.param('id') });
    });
    const response = await app.request('/items/7');
    expect(await response.json()).toEqual({ id: '7' });
    expect(order).toEqual(['a', 'b', 'c', 'route', 'c after', 'a after, /items/:id']);
  });

  it('answers an error thrown in the group with the app error handler, and runs nothing after it', async () => {
    const app = new Hono();
    let reached = false;
    app.onError((error, c) => c.json({ error: error.message }, 418));
    app.use(
      '*',
      inSequence(
        (_c, next) => next(),
        () => {
          throw new Error('refused here');
        },
        (_c, next) => {
          reached = true;
          return next();
        },
      ),
    );
    app.get('/', (c) => c.text('never'));
    const response = await app.request('/');
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ error: 'refused here' });
    expect(reached).toBe(false);
  });

  it('lets a middleware in the group answer without calling the next one', async () => {
    const app = new Hono();
    app.use(
      '*',
      inSequence(
        async (c, next) => (c.req.header('x-stop') ? c.text('stopped', 429) : next()),
        (_c, next) => next(),
      ),
    );
    app.get('/', (c) => c.text('route'));
    expect((await app.request('/', { headers: { 'x-stop': '1' } })).status).toBe(429);
    expect(await (await app.request('/')).text()).toBe('route');
  });
});
