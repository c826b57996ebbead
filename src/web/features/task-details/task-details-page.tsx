import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, SearchX } from 'lucide-react';
import { messages } from '@shared/messages';
import type { TaskDetailsDto } from '@shared/schemas/task-api';
import type { MeDto } from '@shared/schemas/me.schemas';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { api, ApiError } from '@web/lib/api';
import { useMe } from '@web/lib/session';
import { useTaskLiveUpdates } from '@web/lib/use-task-live';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ApplicationsSection } from './applications-section';
import { ApplyForm, MyApplication } from './apply-form';
import { APPLY_FORM_ID, InvitationNotice } from './invitation-notice';
import { AssignmentCard } from './assignment-card';
import { TaskChatSlot } from './chat-slot';
import { AdminHistory } from './admin-history';
import { CancellationsTimeline } from './cancellations-timeline';
import { EvidenceSection } from './evidence-section';
import { EvidenceUploadForm } from './evidence-upload-form';
import { RedeliverSection } from './changes/redeliver-section';
import { LateWorkPanel } from './late-work/late-work-panel';
import { NoAccessPanel } from './no-access/no-access-panel';
import { ClientCard } from './client-card';
import { ExpertCard } from './expert-card';
import { OffersPanel } from './offers/offers-panel';
import { PriceChangesPanel } from './price-changes/price-changes-panel';
import { OpenTaskAside, type OpenTaskViewer } from './open-task-aside';
import { TaskPaymentDialog, TaskPaymentSection } from './payment-slot';
import { ReviewSection } from './review-section';
import { ClientRatingLine, TwoWayReviews } from './two-way-reviews';
import { TaskHeader } from './task-header';
import { TaskInfoCard } from './task-info-card';
import { VisitSection } from './visit/visit-section';
import { TaskMoneyPanel } from './money/task-money-panel';
import { TipPanel } from './tip/tip-panel';
import { moneyViewerOf } from './money/money-viewer';
import { capabilitiesFor, errorText, taskPath, useTaskAction, useTaskQuery } from './task-query';
import { format } from '@shared/format-message';
import type { CreateApplicationInput } from '@shared/schemas/applications.schemas';

const detailsText = messages.taskPages.details;

/** /task/{taskId}: every section of the task for whoever may see it, refreshed after each change. */
export default function TaskDetailsPage() {
  const { taskId } = useParams();
  const { data: me } = useMe();
  const query = useTaskQuery(taskId, Boolean(me));
  useTaskLiveUpdates(taskId, Boolean(me));
  useDocumentTitle(query.data?.title);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label={detailsText.loading} />
      </div>
    );
  }
  if (query.isError) {
    const notFound =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    return <TaskProblem notFound={notFound} onRetry={notFound ? undefined : () => void query.refetch()} />;
  }
  return <TaskDetails task={query.data} me={me} />;
}

function TaskProblem({ notFound, onRetry }: { notFound: boolean; onRetry?: () => void }) {
  const Icon = notFound ? SearchX : AlertCircle;
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
      role={notFound ? undefined : 'alert'}
    >
      <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-xl font-semibold">
        {notFound ? messages.tasks.notFound : messages.tasks.detailsError}
      </h1>
      <div className="flex gap-2">
        {onRetry ? (
          <Button variant="outline" onClick={onRetry}>
            {messages.taskPages.dashboards.retry}
          </Button>
        ) : null}
        <Button asChild>
          <Link to="/dashboard">{detailsText.goBack}</Link>
        </Button>
      </div>
    </section>
  );
}

function TaskDetails({ task, me }: { task: TaskDetailsDto; me: MeDto | null | undefined }) {
  const [payment, setPayment] = useState<{ amountCents: number } | null>(null);
  const queryClient = useQueryClient();
  const capabilities = capabilitiesFor(task, me);
  const userId = me?.user.id;
  const isOwner = task.client_id === userId;
  const isAssignedExpert = task.expert_id !== null && task.expert_id === userId;
  const moneyViewer = moneyViewerOf(me, task);
  const myApplication = !isOwner
    ? task.applications.find((application) => application.expert_id === userId)
    : undefined;
  const apply = useTaskAction<CreateApplicationInput>({
    taskId: task.id,
    run: (input) => api.post(taskPath(task.id, '/applications'), input),
    success: () => messages.applications.applied,
    failure: (error) => format(messages.applications.applyFailed, { msg: errorText(error) }),
  });

  const showPayment = isOwner && task.expert_id !== null && task.status !== 'open';
  const showApplications =
    (isOwner || me?.roles.isAdmin) && (capabilities.has('view_applicants') || task.applications.length > 0);

  return (
    <article className="space-y-6" aria-labelledby="task-title">
      <TaskHeader task={task} capabilities={capabilities} isOwner={isOwner} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <TaskInfoCard task={task} />
          {showPayment ? <TaskPaymentSection task={task} /> : null}
          {/* Issue 51: after confirmation the client may thank the expert with a tip (7 days). */}
          {isOwner && task.expert && (task.status === 'verified' || task.status === 'completed') ? (
            <TipPanel taskId={task.id} expertName={task.expert.profile.first_name ?? messages.earnings.tip} />
          ) : null}
          {(isOwner || isAssignedExpert || me?.roles.isAdmin) && task.expert_id !== null && task.status !== 'open' ? (
            <VisitSection taskId={task.id} />
          ) : null}
          {capabilities.has('view_evidence') && task.submitted_at !== null ? (
            <EvidenceSection task={task} capabilities={capabilities} asAdmin={!isOwner && Boolean(me?.roles.isAdmin)} />
          ) : null}
          {isOwner || isAssignedExpert ? <LateWorkPanel task={task} isOwner={isOwner} /> : null}
          {(isOwner || isAssignedExpert || me?.roles.isAdmin) && task.expert_id !== null && task.status !== 'open' ? (
            <PriceChangesPanel taskId={task.id} />
          ) : null}
          {(isOwner || isAssignedExpert || me?.roles.isAdmin) && (task.status === 'no_access_reported' || task.status === 'disputed' || task.status === 'cancelled') && task.expert_id !== null ? (
            <NoAccessPanel task={task} isOwner={isOwner} />
          ) : null}
          {capabilities.has('submit_evidence') ? <EvidenceUploadForm taskId={task.id} /> : null}
          {capabilities.has('redeliver_evidence') ? <RedeliverSection taskId={task.id} /> : null}
          {showApplications ? (
            <ApplicationsSection
              task={task}
              capabilities={capabilities}
              asAdmin={!isOwner}
              onHired={(amountCents) => setPayment({ amountCents })}
            />
          ) : null}
          {me?.roles.isExpert && !isOwner && task.status === 'open' && !myApplication ? (
            <InvitationNotice taskId={task.id} canApply={capabilities.has('apply')} />
          ) : null}
          {capabilities.has('apply') && !myApplication ? (
            <div id={APPLY_FORM_ID} className="scroll-mt-20">
              <ApplyForm onApply={(input) => apply.mutateAsync(input)} />
            </div>
          ) : null}
          {myApplication && !isAssignedExpert ? (
            <MyApplication application={myApplication}>
              <OffersPanel taskId={task.id} applicationId={myApplication.id} open={myApplication.status === 'pending' && task.status === 'open'} />
            </MyApplication>
          ) : null}
          <ReviewSection task={task} capabilities={capabilities} />
          {(isOwner || isAssignedExpert) && (task.status === 'verified' || task.status === 'completed') ? (
            <TwoWayReviews task={task} />
          ) : null}
        </div>
        <div className="space-y-6">
          {moneyViewer ? <TaskMoneyPanel taskId={task.id} viewer={moneyViewer} /> : null}
          {me?.roles.isAdmin ? <AdminHistory taskId={task.id} /> : null}
          {isOwner || isAssignedExpert || me?.roles.isAdmin || myApplication ? <CancellationsTimeline taskId={task.id} /> : null}
          {isAssignedExpert ? <AssignmentCard task={task} capabilities={capabilities} /> : null}
          {/* The assigned expert sees who they work for, not a card about themselves. */}
          {isAssignedExpert ? (
            <ClientCard client={task.client} tasksPosted={task.client_tasks_posted} />
          ) : null}
          {task.client_rating && !isOwner ? <ClientRatingLine rating={task.client_rating} /> : null}
          {task.expert && !isAssignedExpert ? <ExpertCard expert={task.expert} /> : null}
          {task.status === 'open' ? (
            <OpenTaskAside task={task} viewer={openTaskViewer(isOwner, me, myApplication !== undefined)} />
          ) : null}
        </div>
      </div>
      <TaskChatSlot task={task} capabilities={capabilities} />
      <TaskPaymentDialog
        taskId={task.id}
        open={payment !== null}
        amountCents={payment?.amountCents ?? 0}
        onOpenChange={(open) => {
          if (open) return;
          setPayment(null);
          // Whatever happened in the dialog, the task's payment status may have changed.
          void queryClient.invalidateQueries({ queryKey: ['tasks'] });
        }}
      />
    </article>
  );
}

function openTaskViewer(isOwner: boolean, me: MeDto | null | undefined, hasApplied: boolean): OpenTaskViewer {
  if (isOwner) return 'owner';
  if (me?.roles.isAdmin) return 'admin';
  if (hasApplied) return 'applicant';
  return me?.roles.isExpert ? 'expert' : 'other';
}
