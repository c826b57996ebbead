import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { format } from '@shared/format-message';
import { countText } from '@shared/plural';
import { messages } from '@shared/messages';
import type { TaskMapPointsDto, TaskSearchDto } from '@shared/schemas/discovery.schemas';
import { TaskListCard } from '@web/components/task';
import { PagedList } from '@web/components/page-pager';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { api, ApiError } from '@web/lib/api';
import { SearchFilters } from './search-filters';
import { apiQuery, readSearchState, writeSearchState, type TaskSearchState } from './search-params';

const TaskMap = lazy(() => import('./task-map'));
const discoveryText = messages.discovery;
export const SEARCH_PAGE_SIZE = 20;

function Notice({ text, alert = false }: { text: string; alert?: boolean }) {
  return (
    <Card>
      <CardContent className="py-6 text-center text-sm text-muted-foreground" role={alert ? 'alert' : undefined}>
        {text}
      </CardContent>
    </Card>
  );
}

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : messages.tasks.fetchFailed);

/** "Find Tasks": the expert's search with filters in the address, as a paged list or a clustered map. */
export default function TaskSearchPage() {
  const [params, setParams] = useSearchParams();
  const state = readSearchState(params);
  const go = (next: TaskSearchState) => setParams(writeSearchState(next));
  const query = apiQuery(state, SEARCH_PAGE_SIZE);
  const list = useQuery({
    queryKey: ['tasks', 'search', query],
    queryFn: () => api.get<TaskSearchDto>('/api/search/tasks', query),
    enabled: state.view === 'list',
    placeholderData: keepPreviousData,
    retry: false,
  });
  const points = useQuery({
    queryKey: ['tasks', 'search-points', { ...query, page: 1 }],
    queryFn: () => api.get<TaskMapPointsDto>('/api/search/tasks/points', { ...query, page: undefined, pageSize: undefined }),
    enabled: state.view === 'map',
    retry: false,
  });
  const active = state.view === 'list' ? list : points;
  const total = state.view === 'list' ? list.data?.total : points.data?.total;
  const centre = (state.view === 'list' ? list.data : points.data)?.centre;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  // Without a chosen place the server searches near the expert's service location: the form shows it.
  const serviceLocation = !state.place && centre ? centre : null;
  // Remounting the form when the address changes keeps it in step with back/forward navigation.
  const formKey = params.toString();

  return (
    <section className="space-y-4" aria-labelledby="task-search-title">
      <h1 id="task-search-title" className="text-2xl font-semibold">
        {discoveryText.searchTitle}
      </h1>
      <SearchFilters key={formKey} state={state} onApply={go} serviceLocation={serviceLocation} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="text-sm text-muted-foreground" aria-live="polite">
          {total !== undefined ? (
            <p data-testid="search-count">
              {countText(total, { one: discoveryText.resultCountOne, other: discoveryText.resultCount }, { miles: state.radius })}
              {centre ? ` · ${format(discoveryText.nearPlace, { location: centre.label ?? state.place?.label ?? `${centre.latitude.toFixed(2)}, ${centre.longitude.toFixed(2)}` })}` : null}
            </p>
          ) : null}
        </div>
        <div role="group" aria-label={discoveryText.viewLabel} className="inline-flex gap-1">
          {(['list', 'map'] as const).map((view) => (
            <Button
              key={view}
              type="button"
              size="sm"
              variant={state.view === view ? 'default' : 'outline'}
              aria-pressed={state.view === view}
              onClick={() => go({ ...state, view, page: 1 })}
            >
              {view === 'list' ? discoveryText.listView : discoveryText.mapView}
            </Button>
          ))}
        </div>
      </div>
      {active.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={messages.shell.loading} />
        </div>
      ) : active.isError ? (
        <Notice text={errorText(active.error)} alert />
      ) : state.view === 'map' && points.data ? (
        <div className="space-y-2">
          {points.data.points.length < points.data.total ? (
            <p className="text-xs text-muted-foreground">{format(discoveryText.mapCapped, { shown: points.data.points.length, total: points.data.total })}</p>
          ) : null}
          <div className="relative h-[28rem] overflow-hidden rounded-lg border" role="region" aria-label={discoveryText.mapLabel} data-testid="task-search-map">
            <Suspense fallback={<Spinner label={messages.shell.loading} />}>
              <TaskMap points={points.data.points} centre={points.data.centre} radiusMiles={points.data.radius_miles} />
            </Suspense>
          </div>
        </div>
      ) : list.data && list.data.tasks.length === 0 ? (
        <Notice text={discoveryText.noResults} />
      ) : list.data ? (
        <PagedList
          label={discoveryText.searchTitle}
          items={list.data.tasks}
          renderItem={(item) => <TaskListCard task={item} />}
          page={state.page}
          pages={pages}
          onPage={(page) => go({ ...state, page })}
        />
      ) : null}
    </section>
  );
}
