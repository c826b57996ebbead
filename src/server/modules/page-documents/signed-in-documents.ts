import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context, Hono, Next } from 'hono';
import { BRAND_NAME } from '@shared/brand';
import {
  ADMIN_OVERVIEW_FIRST_READS,
  ADMIN_OVERVIEW_READ,
  SESSION_READ,
  sessionViewForDocument,
  taskPageFirstReads,
  withFirstReads,
  withPageShell,
} from '@shared/landing-shell';
import { idSchema } from '@shared/schemas/common.schemas';
import { listTasksQuerySchema } from '@shared/schemas/tasks.schemas';
import {
  DASHBOARD_SHELL_CARDS,
  clientDashboardShellHtml,
  taskHeaderShellHtml,
} from '@shared/signed-in-shells';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../http/context';
import { readMe } from '../profiles/me-read';
import { maintenanceModeOn } from '../settings/maintenance.middleware';
import { createTaskDetailsService } from '../task-details/task-details.service';
import { createTaskListsService } from '../task-lists/task-lists.service';
import { taskReviewReads } from '../reviews/task-review-reads';
import { changeRoundsOf } from '../evidence/change-requests.repository';

export interface SignedInDocumentsDeps {
  deps: AppDeps;
  webRoot: string;
  /** The signed-in user of the request, read as the API reads it (the session cache first). */
  userOf: (c: Context<AppEnv>) => Promise<{ id: string } | null>;
  /**
   * The API's own answers to these GETs for the document's requester (decision 0413): the bodies of
   * those answered 200 with JSON and not marked no-store, by path. The document carries them, so
   * that the page starts without asking again.
   */
  firstReads?: (c: Context<AppEnv>, paths: readonly string[]) => Promise<Record<string, unknown>>;
}

/**
 * No-store answers of which a document may carry a part: the session read's answer holds the
 * session's token, and the admin page only reads the account's two-factor flag (decision 0414).
 */
const DOCUMENT_VIEWS: Readonly<Record<string, (body: unknown) => unknown>> = {
  [SESSION_READ]: sessionViewForDocument,
};

/**
 * `firstReads` answered by the app's own routes, in process, with the document request's cookie and
 * connection (so the same session, permissions and rate limits apply as to the page's own GETs).
 */
export function readsThroughApi(app: Hono<AppEnv>): NonNullable<SignedInDocumentsDeps['firstReads']> {
  return async (c, paths) => {
    const reads: Record<string, unknown> = {};
    const cookie = c.req.header('cookie') ?? '';
    await Promise.all(
      paths.map(async (path) => {
        const answer = await app.request(path, { headers: { cookie } }, c.env);
        // A renewed session cookie (the session read renews a day-old session) reaches the browser
        // with the document, as it would have with the page's own read.
        for (const setCookie of answer.headers.getSetCookie())
          c.header('Set-Cookie', setCookie, { append: true });
        const json = answer.headers.get('content-type')?.includes('application/json');
        if (answer.status !== 200 || !json) return;
        // An answer the API marks no-store (the money panel's) stays out of a document the browser
        // may keep, and the page asks for it itself, unless a view of it keeps nothing secret.
        const storable = !/no-store/i.test(answer.headers.get('cache-control') ?? '');
        const view = storable ? (body: unknown) => body : DOCUMENT_VIEWS[path];
        if (!view) return;
        const body = view(await answer.json());
        if (body !== undefined) reads[path] = body;
      }),
    );
    return reads;
  };
}

/**
 * GET /dashboard and GET /task/{id} as documents: index.html with the page's first screen already
 * in it (docs/decisions/0408), for a signed-in user, read through the same service calls as the
 * API the page then makes (GET /api/tasks?scope=mine, GET /api/tasks/{id}), so nobody sees in the
 * HTML what the API would not show them; and GET /task/{id} and GET /admin with the page's first
 * reads (decisions 0413, 0414). Anything else (signed out, an expert's or an admin's dashboard, a
 * task the user may not see, maintenance, a failed read) falls through to the plain index.html,
 * whose page then does what it always did.
 */
export function signedInDocuments({ deps, webRoot, userOf, firstReads }: SignedInDocumentsDeps) {
  const tasks = createTaskDetailsService({ db: deps.db, clock: deps.clock, reviews: taskReviewReads, changeRoundsOf });
  const lists = createTaskListsService(deps);
  let indexHtml: string | null = null;
  /** The build does not change under a running server: read it once. */
  const indexDocument = () => (indexHtml ??= readFileSync(resolve(webRoot, 'index.html'), 'utf8'));
  const documentWith = (shellHtml: string) => withPageShell(indexDocument(), shellHtml);
  /** The user, unless the page would not show its content to anyone now (maintenance mode). */
  const viewerOf = async (c: Context<AppEnv>) => {
    if (!c.req.header('cookie')) return null;
    const user = await userOf(c);
    if (!user || (await maintenanceModeOn(deps.db))) return null;
    return user;
  };

  const clientDashboard = async (c: Context<AppEnv>, next: Next) => {
    const shell = await viewerOf(c)
      .then(async (user) => {
        if (!user) return null;
        const me = await readMe(deps.db, user.id);
        if (!me || me.roles.isAdmin || me.roles.isExpert) return null;
        const query = listTasksQuerySchema.parse({ scope: 'mine', page: 1, pageSize: DASHBOARD_SHELL_CARDS });
        const list = await lists.list(user.id, query);
        return list.tasks.length > 0 ? clientDashboardShellHtml(list.tasks, BRAND_NAME) : null;
      })
      .catch(() => null);
    return shell ? c.html(documentWith(shell)) : next();
  };

  const task = async (c: Context<AppEnv>, next: Next) => {
    const id = idSchema.safeParse(c.req.param('id'));
    if (!id.success) return next();
    // The reads the task page makes as it starts, side by side with the shell's own: they are only
    // sent when the shell is (the API answers for whoever asks).
    const reads =
      firstReads && c.req.header('cookie')
        ? firstReads(c, taskPageFirstReads(id.data)).catch(() => ({}))
        : Promise.resolve({});
    const shell = await viewerOf(c)
      .then(async (user) => {
        if (!user) return null;
        // Throws "not found" for a task the user may not see: then there is no shell either.
        const details = await tasks.details(user.id, id.data);
        const capabilities = new Set(details.capabilities);
        const isOwner = details.client_id === user.id;
        return taskHeaderShellHtml(
          {
            title: details.title,
            status: details.status,
            budget_figure: details.budget_figure,
            showEdit: isOwner && capabilities.has('edit') && details.status === 'open',
            showCancel: capabilities.has('cancel'),
          },
          BRAND_NAME,
        );
      })
      .catch(() => null);
    if (!shell) {
      await reads;
      return next();
    }
    return c.html(withFirstReads(documentWith(shell), await reads));
  };

  /**
   * /admin on its overview: index.html with the page's first reads (decision 0414), for a user the
   * overview answers (an admin with two-factor sign-in). Another tab, or anyone else, gets the plain
   * index.html, as before.
   */
  const admin = async (c: Context<AppEnv>, next: Next) => {
    if (!firstReads || !c.req.header('cookie') || c.req.query('tab')) return next();
    const reads = await firstReads(c, ADMIN_OVERVIEW_FIRST_READS).catch(
      () => ({}) as Record<string, unknown>,
    );
    if (!(ADMIN_OVERVIEW_READ in reads)) return next();
    return c.html(withFirstReads(indexDocument(), reads));
  };

  return { clientDashboard, task, admin };
}
